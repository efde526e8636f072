package fuzz

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/implselect"
	"github.com/xarchlab/xarch/internal/shell"
	"github.com/xarchlab/xarch/oracle"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

// Options select targets, implementations and the budget.
type Options struct {
	Arches  []string
	Models  string // comma-separated; "" = each arch's default set
	Impl    string // implementation selection (implselect); "" = all
	Mask    string
	ABI     bool   // kernels through the ABI trampoline (runner --abi)
	ABISeed uint64 // its register values' seed (runner --abi-seed); repro lines carry it
	Planted bool   // runners built with xarch_planted; planted levels run when Impl names them
	Seed    uint64
	// Cases per implementation. 0: each implementation's default budget
	// (Gen.Budget), or no limit when Time is set.
	Cases int
	// Time bounds the fuzzing of each target (0: none).
	Time time.Duration
	// Case >= 0 runs that one case only (a repro), optionally only Variant
	// and truncated to Len bytes (Len >= 0).
	Case    int
	Variant string
	Len     int
	Jobs    int
	Timeout time.Duration // per request
	CI      bool          // a missing emulator or toolchain fails instead of skipping
	Build   driver.BuildOptions
	Oracle  *oracle.Oracle // nil: opened (and closed) by Run
	// Keep, if set, says whether this run owns an implementation on a
	// target (sharding); the others are left out silently.
	Keep  func(arch, model, impl string) bool
	Quiet bool // leave skipped targets and implementations out of Results
	// EveryModel fuzzes OpenSSL levels on every model (xarch test
	// --every-model); by default a twin leaves its cases to its home.
	EveryModel bool
	Log        io.Writer // one line per finished target; nil: none
	// OracleLog hears about the reference module's builds and repairs
	// (nil: Log).
	OracleLog io.Writer
	// Partial, if set, receives each target's results as it finishes.
	Partial *suite.Partial
}

// TargetStat is one (arch, model) pair's throughput.
type TargetStat struct {
	Arch, Model string
	Impls       int
	Cases       int
	Elapsed     time.Duration
	Restarts    int
	Skip, Fail  string
}

// CasesPerSec is the pair's throughput.
func (t TargetStat) CasesPerSec() float64 {
	if t.Elapsed <= 0 {
		return 0
	}
	return float64(t.Cases) / t.Elapsed.Seconds()
}

// Report is the outcome of a fuzz run.
type Report struct {
	Seed     uint64
	Results  []suite.Result // one per (target, implementation); File is "fuzz (seed S)"
	Targets  []TargetStat
	Failures []*Failure
	Oracle   oracle.Stats
	Notes    []string
	// Probes: the memory-operand probes' rows (suite.MemProbeTarget), one
	// set per target; printed as PROBES.
	Probes []suite.ProbeRow
	Arches []string // the order rows are printed in
	Wall   time.Duration
	// Levels are the implementations the started runners have (as
	// suite.Report.Levels): what --impl could have matched.
	Levels []string
}

// Failed reports whether any implementation failed.
func (r *Report) Failed() bool {
	for _, res := range r.Results {
		if res.Status == suite.Failed {
			return true
		}
	}
	return false
}

// expectMemo caches the oracle's answers (as SHA-256 of the expected
// output) for a case stream, shared by every target. It holds at most
// 2*memoGeneration entries: when the current generation fills, it becomes
// the previous one and the oldest is dropped, so a fuzz run of any length
// keeps bounded memory; targets that run the same stream side by side stay
// within a generation of each other and still share answers.
type expectMemo struct {
	mu        sync.Mutex
	cur, prev map[memoKey][32]byte
	limit     int // entries per generation
}

// memoKey names a case of a stream; sig is shared by all of a stream's
// keys (implRun.sig), so an entry costs its key and sum, not a string.
type memoKey struct {
	sig string
	i   int
}

// memoGeneration bounds the memo: 2 * 65536 entries of about 80 bytes.
const memoGeneration = 1 << 16

