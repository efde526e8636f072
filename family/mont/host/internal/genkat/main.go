// Command genkat writes the mont family's generated known answers
// (host.KATFiles) into vectors/xarch/rsa; go generate runs it from
// family/mont/host.
package main

import (
	"log"
	"os"
	"path/filepath"

	"github.com/xarchlab/xarch/family/mont/host"
)

func main() {
	files, err := host.KATFiles()
	if err != nil {
		log.Fatal(err)
	}
	dir := filepath.Join("..", "..", "..", "vectors", host.KATDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
}
