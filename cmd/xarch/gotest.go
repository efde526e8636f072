package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/gotest"
	"github.com/xarchlab/xarch/suite"
)

const gotestUsage = `Usage: xarch gotest [flags] [packages]

Runs the tests of Go packages (default ".") of the module in the current
directory (or -C DIR) on every selected arch, every selected CPU model of
ci/models.json (natively or under qemu-user) and every feature mask
(GODEBUG=cpu.<feature>=off). Flags may come before or after the packages.
With -bench, runs benchmarks natively under each mask instead and prints a
benchstat-style table per mask against no mask.

Arches: %s.

Flags:
`

// cmdGotest parses the flags of `xarch gotest` and prints what package
// gotest runs.
func cmdGotest(args []string) (int, error) {
	o := gotest.Options{Out: os.Stdout, Log: os.Stderr}
	var rf reportFlags
	fs := flag.NewFlagSet("xarch gotest", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprintf(fs.Output(), gotestUsage, gotestArchList()); fs.PrintDefaults() }
	fs.StringVar(&o.Dir, "C", "", "run in `DIR` (the module whose packages are tested)")
	arch := fs.String("arch", "", "architecture(s), comma-separated, or all (default: all gc arches of ci/models.json): "+gotestArchList())
	fs.StringVar(&o.Models, "model", "", "CPU model(s) from ci/models.json, comma-separated (default: each arch's default set)")
	fs.StringVar(&o.Mask, "mask", "", "feature masks, comma-separated: none, all, default (the derived set), or features joined by + (avx2+bmi2); default: none, each feature the package's code tests, all")
	fs.BoolVar(&o.Short, "short", false, "pass -test.short")
	fs.StringVar(&o.Run, "run", "", "pass -test.run `REGEXP`")
	fs.DurationVar(&o.Timeout, "timeout", 10*time.Minute, "per test binary run (-test.timeout; emulated runs are slow)")
	fs.IntVar(&o.Jobs, "jobs", runtime.NumCPU(), "runs in parallel")
	fs.StringVar(&o.Bench, "bench", "", "run benchmarks matching `REGEXP` natively under each mask (no tests)")
	fs.IntVar(&o.Count, "count", 6, "benchmark samples per mask (-bench); 6 is the least that gives a 95% range")
	fs.StringVar(&o.Benchtime, "benchtime", "200ms", "-test.benchtime of each sample (-bench)")
	fs.BoolVar(&o.List, "list", false, "print the cells (package, arch, model, mask) that would run, and stop (nothing is built)")
	fs.BoolVar(&o.NoProbe, "no-probe", false, "do not check emulated models with xarch's feature probes first")
	rf.register(fs)
	// Flags and packages in any order; "--" ends both, the rest goes to
	// the test binaries.
	rest := args
	for len(rest) > 0 {
		if err := fs.Parse(rest); err != nil {
			if err == flag.ErrHelp {
				return 0, nil
			}
			return 2, errUsage
		}
		rest = fs.Args()
		for len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
			o.Pkgs = append(o.Pkgs, rest[0])
			rest = rest[1:]
		}
		if len(rest) > 0 && rest[0] == "--" {
			o.Args = rest[1:]
			break
		}
	}
	if len(o.Pkgs) == 0 {
		o.Pkgs = []string{"."}
	}
	if o.Timeout <= 0 || o.Count < 1 || o.Jobs < 1 {
		return 2, fmt.Errorf("--timeout, --count and --jobs must be positive")
	}
	arches, err := gotest.Arches(*arch)
	if err != nil {
		return 2, err
	}
	o.Arches = arches
	if o.Dir != "" {
		d, err := filepath.Abs(o.Dir)
		if err != nil {
			return 2, err
		}
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return 2, fmt.Errorf("-C %s: not a directory", o.Dir)
		}
		o.Dir = d
	} else {
		o.Dir, _ = os.Getwd()
	}
	if err := rf.files.Check(); err != nil {
		return 2, err
	}
	o.Shard = rf.shard
	if o.Bench != "" {
		return gotest.Bench(o)
	}
	started := time.Now()
	rep, err := gotest.Run(o)
	if err != nil {
		return 2, err
	}
	if rep == nil { // --list printed the cells
		return 0, nil
	}
	gotest.Print(os.Stdout, rep)
	fmt.Printf("test binaries: %s\n", gotest.CacheDir(o.Dir))
	so := suite.Options{Arches: o.Arches, Models: o.Models, Impl: "gotest " + strings.Join(o.Pkgs, " "), Mask: o.Mask, Shard: o.Shard}
	if err := rf.files.Write(rep, so, started, nil); err != nil {
		return 2, err
	}
	if rep.Failed() {
		return 1, nil
	}
	return 0, nil
}

// gotestArchList names the arches of ci/models.json for the help: the gc
// ones gotest builds, and those it cannot.
func gotestArchList() string {
	table, err := ci.Load()
	if err != nil {
		return "(ci/models.json: " + err.Error() + ")"
	}
	var gc, other []string
	for _, a := range table.Arches {
		if a.CompilerName() == "gc" {
			gc = append(gc, a.Arch)
		} else {
			other = append(other, a.Arch+" ("+a.CompilerName()+")")
		}
	}
	s := strings.Join(gc, ", ")
	if len(other) > 0 {
		s += "; not " + strings.Join(other, ", ") + ": gotest cross-compiles with gc"
	}
	return s
}