func newExpectMemo(limit int) *expectMemo {
	return &expectMemo{cur: map[memoKey][32]byte{}, limit: limit}
}

func (m *expectMemo) get(key memoKey) ([32]byte, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if sum, ok := m.cur[key]; ok {
		return sum, true
	}
	sum, ok := m.prev[key]
	return sum, ok
}

func (m *expectMemo) put(key memoKey, sum [32]byte) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.cur) >= m.limit {
		m.prev, m.cur = m.cur, make(map[memoKey][32]byte, m.limit)
	}
	m.cur[key] = sum
}

// size is the number of answers held.
func (m *expectMemo) size() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.cur) + len(m.prev)
}

// Run fuzzes every selected implementation on every selected target.
func Run(o Options) (*Report, error) {
	start := time.Now()
	if o.Planted && !hasTag(o.Build.Tags, "xarch_planted") {
		o.Build.Tags = append(append([]string{}, o.Build.Tags...), "xarch_planted")
	}
	if o.Timeout <= 0 {
		o.Timeout = 60 * time.Second
	}
	// The oracle starts while the runners are built (or found in the cache).
	type opened struct {
		or  *oracle.Oracle
		err error
	}
	orc := make(chan opened, 1)
	if o.Oracle != nil {
		orc <- opened{o.Oracle, nil}
	} else {
		go func() {
			log := o.OracleLog
			if log == nil {
				log = o.Log
			}
			or, err := oracle.Open(oracle.Options{CacheDir: o.Build.CacheDir, Log: log})
			orc <- opened{or, err}
		}()
	}
	// drain closes the oracle when Run gives up before using it.
	drain := func(err error) error {
		if o.Oracle == nil {
			if op := <-orc; op.or != nil {
				op.or.Close()
			}
		}
		return err
	}
	planned, err := driver.Plan(driver.PlanOptions{Arches: o.Arches, Models: o.Models, Mask: o.Mask, ABI: o.ABI, ABISeed: o.ABISeed, CI: o.CI, Build: o.Build})
	if err != nil {
		return nil, drain(err)
	}
	homes := suite.Homes(planned)
	var plans []TargetStat
	var targets []driver.Target
	var models []ci.Model
	for _, p := range planned {
		plans = append(plans, TargetStat{Arch: p.Target.Arch, Model: p.Target.Model, Skip: p.Skip, Fail: p.Fail})
		targets = append(targets, p.Target)
		models = append(models, p.Model)
	}

	op := <-orc
	if op.err != nil {
		return nil, op.err
	}
	or := op.or
	if o.Oracle == nil {
		defer or.Close()
	}
	rep := &Report{Seed: o.Seed}
	memo := newExpectMemo(memoGeneration)
	jobs := o.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	type done struct {
		i      int
		st     TargetStat
		res    []suite.Result
		fails  []*Failure
		notes  []string
		probes []suite.ProbeRow
		info   *wire.Info
	}
	work := make(chan int)
	out := make(chan done)
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				tr := &targetRun{o: o, t: targets[i], model: models[i], plan: planned[i], home: homes[i], st: plans[i], or: or, memo: memo}
				tr.run()
				out <- done{i, tr.st, tr.results, tr.failures, tr.notes, tr.probes, tr.info}
			}
		}()
	}
	go func() {
		for _, i := range driver.Schedule(planned) {
			work <- i
		}
		close(work)
		wg.Wait()
		close(out)
	}()
	all := make([]done, len(plans))
	for d := range out {
		all[d.i] = d
		o.Partial.Add("", d.res, d.notes, d.probes, nil, 0)
		if o.Log != nil {
			fmt.Fprintln(o.Log, d.st.line())
		}
	}
	var levels suite.Report
	for _, d := range all {
		if d.info != nil {
			levels.AddLevels(*d.info, o.Planted)
		}
		rep.Targets = append(rep.Targets, d.st)
		rep.Results = append(rep.Results, d.res...)
		rep.Failures = append(rep.Failures, d.fails...)
		rep.Notes = append(rep.Notes, d.notes...)
		rep.Probes = append(rep.Probes, d.probes...)
	}
	rep.Levels = levels.Levels
	rep.Arches = o.Arches
	rep.Oracle = or.Stats()
	rep.Wall = time.Since(start)
	return rep, nil
}

