// Command xarch-runner is the target side of xarch: one static binary per
// architecture that serves framed requests on stdin/stdout (see package
// wire). It is built and launched by the host (`xarch`), natively or under
// qemu-user. `xarch-runner -info` prints its feature and kernel table.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/runner"
)

func main() {
	mask := flag.String("mask", os.Getenv("XARCH_MASK"), "comma-separated CPU features to turn off (or \"all\"); default $XARCH_MASK")
	force := flag.String("force", os.Getenv("XARCH_FORCE"), "comma-separated CPU features to treat as detected (the emulator runs them, the guest cannot see them); default $XARCH_FORCE")
	info := flag.Bool("info", false, "print the feature and implementation table as JSON and exit")
	abi := flag.Bool("abi", os.Getenv("XARCH_ABI") == "1", "call every kernel through the arch's ABI trampoline: a kernel that does not preserve what the calling convention says fails its request; default $XARCH_ABI=1")
	abiSeed := flag.String("abi-seed", os.Getenv("XARCH_ABI_SEED"), "seed of the values the ABI trampoline puts in registers (the host prints it and puts it in repro lines); default $XARCH_ABI_SEED, else from the clock")
	flag.Parse()
	s, err := runner.NewForced(*mask, *force)
	if err != nil {
		fmt.Fprintln(os.Stderr, "xarch-runner:", err)
		os.Exit(2)
	}
	s.SetABI(*abi)
	if *abiSeed != "" {
		seed, err := strconv.ParseUint(*abiSeed, 10, 64)
		if err != nil {
			fmt.Fprintf(os.Stderr, "xarch-runner: --abi-seed %q: not a non-negative integer\n", *abiSeed)
			os.Exit(2)
		}
		arch.SetABISeed(seed)
	}
	if *info {
		e := json.NewEncoder(os.Stdout)
		e.SetIndent("", "  ")
		e.Encode(s.Info())
		return
	}
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	err = s.Serve(in, flushWriter{out})
	if err != nil {
		fmt.Fprintln(os.Stderr, "xarch-runner:", err)
		os.Exit(3)
	}
}

// flushWriter flushes after every frame: requests may be pipelined, but the
// host waits on each answer.
type flushWriter struct{ w *bufio.Writer }

func (f flushWriter) Write(p []byte) (int, error) {
	n, err := f.w.Write(p)
	if err == nil {
		err = f.w.Flush()
	}
	return n, err
}
