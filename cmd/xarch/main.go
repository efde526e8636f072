// Command xarch is the host side of the cross-architecture kernel lab:
// it builds runners, launches them natively or under qemu-user, checks
// every implementation against NIST vectors and prints the matrix.
package main

import (
	"fmt"
	"os"
)

const usage = `xarch: test and time CPU-specific crypto kernels on every architecture.

Usage:
  xarch test  --arch ARCH|all [--model M[,M]] [--impl I] [--mask F] [--vectors DIR] [--timeout D] [--jobs N]
  xarch run   --arch ARCH [--model M] --impl I [--digest sha256|sha224] (--in HEX | --vector FILE:LINE) [--mct]
  xarch info  --arch ARCH|all [--model M] [--mask F]   (features and implementations each target reports)
  xarch models                                          (the CPU model table, ci/models.json)

Run 'xarch COMMAND -h' for a command's flags.
`

func main() {
	if len(os.Args) < 2 {
		fmt.Fprint(os.Stderr, usage)
		os.Exit(2)
	}
	var err error
	code := 0
	switch os.Args[1] {
	case "test":
		code, err = cmdTest(os.Args[2:])
	case "run":
		code, err = cmdRun(os.Args[2:])
	case "info":
		code, err = cmdInfo(os.Args[2:])
	case "models":
		code, err = cmdModels(os.Args[2:])
	case "-h", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "xarch: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "xarch:", err)
		if code == 0 {
			code = 2
		}
	}
	os.Exit(code)
}