func (st TargetStat) line() string {
	switch {
	case st.Fail != "":
		return fmt.Sprintf("fuzz %s/%s: FAILED: %s", st.Arch, st.Model, st.Fail)
	case st.Skip != "":
		return fmt.Sprintf("fuzz %s/%s: skipped: %s", st.Arch, st.Model, st.Skip)
	}
	return fmt.Sprintf("fuzz %s/%s: %d implementations, %d cases in %s (%.0f cases/s)", st.Arch, st.Model, st.Impls,
		st.Cases, st.Elapsed.Round(10*time.Millisecond), st.CasesPerSec())
}

// targetRun fuzzes one (arch, model) pair.
type targetRun struct {
	o     Options
	t     driver.Target
	model ci.Model
	plan  driver.Planned
	// home: where the OpenSSL twins of this target run their cases ("":
	// here), as their vector files do (suite.Homes).
	home string
	// excuses: forms whose memory-operand probe shows the emulator, not
	// the kernel, faults there (suite.MemProbeTarget).
	excuses  suite.MemExcuses
	st       TargetStat
	or       *oracle.Oracle
	memo     *expectMemo
	sess     *driver.Session
	results  []suite.Result
	failures []*Failure
	notes    []string
	probes   []suite.ProbeRow
	info     *wire.Info // the runner's hello, once it started
}

// implRun is one implementation's progress on the target.
type implRun struct {
	info    wire.ImplInfo
	gen     *Gen
	sig     string // gen.Sig(), once
	limit   int    // case numbers below this; 0: until the deadline
	budget  bool   // the default budget: skip the numbers Gen.InBudget refuses
	res     suite.Result
	elapsed time.Duration
	done    bool
}

func (tr *targetRun) file() string { return fmt.Sprintf("fuzz (seed %d)", tr.o.Seed) }

func (tr *targetRun) result(impl string, status suite.Status, reason string) suite.Result {
	return suite.Result{Arch: tr.t.Arch, Model: tr.t.Model, Impl: impl, File: tr.file(), Status: status, Reason: reason}
}

// twinHome is where an OpenSSL level's fuzz cases of family alg run
// instead of on p ("": on p). The cases come from the seed and the level's
// Tuning, the emulator and the library's code are the home's (suite.Homes,
// suite.OpenSSLTwin), so the twin would repeat the home's answers; its
// vector files are left to the home by the same rule.
func twinHome(o Options, p driver.Planned, home, alg string) string {
	if home == "" || o.EveryModel || !suite.OpenSSLTwin(p, alg) {
		return ""
	}
	return home
}

