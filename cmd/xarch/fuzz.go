package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/xarchlab/xarch/fuzz"
	"github.com/xarchlab/xarch/report/html"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/validate"
)

// DefaultTestSeed is the seed `xarch test` fuzzes with unless told
// otherwise, so CI runs are reproducible.
const DefaultTestSeed = 1

// cmdFuzz runs the differential fuzzer: every implementation against the
// wasm oracle, under guard pages, misalignment, chunking and in place.
func cmdFuzz(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch fuzz", flag.ContinueOnError)
	var c common
	c.register(fs)
	c.registerABI(fs)
	impl := fs.String("impl", "", implHelp)
	cases := fs.Int("cases", 0, "cases per implementation (default: its edge lengths plus random ones; with --time: no limit)")
	seedStr := fs.String("seed", "", "case generator seed (default: from the clock; printed)")
	dur := fs.Duration("time", 0, "stop each (arch, model) pair after this long, e.g. 30s")
	caseIdx := fs.Int("case", -1, "run only this case number (a repro line)")
	variant := fs.String("variant", "", "with --case: only this variant (one, head, misalign, chunks, inplace)")
	length := fs.Int("len", -1, "with --case: cut the case's data to this many bytes")
	jobs := fs.Int("jobs", runtime.NumCPU(), "targets fuzzed in parallel")
	htmlOut := fs.String("html", "", "write the HTML matrix of the fuzz results to `FILE`")
	if err := c.parse(fs, args); err != nil {
		return 2, err
	}
	if err := validate.ImplFilter(*impl); err != nil {
		return 2, err
	}
	arches, err := c.resolve()
	if err != nil {
		return 2, err
	}
	seed := uint64(time.Now().UnixNano() % 1e9)
	if *seedStr != "" {
		if seed, err = strconv.ParseUint(*seedStr, 10, 64); err != nil {
			return 2, fmt.Errorf("--seed %q: not a non-negative integer", *seedStr)
		}
	}
	if *cases < 0 {
		return 2, fmt.Errorf("--cases must be positive")
	}
	if *dur < 0 {
		return 2, fmt.Errorf("--time %v: must be positive (or 0 for no limit)", *dur)
	}
	if (*variant != "" || *length >= 0) && *caseIdx < 0 {
		return 2, fmt.Errorf("--variant and --len need --case")
	}
	if err := validate.Variant(*variant, fuzz.VariantNames); err != nil {
		return 2, err
	}
	o := fuzz.Options{
		Arches: arches, Models: c.model, Impl: *impl, Mask: c.mask, ABI: c.abi, ABISeed: c.abiSeedFor(seed), Planted: c.planted, Seed: seed,
		Cases: *cases, Time: *dur, Case: *caseIdx, Variant: *variant, Len: *length,
		Jobs: *jobs, Timeout: c.timeout, CI: suite.IsCI(), Build: c.buildOptions(), Log: os.Stderr,
	}
	budget := "default budget (edges + random) per implementation"
	switch {
	case *caseIdx >= 0:
		budget = fmt.Sprintf("case %d only", *caseIdx)
	case *cases > 0 && *dur > 0:
		budget = fmt.Sprintf("%d cases per implementation or %s per target", *cases, *dur)
	case *cases > 0:
		budget = fmt.Sprintf("%d cases per implementation", *cases)
	case *dur > 0:
		budget = fmt.Sprintf("%s per target", *dur)
	}
	abiNote := ", ABI checks off"
	if c.abi {
		abiNote = fmt.Sprintf(", ABI seed %d", o.ABISeed)
	}
	fmt.Printf("xarch fuzz: arches %v, seed %d%s, %s\n", arches, seed, abiNote, budget)
	started := time.Now()
	rep, err := fuzz.Run(o)
	if err != nil {
		return 2, err
	}
	if err := validate.Matched(*impl, rep.Levels); err != nil {
		return 2, err
	}
	rep.Print(os.Stdout)
	if *htmlOut != "" {
		so := suite.Options{Arches: arches, Models: c.model, Impl: *impl, Mask: c.mask, Planted: c.planted}
		if err := html.WriteFuzz(*htmlOut, rep, so, started); err != nil {
			return 2, err
		}
	}
	if rep.Failed() {
		return 1, nil
	}
	return 0, nil
}
