// Package suite runs the correctness matrix: for every (arch, model) target
// and every implementation the runner offers, each vector file, and reports
// passed / failed / skipped with reasons, places and repro lines.
package suite

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/implselect"
	"github.com/xarchlab/xarch/internal/shell"
	"github.com/xarchlab/xarch/wire"
)

// Status of one result row.
type Status string

const (
	Passed  Status = "passed"
	Failed  Status = "failed"
	Skipped Status = "skipped"
	// NotEmulated: a feature probe showed the emulator computes the
	// feature's instructions wrongly, so the implementation was not judged.
	// Not a failure; see suite/probe.go.
	NotEmulated Status = "not emulated"
)

// Options select what to run.
type Options struct {
	Arches []string
	Models string // comma-separated model names; "" = the default set
	Impl   string // implementation selection (implselect); "" = all
	Mask   string
	// ABI runs every kernel through its arch's ABI trampoline (runner
	// --abi): a kernel that breaks the calling convention fails the case.
	ABI bool
	// ABISeed seeds the trampoline's register values (runner --abi-seed);
	// repro lines carry it.
	ABISeed    uint64
	VectorsDir string
	Planted    bool // build runners with the xarch_planted tag; planted levels run when Impl names them
	Timeout    time.Duration
	Jobs       int
	CI         bool // a missing emulator or toolchain fails instead of skipping
	Build      driver.BuildOptions
	Progress   Progress
	Shard      Shard // run only this shard's work units (see Shard)
	// EveryModel runs the vector files of levels that require no CPU
	// feature on every model, not once per runner and emulator (twins.go).
	EveryModel bool
	// EdgeSeed seeds the data of the kernel edge cases (edges.go).
	EdgeSeed uint64
	// Partial, if set, receives each target's results as it finishes,
	// so a run stopped by a signal can still report them.
	Partial *Partial
}

// Partial collects the results of finished cells while a run goes on.
type Partial struct {
	mu   sync.Mutex
	rep  Report
	live map[string][]Result // cells of targets still running
}

// Cell records one finished cell of a target that is still running.
func (p *Partial) Cell(target string, r Result) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.live == nil {
		p.live = map[string][]Result{}
	}
	p.live[target] = append(p.live[target], r)
}

// Add records a finished target's rows (vector or fuzz; target "" for
// rows with no Cell before them), which replace its cells.
func (p *Partial) Add(target string, res []Result, notes []string, probes []ProbeRow, emulators map[string]string, targets int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.live, target)
	p.rep.Results = append(p.rep.Results, res...)
	p.rep.Notes = append(p.rep.Notes, notes...)
	p.rep.Probes = append(p.rep.Probes, probes...)
	if p.rep.Emulators == nil {
		p.rep.Emulators = map[string]string{}
	}
	for k, v := range emulators {
		p.rep.Emulators[k] = v
	}
	if targets > p.rep.Targets {
		p.rep.Targets = targets
	}
}

// Snapshot is a copy of what finished so far, sorted as Run sorts.
func (p *Partial) Snapshot(arches []string) *Report {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.rep
	r.Results = append([]Result(nil), p.rep.Results...)
	for _, cells := range p.live {
		r.Results = append(r.Results, cells...)
	}
	r.Notes = append([]string(nil), p.rep.Notes...)
	r.Probes = append([]ProbeRow(nil), p.rep.Probes...)
	sortResults(r.Results, arches)
	SortProbes(r.Probes, arches)
	sort.Strings(r.Notes)
	r.Stamp()
	return &r
}

// Progress receives progress events; nil means none.
type Progress interface {
	Start(total int)
	Step(label string)
	Finish()
}

// Failure is one failing case.
type Failure struct {
	Where string // file:line of the vector, or the case description
	Msg   string
	Repro string // a one-line command that reproduces it
}

// Result is one (target, implementation, vector file) cell, or a whole
// target or implementation when it did not run.
type Result struct {
	Arch, Model, Impl, File string
	Status                  Status
	Cases, Passed           int
	Reason                  string // why skipped, or the failure summary
	Failures                []Failure
	Elapsed                 time.Duration
	// Emulator is what ran the target: "qemu 10.0.2", "native" (filled
	// in from Report.Emulators by Report.Stamp).
	Emulator string
	// RanOn: a skipped vector file that ran on this target instead, the
	// twin with the same runner, emulator and code (twins.go).
	RanOn string
}