func (tr *targetRun) run() {
	switch {
	case tr.st.Fail != "":
		// Under Quiet the vector suite has already reported the target.
		if !tr.o.Quiet {
			tr.results = append(tr.results, tr.result("*", suite.Failed, tr.st.Fail))
		}
		return
	case tr.st.Skip != "":
		if !tr.o.Quiet {
			tr.results = append(tr.results, tr.result("*", suite.Skipped, tr.st.Skip))
		}
		return
	}
	start := time.Now()
	sess, err := driver.NewSession(tr.t, tr.o.Timeout)
	if err != nil {
		tr.st.Fail = "cannot start runner: " + err.Error()
		if !tr.o.Quiet {
			tr.results = append(tr.results, tr.result("*", suite.Failed, tr.st.Fail))
		}
		return
	}
	tr.sess = sess
	defer sess.Close()
	info := sess.Info()
	tr.info = &info
	var memFails []suite.Result
	var memRows []suite.ProbeRow
	tr.excuses, memRows, memFails = suite.MemProbeTarget(sess, tr.t, tr.model, sess.Info(), tr.o.Timeout)
	if !tr.o.Quiet {
		// Alone, the fuzzer reports what its probes found, as xarch test
		// does (under xarch test the vector run has reported them): a
		// probe that fails for an expected feature fails the run when a
		// selected implementation needs that feature.
		tr.memReport(sess.Info(), memRows, memFails)
	}
	var impls []*implRun
	for _, im := range sess.Info().Impls {
		if !implselect.Match(tr.o.Impl, tr.o.Planted, im.Name, im.Planted) || !driver.ServedHere(sess.Info(), im.Name) ||
			(tr.o.Keep != nil && !tr.o.Keep(tr.t.Arch, tr.t.Model, im.Name)) {
			continue
		}
		skip := ""
		switch {
		case im.NeedsHardware != "" && tr.t.Qemu != "":
			skip = "needs hardware: " + im.NeedsHardware
		case !im.Usable:
			skip = im.Why
		}
		gen, err := NewGen(tr.o.Seed, im.Alg, im.Tuning)
		if err != nil && skip == "" {
			skip = err.Error()
			tr.notes = append(tr.notes, fmt.Sprintf("%s: %s not fuzzed: %v", tr.t, im.Name, err))
		}
		if skip != "" {
			if !tr.o.Quiet {
				tr.results = append(tr.results, tr.result(im.Name, suite.Skipped, skip))
			}
			continue
		}
		if h := twinHome(tr.o, tr.plan, tr.home, im.Alg); h != "" {
			r := tr.result(im.Name, suite.Skipped, suite.RanOnReason(h))
			r.RanOn = h
			tr.results = append(tr.results, r)
			continue
		}
		ir := &implRun{info: im, gen: gen, sig: gen.Sig(), limit: tr.o.Cases, res: tr.result(im.Name, suite.Passed, "")}
		if ir.limit == 0 && tr.o.Time == 0 {
			ir.limit, ir.budget = gen.Budget(), true
		}
		impls = append(impls, ir)
	}
	tr.st.Impls = len(impls)
	if tr.o.Impl != "" && len(impls) == 0 && !tr.o.Quiet {
		tr.results = append(tr.results, tr.result(tr.o.Impl, suite.Skipped, "no runnable implementation matches --impl here"))
	}
	var deadline time.Time
	if tr.o.Time > 0 {
		deadline = start.Add(tr.o.Time)
	}
	first, last := 0, -1
	if tr.o.Case >= 0 {
		first, last = tr.o.Case, tr.o.Case
	}
	for i := first; last < 0 || i <= last; i++ {
		active := 0
		for _, ir := range impls {
			if ir.done || (ir.limit > 0 && i >= ir.limit && tr.o.Case < 0) {
				continue
			}
			active++
			if ir.budget && !ir.gen.InBudget(i) && tr.o.Case < 0 {
				continue // a repro (--case) runs its case wherever it is
			}
			if err := tr.runCase(ir, i); err != nil {
				ir.done = true
				ir.res.Status = suite.Failed
				ir.res.Reason = err.Error()
			}
		}
		if active == 0 || (!deadline.IsZero() && time.Now().After(deadline)) {
			break
		}
	}
	if !tr.o.Quiet && tr.o.Case < 0 {
		// Alone, the fuzzer also calls each level's kernel entry points at
		// their edges with its seed (under xarch test the vector run has).
		for _, ir := range impls {
			if len(ir.info.Edges) == 0 || ir.done {
				continue
			}
			im := ir.info.Name
			res := suite.RunEdges(sess, ir.info, tr.o.Seed, func(edge string) string { return tr.edgeRepro(im, edge) })
			res.Arch, res.Model = tr.t.Arch, tr.t.Model
			tr.st.Cases += res.Cases
			tr.results = append(tr.results, res)
		}
	}
	tr.st.Elapsed = time.Since(start)
	tr.st.Restarts = sess.Restarts
	for _, ir := range impls {
		if ir.res.Cases == 0 && ir.res.Status == suite.Passed {
			// A run that checked nothing must not read as a pass.
			ir.res.Status, ir.res.Reason = suite.Failed, "ran no case (nothing was checked)"
		}
		ir.res.Elapsed = ir.elapsed
		tr.st.Cases += ir.res.Cases
		tr.results = append(tr.results, ir.res)
	}
	sort.SliceStable(tr.results, func(i, j int) bool { return tr.results[i].Impl < tr.results[j].Impl })
}

