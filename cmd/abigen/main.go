// Command abigen writes the ABI trampoline's kernel table of one gc arch
// package (ARCHITECTURE.md, "ABI conformance"): abi_kernels_<goarch>.go,
// the table and one abiX per kernel X that calls X through the trampoline,
// and abi_kernels_<goarch>.s, the kernels' ABI0 entries in table order.
//
// A kernel is an assembly function X (a TEXT line in a .s file not built
// with xarch_planted) with a body-less Go declaration, that some Go file of
// the package calls as abiX: so a new kernel needs only its call site
//
//	if arch.ABICheck { abiX(args) } else { X(args) }
//
// and `go generate`. Probes, never called through the trampoline, stay out.
// Functions in abi_selftest_*.s are the trampoline's self-tests.
//
// Usage (from the package directory, as go:generate runs it):
//
//	go run ../../cmd/abigen            write the two files
//	go run ../../cmd/abigen -check     exit 1 if they are out of date
//
// sparc64 (gccgo, C symbols) keeps its hand-written table.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/xarchlab/xarch/internal/abigen"
)

func main() {
	check := flag.Bool("check", false, "report whether the files are up to date instead of writing them")
	dir := flag.String("dir", ".", "the arch package directory (arch/<goarch>)")
	flag.Parse()
	if err := run(*dir, *check); err != nil {
		fmt.Fprintln(os.Stderr, "abigen:", err)
		os.Exit(1)
	}
}

func run(dir string, check bool) error {
	files, err := abigen.Generate(dir)
	if err != nil {
		return err
	}
	stale := 0
	for _, f := range files {
		path := filepath.Join(dir, f.Name)
		if check {
			old, err := os.ReadFile(path)
			if err != nil || !bytes.Equal(old, f.Data) {
				fmt.Fprintf(os.Stderr, "abigen: %s is out of date: run `go generate ./%s`\n", path, filepath.ToSlash(dir))
				stale++
			}
			continue
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return err
		}
	}
	if stale > 0 {
		return fmt.Errorf("%d file(s) out of date", stale)
	}
	return nil
}
