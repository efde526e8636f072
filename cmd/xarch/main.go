// Command xarch is the host side of the cross-architecture kernel lab:
// it builds runners, launches them natively or under qemu-user, checks
// every implementation against NIST vectors and prints the matrix.
package main

import (
	"fmt"
	_ "github.com/xarchlab/xarch/family/all/host" // every family's spec and judging
	"os"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/validate"
)

const usage = `xarch: test and time CPU-specific crypto kernels on every architecture.

Usage:
  xarch test  --arch ARCH|all [--model M[,M]] [--impl I] [--mask F] [--vectors DIR] [--timeout D] [--jobs N]
              [--shard i/N] [--junit FILE] [--json FILE] [--html FILE] [--fuzz-cases N] [--seed S]
  xarch run   --arch ARCH [--model M] --impl I --op OP [--param NAME=HEX ...] (--in HEX | --vector FILE:LINE)
              [--pieces 1,15] [--mct]                    (one input of one op; every repro line is one)
  xarch fuzz  --arch ARCH|all [--model M] [--impl I] [--cases N] [--seed S] [--time D] [--planted]
              [--case N [--variant V] [--len L]]      (differential fuzzing against the wasm oracle)
  xarch info  --arch ARCH|all [--model M] [--mask F]   (features and implementations each target reports)
  xarch models                                          (the CPU model table, ci/models.json)
  xarch speed [--alg A] [--impl I] [--count N] [--json F] [--tune IMPL:NAME=V1,V2]   (openssl-speed style timing)
  xarch speed compare BASE.json [NEW.json]              (per size diff % with significance, geomean)
  xarch gotest [-C DIR] [--arch A] [--model M] [--mask M] [--shard i/N] [--json F] [--junit F] [-bench RE] [packages]
                                                        (any Go module's tests across arches, models and feature masks)
  xarch matrix [--shards N] [--arch A] [--format json|lines]   (the CI job matrix: arch x model x shard)
  xarch report merge|show|list|html|summary FILE.json...   (shard reports; HTML page; job summary; xarch report -h)
  xarch cache clean|dir                                 (the build cache: runners, oracle module, wazero code)

Run 'xarch COMMAND -h' for a command's flags.
`

func main() {
	driver.HandleSignals()
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
	case "fuzz":
		code, err = cmdFuzz(os.Args[2:])
	case "info":
		code, err = cmdInfo(os.Args[2:])
	case "models":
		code, err = cmdModels(os.Args[2:])
	case "speed":
		code, err = cmdSpeed(os.Args[2:])
	case "gotest":
		code, err = cmdGotest(os.Args[2:])
	case "matrix":
		code, err = cmdMatrix(os.Args[2:])
	case "report":
		code, err = cmdReport(os.Args[2:])
	case "cache":
		code, err = cmdCache(os.Args[2:])
	case "-h", "--help", "help":
		fmt.Print(usage)
		return
	default:
		fmt.Fprintf(os.Stderr, "xarch: unknown command %q\n\n%s", os.Args[1], usage)
		os.Exit(2)
	}
	driver.WaitIfInterrupted() // the signal handler reports and exits
	if validate.Is(err) && code == 1 {
		code = 2
	}
	if err != nil && err != errUsage {
		fmt.Fprintln(os.Stderr, "xarch:", err)
		if code == 0 {
			code = 2
		}
	}
	if err == errUsage && code == 0 {
		code = 2
	}
	os.Exit(code)
}