// memReport keeps the memory-operand probe rows and failures that concern
// the selected implementations: those of the features they require (and
// the summary row of the forms that passed).
func (tr *targetRun) memReport(info wire.Info, rows []suite.ProbeRow, fails []suite.Result) {
	need := map[string]bool{"memory": true}
	for _, im := range info.Impls {
		if implselect.Match(tr.o.Impl, tr.o.Planted, im.Name, im.Planted) && driver.ServedHere(info, im.Name) &&
			(tr.o.Keep == nil || tr.o.Keep(tr.t.Arch, tr.t.Model, im.Name)) {
			for _, f := range im.Requires {
				need[f] = true
			}
		}
	}
	feature := map[string]string{}
	for _, p := range info.MemProbes {
		feature[p.Form] = p.Feature
	}
	for _, r := range rows {
		if need[r.Feature] {
			tr.probes = append(tr.probes, r)
		}
	}
	for _, f := range fails {
		if f.File == "" || need[feature[f.File]] {
			tr.results = append(tr.results, f)
		}
	}
}

// runCase runs case i on one implementation and records the outcome; the
// error is an infrastructure failure (oracle, runner that will not start).
func (tr *targetRun) runCase(ir *implRun, i int) error {
	c := ir.gen.Case(i)
	if tr.o.Case >= 0 {
		if tr.o.Variant != "" {
			var ok bool
			if c, ok = c.Only(tr.o.Variant); !ok {
				return fmt.Errorf("case %d has no variant %q", i, tr.o.Variant)
			}
		}
		if tr.o.Len >= 0 {
			c = c.Truncate(tr.o.Len)
		}
	}
	start := time.Now()
	out, err := tr.judge(ir, c, tr.o.Case < 0)
	ir.elapsed += time.Since(start)
	if err != nil {
		return err
	}
	ir.res.Cases++
	if out == nil {
		ir.res.Passed++
		return nil
	}
	// A repro with --len runs exactly the case it names.
	f := tr.shrink(ir, c, out, tr.o.Case < 0 || tr.o.Len < 0)
	ir.done = true
	ir.res.Status = suite.Failed
	ir.res.Reason = fmt.Sprintf("%s at fuzz case %d", f.Kind, f.Case.Index)
	if f.Kind == KindFault {
		if why := tr.excuses.Excuse(f.Detail); why != "" {
			// The emulator's fault, proven by the probe of the very
			// instruction that faulted: not judged, not passed.
			ir.res.Status = suite.NotEmulated
			ir.res.Reason = fmt.Sprintf("%s at fuzz case %d: %s", f.Kind, f.Case.Index, why)
			ir.res.Failures = append(ir.res.Failures, suite.Failure{Where: f.Where(), Msg: f.Message(), Repro: f.Repro})
			return nil
		}
	}
	ir.res.Failures = append(ir.res.Failures, suite.Failure{Where: f.Where(), Msg: f.Message(), Repro: f.Repro})
	tr.failures = append(tr.failures, f)
	return nil
}

// outcome is how a case failed.
type outcome struct {
	variant   Variant // zero Name: the whole request
	kind      string
	detail    string
	want, got []byte
}

// Failure kinds.
const (
	KindWrong = "wrong output"
	KindFault = "memory fault"
	KindCheck = "check failed"
	KindCrash = "runner crash"
	KindError = "error response"
)

