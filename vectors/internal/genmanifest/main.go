// Command genmanifest writes vectors/manifest.txt (vectors.ManifestText);
// go generate runs it in vectors/.
package main

import (
	"log"
	"os"

	"github.com/xarchlab/xarch/vectors"
)

func main() {
	b, err := vectors.ManifestText(".")
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(vectors.ManifestFile, b, 0o644); err != nil {
		log.Fatal(err)
	}
}