// Report is the outcome of a run.
type Report struct {
	Results []Result
	Notes   []string // feature mismatches and other remarks
	Probes  []ProbeRow
	Targets int
	Wall    time.Duration
	// Emulators maps "arch/model" (Target.String()) to the emulator that
	// ran it (EmulatorOf).
	Emulators map[string]string
	// Levels are the implementations the started runners have (planted
	// ones only with Planted), sorted: what --impl could have matched.
	Levels []string
}

// AddLevels merges a runner's implementation names into Levels.
func (r *Report) AddLevels(info wire.Info, planted bool) {
	seen := map[string]bool{}
	for _, l := range r.Levels {
		seen[l] = true
	}
	for _, im := range info.Impls {
		if (!im.Planted || planted) && !seen[im.Name] {
			seen[im.Name] = true
			r.Levels = append(r.Levels, im.Name)
		}
	}
	sort.Strings(r.Levels)
}

// EmulatorOf names what runs a target: "native", the qemu version, or
// "QEMU <gen> (not installed)".
func EmulatorOf(t driver.Target) string {
	switch {
	case t.Qemu == "" && t.Gen == "":
		return "native"
	case t.Emulator != "":
		return t.Emulator
	}
	return "QEMU " + t.Gen + " (not installed)"
}

// Stamp fills every result's Emulator from Emulators.
func (r *Report) Stamp() {
	for i := range r.Results {
		if e, ok := r.Emulators[r.Results[i].Arch+"/"+r.Results[i].Model]; ok {
			r.Results[i].Emulator = e
		}
	}
}

// Failed reports whether any result failed.
func (r *Report) Failed() bool {
	for _, res := range r.Results {
		if res.Status == Failed {
			return true
		}
	}
	return false
}

// Run executes the matrix.
func Run(o Options) (*Report, error) {
	start := time.Now()
	if o.Planted && !hasTag(o.Build.Tags, "xarch_planted") {
		o.Build.Tags = append(append([]string{}, o.Build.Tags...), "xarch_planted")
	}
	plans, err := driver.Plan(driver.PlanOptions{Arches: o.Arches, Models: o.Models, Mask: o.Mask, ABI: o.ABI, ABISeed: o.ABISeed, CI: o.CI, Build: o.Build, Evidence: true})
	if err != nil {
		return nil, err
	}
	rep := &Report{Targets: len(plans), Emulators: map[string]string{}}
	notes, err := auditVectors(o)
	if err != nil {
		return nil, err
	}
	rep.Notes = append(rep.Notes, notes...)
	for _, p := range plans {
		rep.Emulators[p.Target.String()] = EmulatorOf(p.Target)
	}
	o.Partial.Add("", nil, nil, nil, rep.Emulators, rep.Targets)
	if o.Progress != nil {
		o.Progress.Start(len(plans))
	}
	var mu sync.Mutex
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	home := homes(plans)
	work := make(chan int) // plan indexes, in driver.Schedule order
	var wg sync.WaitGroup
	for i := 0; i < jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				p := plans[i]
				res, notes, probes, info := runTarget(o, p, home[i])
				res = o.Shard.keep(res)
				mu.Lock()
				if info != nil {
					rep.AddLevels(*info, o.Planted)
				}
				o.Partial.Add(p.Target.String(), res, notes, probes, rep.Emulators, rep.Targets)
				rep.Results = append(rep.Results, res...)
				rep.Notes = append(rep.Notes, notes...)
				rep.Probes = append(rep.Probes, probes...)
				if o.Progress != nil {
					o.Progress.Step(p.Target.String())
				}
				mu.Unlock()
			}
		}()
	}
	for _, i := range driver.Schedule(plans) {
		work <- i
	}
	close(work)
	wg.Wait()
	if o.Progress != nil {
		o.Progress.Finish()
	}
	ev, evNotes := opensslEvidence(plans, rep.Results) // suite/openssl.go
	for _, r := range ev {
		if o.Shard.HasProviders(r.Arch, r.Model) {
			rep.Results = append(rep.Results, r)
		}
	}
	rep.Results = judgeReports(o, plans, rep.Results)
	rep.Notes = append(rep.Notes, evNotes...)
	sortResults(rep.Results, o.Arches)
	SortProbes(rep.Probes, o.Arches)
	sort.Strings(rep.Notes)
	rep.Stamp()
	rep.Wall = time.Since(start)
	return rep, nil
}