// expect returns the SHA-256 of the oracle's answer for c (memoised for
// unmodified generated cases).
func (tr *targetRun) expect(ir *implRun, c Case, memo bool) ([32]byte, error) {
	key := memoKey{ir.sig, c.Index}
	if memo {
		if sum, ok := tr.memo.get(key); ok {
			return sum, nil
		}
	}
	want, err := tr.or.Call(c.Op.Name, c.OracleArgs()...)
	if err != nil {
		return [32]byte{}, err
	}
	sum := sha256.Sum256(want)
	if memo {
		tr.memo.put(key, sum)
	}
	return sum, nil
}

func (tr *targetRun) call(impl string, c Case) ([][]byte, error) {
	specs := make([]string, len(c.Variants))
	for i, v := range c.Variants {
		specs[i] = v.Spec()
	}
	return tr.sess.Call([]byte("check"), []byte(impl), []byte(c.Op.Name), []byte(strings.Join(specs, "\n")), c.Payload())
}

// judge runs c and returns its first failing variant (nil: all passed).
func (tr *targetRun) judge(ir *implRun, c Case, memo bool) (*outcome, error) {
	wantSum, err := tr.expect(ir, c, memo)
	if err != nil {
		return nil, err
	}
	resp, err := tr.call(ir.info.Name, c)
	var ce *driver.CrashError
	switch {
	case errors.As(err, &ce):
		return tr.whichCrashed(ir, c, ce)
	case err != nil:
		var re *driver.RemoteError
		if errors.As(err, &re) {
			return &outcome{kind: KindError, detail: re.Msg}, nil
		}
		return nil, err // the runner could not be (re)started
	}
	if len(resp) != len(c.Variants) {
		return &outcome{kind: KindError, detail: fmt.Sprintf("%d answers for %d variants", len(resp), len(c.Variants))}, nil
	}
	for k, r := range resp {
		v := c.Variants[k]
		if len(r) == 0 {
			return &outcome{variant: v, kind: KindError, detail: "empty answer"}, nil
		}
		switch r[0] {
		case wire.CheckOK:
			if sha256.Sum256(r[1:]) == wantSum {
				continue
			}
			want, err := tr.or.Call(c.Op.Name, c.OracleArgs()...)
			if err != nil {
				return nil, err
			}
			return &outcome{variant: v, kind: KindWrong, want: want, got: append([]byte(nil), r[1:]...)}, nil
		case wire.CheckFault:
			return &outcome{variant: v, kind: KindFault, detail: string(r[1:])}, nil
		default:
			return &outcome{variant: v, kind: KindCheck, detail: string(r[1:])}, nil
		}
	}
	return nil, nil
}

// whichCrashed reruns the variants one by one to name the one that kills
// the runner (each crash costs a restart).
func (tr *targetRun) whichCrashed(ir *implRun, c Case, ce *driver.CrashError) (*outcome, error) {
	whole := &outcome{kind: KindCrash, detail: ce.Error()}
	if len(c.Variants) == 1 {
		whole.variant = c.Variants[0]
		return whole, nil
	}
	for _, v := range c.Variants {
		one, _ := c.Only(v.Name)
		out, err := tr.judge(ir, one, false)
		if err != nil {
			return nil, err
		}
		if out != nil && out.kind == KindCrash {
			return out, nil
		}
	}
	whole.detail += " (no single variant crashes alone)"
	return whole, nil
}

