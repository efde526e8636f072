package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/fuzz"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/validate"
)

func cmdTest(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch test", flag.ContinueOnError)
	c := common{opensslDefault: "installed"} // the installed OpenSSL levels by default
	c.register(fs)
	c.registerABI(fs)
	impl := fs.String("impl", "", implHelp)
	jobs := fs.Int("jobs", runtime.NumCPU(), "targets run in parallel")
	noProgress := fs.Bool("no-progress", false, "no progress bar (it is shown only when stderr is a terminal)")
	fuzzCases := fs.Int("fuzz-cases", 0, "differential cases per implementation after the vectors (0: the default budget, -1: none)")
	fuzzSeed := fs.Uint64("seed", DefaultTestSeed, "seed of the differential cases")
	everyModel := fs.Bool("every-model", false, "run the vector files of levels that require no CPU feature on every model (default: once per arch and emulator, since every model runs the same code; the other models run their edge suites and fuzz cases and report each file SKIPPED with the target it ran on)")
	var rf reportFlags // --shard, --junit, --json (report.go)
	rf.register(fs)
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
	if err := rf.files.Check(); err != nil {
		return 2, err
	}
	o := suite.Options{
		Arches: arches, Models: c.model, Impl: *impl, Mask: c.mask, ABI: c.abi, ABISeed: c.abiSeedFor(*fuzzSeed), VectorsDir: c.vectors,
		Planted: c.planted, Timeout: c.timeout, Jobs: *jobs, CI: suite.IsCI(), Build: c.buildOptions(),
		EveryModel: *everyModel, EdgeSeed: *fuzzSeed,
	}
	o.Shard = rf.shard
	rf.files.Seed, rf.files.FuzzCases = *fuzzSeed, *fuzzCases
	if !*noProgress && term.IsTerminal(int(os.Stderr.Fd())) {
		o.Progress = &bar{}
	}
	fmt.Printf("xarch test: arches %v, vectors %s", arches, c.vectors)
	if c.mask != "" {
		fmt.Printf(", mask %s", c.mask)
	}
	if !c.abi {
		fmt.Printf(", ABI checks off")
	} else {
		fmt.Printf(", ABI seed %d", o.ABISeed)
	}
	if c.openssl != "" {
		fmt.Printf(", openssl %s", c.openssl)
	}
	if o.Shard.Count > 0 {
		fmt.Printf(", shard %s", o.Shard)
	}
	fmt.Println()
	started := time.Now()
	o.Partial = &suite.Partial{}
	driver.OnInterrupt(func(sig syscall.Signal) { saveInterrupted(&rf, o, arches, started, sig) })
	rep, err := suite.Run(o)
	if err == nil {
		if err := validate.Matched(*impl, rep.Levels); err != nil {
			return 2, err
		}
	}
	if err == nil && *fuzzCases >= 0 {
		// Differential cases after the vectors, in the same matrix rows.
		err = fuzz.AfterVectors(rep, o, *fuzzCases, *fuzzSeed, os.Stderr)
	}
	if rep != nil {
		// Before the files and whatever failed after the vectors: a write
		// or fuzz setup error loses no result that already ran.
		rep.Print(os.Stdout)
	}
	if werr := rf.files.Write(rep, o, started, err); werr != nil {
		return 2, werr
	}
	if err != nil {
		return 2, err
	}
	if rep.Failed() {
		return 1, nil
	}
	return 0, nil
}

// saveInterrupted prints and writes the cells that finished before a
// signal stopped the run, marked incomplete.
func saveInterrupted(rf *reportFlags, o suite.Options, arches []string, started time.Time, sig syscall.Signal) {
	rep := o.Partial.Snapshot(arches)
	rep.Wall = time.Since(started)
	rep.Print(os.Stdout)
	rf.files.Incomplete = fmt.Sprintf("stopped by %s; %d result cell(s) of finished targets kept, the rest did not finish", driver.SignalName(sig), len(rep.Results))
	if err := rf.files.Write(rep, o, started, nil); err != nil {
		fmt.Fprintln(os.Stderr, "xarch:", err)
	}
}

// bar is the progress display: one step per (arch, model) target.
type bar struct{ b *progressbar.ProgressBar }

func (p *bar) Start(total int) {
	p.b = progressbar.NewOptions(total,
		progressbar.OptionSetWriter(os.Stderr),
		progressbar.OptionSetDescription("targets"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionClearOnFinish())
}

func (p *bar) Step(label string) {
	p.b.Describe("done " + label)
	p.b.Add(1)
}

func (p *bar) Finish() { p.b.Finish() }