func sortResults(rs []Result, arches []string) {
	order := map[string]int{}
	for i, a := range arches {
		order[a] = i
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.Arch != b.Arch {
			return order[a.Arch] < order[b.Arch]
		}
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		if a.Impl != b.Impl {
			return a.Impl < b.Impl
		}
		return a.File < b.File
	})
}

// Selects reports whether --impl (and --planted) select a level.
func (o Options) Selects(im wire.ImplInfo) bool {
	return implselect.Match(o.Impl, o.Planted, im.Name, im.Planted)
}

// runTarget runs every selected implementation on one target; home, when
// set, is where its model-independent levels' vector files run (twins.go).
func runTarget(o Options, p driver.Planned, home string) (_ []Result, notes []string, _ []ProbeRow, _ *wire.Info) {
	t := p.Target
	base := Result{Arch: t.Arch, Model: t.Model, Impl: "*"}
	if p.OpenSSL != nil {
		// A model's provider levels are one unit of a shard partition
		// (HasProviders). Its skip row names the level, so the rows of
		// several skipped levels of one model stay apart.
		if !o.Shard.HasProviders(t.Arch, t.Model) {
			return nil, nil, nil, nil
		}
		o.Shard = Shard{}
		base.File = p.OpenSSL.Name
	}
	switch {
	case p.Skip != "":
		base.Status, base.Reason = Skipped, p.Skip
		return []Result{base}, nil, nil, nil
	case p.Fail != "":
		base.Status, base.Reason = Failed, p.Fail
		return []Result{base}, nil, nil, nil
	}
	sess, err := driver.NewSession(t, o.Timeout)
	if err != nil {
		base.Status, base.Reason = Failed, "cannot start runner: "+err.Error()
		return []Result{base}, nil, nil, nil
	}
	defer sess.Close()
	info := sess.Info()
	if mm := p.Model.Mismatch(info.Detected); mm != "" {
		notes = append(notes, fmt.Sprintf("%s: model table mismatch: %s (ci/models.json)", t, mm))
	}
	verdicts, probes := probeTarget(o, sess, t, info)
	var memFails []Result
	if memProbeWanted(o, info) {
		var memRows []ProbeRow
		_, memRows, memFails = MemProbeTarget(sess, t, p.Model, info, o.Timeout)
		probes = append(probes, memRows...)
	}
	var abi abiTally
	// A provider level calls no xarch kernel (its C code has no trampoline),
	// so its runner's "0 of 0 kernels checked" would say nothing.
	if o.ABI && p.OpenSSL == nil {
		defer func() {
			if note := abi.note(t); note != "" {
				notes = append(notes, note)
			}
		}()
	}
	var edges edgeTally
	defer func() {
		if note := edges.note(t); note != "" {
			notes = append(notes, note)
		}
	}()
	out := append([]Result(nil), memFails...)
	seen := false
	for _, im := range info.Impls {
		if !o.Selects(im) || !driver.ServedHere(info, im.Name) {
			continue
		}
		seen = true
		var suites []algs.VectorSuite
		if spec, ok := algs.Lookup(im.Alg); ok {
			suites = spec.Suites
		}
		if len(suites) == 0 {
			out = append(out, Result{Arch: t.Arch, Model: t.Model, Impl: im.Name, Status: Skipped,
				Reason: "no vector suite for algorithm " + im.Alg})
			continue
		}
		if st, why, ok := probeStatus(verdicts, t, im); ok {
			out = append(out, Result{Arch: t.Arch, Model: t.Model, Impl: im.Name, Status: st, Reason: why})
			continue
		}
		if why := skipReason(t, im); why != "" {
			out = append(out, Result{Arch: t.Arch, Model: t.Model, Impl: im.Name, Status: Skipped, Reason: why})
			continue
		}
		for _, vs := range suites {
			for _, f := range vs.Files {
				if !o.Shard.Has(t.Arch, t.Model, im.Name, f) {
					continue
				}
				if home != "" && !o.EveryModel && !vs.Synthetic && (modelIndependent(im) || opensslTwin(p, im.Alg)) {
					out = append(out, Result{Arch: t.Arch, Model: t.Model, Impl: im.Name, File: f, Status: Skipped,
						RanOn: home, Reason: ranOnReason(home)})
					continue
				}
				run, ok := judges[vs.Kind]
				if !ok {
					out = append(out, Result{Arch: t.Arch, Model: t.Model, Impl: im.Name, File: f, Status: Failed,
						Reason: "the suite does not know vector suite kind " + vs.Kind})
					continue
				}
				res := run(sess, Env{Opts: o, Target: t, Impl: im.Name, Dir: o.VectorsDir}, vs, f)
				res.Arch, res.Model, res.Impl, res.File = t.Arch, t.Model, im.Name, f
				out = append(out, res)
				o.Partial.Cell(t.String(), res)
			}
		}
		if len(im.Edges) > 0 && o.Shard.Has(t.Arch, t.Model, im.Name, EdgesFile) {
			env := Env{Opts: o, Target: t, Impl: im.Name, Dir: o.VectorsDir}
			res := RunEdges(sess, im, o.EdgeSeed, func(edge string) string { return env.Repro(EdgeRepro(edge, o.EdgeSeed)) })
			res.Arch, res.Model = t.Arch, t.Model
			out = append(out, res)
			o.Partial.Cell(t.String(), res)
			edges.add(res)
		}
		if o.ABI {
			abi.collect(sess)
		}
	}
	// The named rows of a provider level (openssl_reports.go).
	out = append(out, reportCases(o, sess, p, info)...)
	if !seen && o.Impl != "" && p.OpenSSL == nil { // a provider level serves only its own names
		var names []string
		for _, im := range info.Impls {
			names = append(names, im.Name)
		}
		out = append(out, Result{Arch: t.Arch, Model: t.Model, Impl: o.Impl, Status: Skipped,
			Reason: "no implementation matches --impl here (available: " + strings.Join(names, ", ") + ")"})
	}
	return out, notes, probes, &info
}