// shrink looks for the shortest prefix of the case's data that still fails
// the same way under the same variant: the smallest failing length among a
// few candidates (block edges, fractions, one block less), repeated, then a
// bisection between the longest passing candidate and the best failure.
func (tr *targetRun) shrink(ir *implRun, c Case, first *outcome, enabled bool) *Failure {
	f := &Failure{Arch: tr.t.Arch, Model: tr.t.Model, Impl: ir.info.Name, OrigLen: len(c.Data)}
	if first.variant.Name != "" {
		c, _ = c.Only(first.variant.Name)
	}
	best, bestOut := c, first
	maxRuns := 100
	if first.kind == KindCrash {
		maxRuns = 24 // each run restarts the runner
	}
	if !enabled {
		maxRuns = 0
	}
	tried := map[int]bool{len(c.Data): true}
	fails := func(n int) *outcome {
		if tried[n] || f.Runs >= maxRuns {
			return nil
		}
		tried[n] = true
		f.Runs++
		cc := c.Truncate(n)
		out, err := tr.judge(ir, cc, false)
		if err != nil || out == nil || out.kind != first.kind {
			return nil
		}
		return out
	}
	for f.Runs < maxRuns {
		L := len(best.Data)
		u, B := c.Op.Unit, c.Op.Block
		var cands []int
		for _, n := range []int{0, 1, B - 1, B, B + 1, 2 * B, L / 8, L / 4, L / 2, 3 * L / 4, L - B} {
			n -= n % u
			if n >= 0 && n < L {
				cands = append(cands, n)
			}
		}
		sort.Ints(cands)
		improved := false
		lo := -1
		for _, n := range cands {
			if out := fails(n); out != nil {
				best, bestOut, improved = c.Truncate(n), out, true
				break
			}
			if tried[n] {
				lo = n
			}
		}
		if improved {
			continue
		}
		// Bisect between the longest passing candidate and the best.
		hi := len(best.Data)
		if lo < 0 {
			lo = 0
		}
		for hi-lo > u && f.Runs < maxRuns {
			mid := lo + (hi-lo)/2
			mid -= mid % u
			if mid <= lo {
				break
			}
			if out := fails(mid); out != nil {
				best, bestOut, hi = c.Truncate(mid), out, mid
			} else {
				lo = mid
			}
		}
		break
	}
	f.Case, f.Kind, f.Detail = best, bestOut.kind, bestOut.detail
	f.Variant = bestOut.variant
	if f.Variant.Name == "" && len(best.Variants) == 1 {
		f.Variant = best.Variants[0]
	}
	f.Want, f.Got = bestOut.want, bestOut.got
	f.Repro = tr.repro(f)
	return f
}

// repro is the one-line command that runs exactly the shrunk case.
func (tr *targetRun) repro(f *Failure) string {
	s := fmt.Sprintf("xarch fuzz --arch %s --model %s --impl %s", tr.t.Arch, shell.Quote(tr.t.Model), shell.Quote(f.Impl))
	if tr.o.Mask != "" {
		s += " --mask " + shell.Quote(tr.o.Mask)
	}
	if tr.o.Planted {
		s += " --planted"
	}
	if o := tr.o.Build.OpenSSL; o != "" {
		s += " --openssl " + shell.Quote(o) // the provider level's own target
	}
	if !tr.o.ABI {
		s += " --abi=false"
	} else if tr.o.ABISeed != 0 {
		s += fmt.Sprintf(" --abi-seed %d", tr.o.ABISeed)
	}
	s += fmt.Sprintf(" --seed %d --case %d", tr.o.Seed, f.Case.Index)
	if f.Variant.Name != "" {
		s += " --variant " + f.Variant.Name
	}
	return s + fmt.Sprintf(" --len %d", len(f.Case.Data))
}

// edgeRepro is the `xarch run` line that reruns one kernel edge case.
func (tr *targetRun) edgeRepro(impl, edge string) string {
	s := fmt.Sprintf("xarch run --arch %s --model %s --impl %s", tr.t.Arch, shell.Quote(tr.t.Model), shell.Quote(impl))
	if tr.o.Mask != "" {
		s += " --mask " + shell.Quote(tr.o.Mask)
	}
	if tr.o.Planted {
		s += " --planted"
	}
	if !tr.o.ABI {
		s += " --abi=false"
	}
	return s + " " + suite.EdgeRepro(edge, tr.o.Seed)
}

// firstDiff is the index of the first differing byte.
func firstDiff(a, b []byte) int {
	n := len(a)
	if len(b) < n {
		n = len(b)
	}
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) == len(b) {
		return -1
	}
	return n
}

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}