// skipReason says why an implementation does not run on a target.
func skipReason(t driver.Target, im wire.ImplInfo) string {
	if im.NeedsHardware != "" && t.Qemu != "" {
		return "needs hardware: " + im.NeedsHardware
	}
	if !im.Usable {
		return im.Why
	}
	return ""
}

// Env is what a vector suite needs to run and to write repro lines.
type Env struct {
	Opts   Options
	Target driver.Target
	Impl   string
	Dir    string // the vectors directory
}

// Repro builds the `xarch run` command line for one input.
func (e Env) Repro(extra string) string {
	s := fmt.Sprintf("xarch run --arch %s --model %s --impl %s", e.Target.Arch, shell.Quote(e.Target.Model), shell.Quote(e.Impl))
	if ossl := e.Opts.Build.OpenSSL; ossl != "" && strings.Contains(ossl, "=") {
		s += " --openssl " + shell.Quote(ossl) // a user's prefix; installed ones are found by name
	}
	if e.Opts.Mask != "" {
		s += " --mask " + shell.Quote(e.Opts.Mask)
	}
	if e.Opts.Planted {
		s += " --planted"
	}
	if !e.Opts.ABI {
		s += " --abi=false"
	} else if e.Opts.ABISeed != 0 {
		s += fmt.Sprintf(" --abi-seed %d", e.Opts.ABISeed)
	}
	return s + " " + extra
}

// OpArgs is the generic `xarch run` spelling of one input: --op NAME, a
// --param NAME=HEX per non-empty param, --in HEX and --pieces when cut.
func OpArgs(op string, names []string, params [][]byte, in []byte, pieces string) string {
	s := "--op " + op
	for i, p := range params {
		if len(p) > 0 {
			s += fmt.Sprintf(" --param %s=%x", names[i], p)
		}
	}
	if pieces != "" {
		s += " --pieces " + pieces
	}
	return s + fmt.Sprintf(" --in '%x'", in)
}

// IsCI reports whether the environment says we run in CI.
func IsCI() bool { return os.Getenv("CI") == "true" || os.Getenv("CI") == "1" }

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}
