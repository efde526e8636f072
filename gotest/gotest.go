// Package gotest is `xarch gotest`: any Go module's own tests (and
// benchmarks) across arches, CPU models of ci/models.json and GODEBUG
// feature masks. Test binaries are cross-compiled once per package and
// arch (go test -c) into a cache that survives the run, then run natively
// or under qemu-user once per model and mask, through driver's launcher
// (process groups, parent-death signal, stopped by driver.KillAll).
// Results go into the same report as `xarch test`: a cell is (arch, model,
// impl = package, file = "mask:<mask>").
package gotest

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/shell"
	"github.com/xarchlab/xarch/suite"
)

// Options are the flags of one gotest run.
type Options struct {
	Dir       string   // the module whose packages are tested
	Arches    []string // gc arches (Arches)
	Models    string   // --model, comma-separated; "" = each arch's default set
	Mask      string   // --mask (ParseMasks)
	Short     bool
	Run       string // -test.run
	Timeout   time.Duration
	Jobs      int
	Bench     string // benchmarks instead of tests (Bench)
	Count     int
	Benchtime string
	NoProbe   bool
	List      bool // print the cells and stop
	Shard     suite.Shard
	Pkgs      []string
	Args      []string  // extra test binary flags (after --)
	Out, Log  io.Writer // the matrix; progress
}

// Pkg is one package as go list describes it for one arch.
type Pkg struct {
	ImportPath   string
	Dir          string
	Standard     bool
	TestGoFiles  []string
	XTestGoFiles []string
	SFiles       []string
	Module       *struct{ Path, Dir string }
	Error        *struct{ Err string }
}

func (p Pkg) hasTests() bool { return len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 }

// cell is one (package, arch, model, mask) run.
type cell struct {
	pkg    Pkg
	arch   string
	model  ci.Model
	target driver.Target // Qemu, CPU (Binary: the test binary)
	mask   Mask
	build  int // index of its test binary's build
}

// Arches expands --arch to gc arches of the model table (all when empty).
func Arches(spec string) ([]string, error) {
	table, err := ci.Load()
	if err != nil {
		return nil, err
	}
	var gc []string
	for _, a := range table.Arches {
		if a.CompilerName() == "gc" {
			gc = append(gc, a.Arch)
		}
	}
	if spec == "" || spec == "all" {
		return gc, nil
	}
	var out []string
	seen := map[string]bool{}
	for _, a := range strings.Split(spec, ",") {
		a = strings.TrimSpace(a)
		row, err := table.Find(a)
		if err != nil {
			return nil, err
		}
		if row.CompilerName() != "gc" {
			return nil, fmt.Errorf("--arch %s: xarch builds %s with %s; gotest cross-compiles with gc (gc arches: %s)", a, a, row.CompilerName(), strings.Join(gc, ", "))
		}
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	return out, nil
}

// models selects an arch's models from --model: with several
// arches a name applies to the arches that have it, and only a name no
// selected arch has is an error.
func selectModels(table *ci.Table, arches []string, row *ci.Arch, spec string) ([]ci.Model, error) {
	if spec == "" {
		return row.Select("")
	}
	var mine []string
	for _, n := range strings.Split(spec, ",") {
		n = strings.TrimSpace(n)
		var firstErr error
		found := false
		for _, a := range arches {
			r, _ := table.Find(a)
			if _, err := r.Select(n); err == nil {
				found = true
				if a == row.Arch {
					mine = append(mine, n)
				}
			} else if a == row.Arch {
				firstErr = err
			}
		}
		if !found {
			return nil, firstErr
		}
	}
	if len(mine) == 0 {
		return nil, nil
	}
	return row.Select(strings.Join(mine, ","))
}

// Run runs the test matrix and returns its report (nil with List, after
// printing the cells). An error is the user's: bad masks or models, go
// list failing.
func Run(o Options) (*suite.Report, error) {
	started := time.Now()
	table, err := ci.Load()
	if err != nil {
		return nil, err
	}
	gr := goroot()
	cache := CacheDir(o.Dir)
	rep := &suite.Report{}
	var notes []string
	var cells []cell
	var mu sync.Mutex
	addResult := func(r suite.Result) {
		mu.Lock()
		rep.Results = append(rep.Results, r)
		mu.Unlock()
	}

	// Masks asked for: checked against every selected arch's options
	// before anything is built.
	optionsByArch := map[string][]string{}
	for _, a := range o.Arches {
		optionsByArch[a] = cpuOptions(a, gr, "")
	}
	explicit, withDefault, err := parseMasks(o.Mask, optionsByArch)
	if err != nil {
		return nil, err
	}

	fmt.Fprintf(o.Out, "xarch gotest: module dir %s, arches %v, test binaries in %s\n", o.Dir, o.Arches, cache)
	type buildJob struct {
		arch string
		pkg  Pkg
		bin  string
		err  error
	}
	var builds []*buildJob
	targets := map[string]bool{}
	for _, a := range o.Arches {
		row, _ := table.Find(a)
		models, err := selectModels(table, o.Arches, row, o.Models)
		if err != nil {
			return nil, err
		}
		pkgs, err := listPackages(o.Dir, a, o.Pkgs)
		if err != nil {
			return nil, err
		}
		for _, p := range pkgs {
			if p.Error != nil {
				addResult(suite.Result{Arch: a, Model: "*", Impl: p.ImportPath, Status: suite.Failed, Reason: "go list: " + p.Error.Err})
				continue
			}
			if !p.hasTests() {
				addResult(suite.Result{Arch: a, Model: "*", Impl: p.ImportPath, Status: suite.Skipped, Reason: "no test files"})
				continue
			}
			masks := explicit
			if withDefault {
				used, options, err := packageFeatures(o.Dir, a, p, gr)
				if err != nil {
					return nil, err
				}
				optionsByArch[a] = options
				masks = append(append([]Mask(nil), explicit...), defaultMasks(used, baseOptions(a))...)
				masks = dedupMasks(masks)
			}
			var want []cell
			var lacking []string
			for _, m := range models {
				t := driver.Target{Arch: a, Model: m.Label()}
				if m.Native {
					if a != runtime.GOARCH {
						if o.Models != "" {
							addResult(suite.Result{Arch: a, Model: m.Label(), Impl: p.ImportPath, Status: suite.Skipped,
								Reason: fmt.Sprintf("native %s needs a %s host (this host is %s)", a, a, runtime.GOARCH)})
						}
						continue
					}
				} else {
					q, missing := table.QemuPath(row, m.Gen)
					if missing != "" {
						addResult(suite.Result{Arch: a, Model: m.Label(), Impl: p.ImportPath, Status: suite.Skipped, Reason: missing})
						continue
					}
					t.Qemu, t.CPU = q, m.QemuCPU()
				}
				for _, mk := range masks {
					if !maskApplies(mk, optionsByArch[a]) {
						continue
					}
					if !m.Native && modelLacks(a, m, mk) {
						lacking = append(lacking, m.Label()+":"+mk.Name)
						continue
					}
					if !o.Shard.Has(a, m.Label(), p.ImportPath, "mask:"+mk.Name) {
						continue
					}
					want = append(want, cell{pkg: p, arch: a, model: m, target: t, mask: mk})
					targets[a+"/"+m.Label()] = true
				}
			}
			if len(lacking) > 0 {
				notes = append(notes, fmt.Sprintf("%s %s: not run, the model has none of the masked features (ci/models.json expect), so the run equals mask none: %s", a, p.ImportPath, strings.Join(lacking, ", ")))
			}
			if len(want) == 0 {
				continue
			}
			bj := &buildJob{arch: a, pkg: p}
			builds = append(builds, bj)
			for i := range want {
				want[i].build = len(builds) - 1
			}
			cells = append(cells, want...)
		}
	}
	rep.Targets = len(targets)
	if o.List {
		for _, c := range cells {
			fmt.Fprintf(o.Out, "%s\t%s\t%s\t%s\n", c.pkg.ImportPath, c.arch, c.model.Label(), c.mask.Name)
		}
		for _, n := range notes {
			fmt.Fprintln(o.Out, "note:", n)
		}
		fmt.Fprintf(o.Out, "%d cells\n", len(cells))
		return nil, nil
	}

	// Build every binary (in parallel, go caches the rest).
	bstart := time.Now()
	parallel(len(builds), o.Jobs, func(i int) {
		b := builds[i]
		b.bin, b.err = buildTest(o.Dir, cache, b.arch, b.pkg)
	})
	if len(builds) > 0 {
		fmt.Fprintf(o.Out, "built %d test binaries in %s\n", len(builds), time.Since(bstart).Round(100*time.Millisecond))
	}

	// Probe each emulated model once before trusting it.
	untrusted := map[string]string{}
	if !o.NoProbe {
		untrusted, notes = probeModels(cells, notes, rep, o.Arches)
	}

	binfmt := map[string]bool{}
	var runnable []cell
	for _, c := range cells {
		b := builds[c.build]
		if b.err != nil {
			addResult(suite.Result{Arch: c.arch, Model: c.model.Label(), Impl: c.pkg.ImportPath, File: "mask:" + c.mask.Name,
				Status: suite.Failed, Reason: "build failed: " + firstLine(b.err.Error()),
				Failures: []suite.Failure{{Where: "go test -c", Msg: b.err.Error(),
					Repro: fmt.Sprintf("cd %s && GOOS=linux GOARCH=%s CGO_ENABLED=0 go test -c -o /dev/null %s", shell.Quote(o.Dir), c.arch, shell.Quote(c.pkg.ImportPath))}}})
			continue
		}
		c.target.Binary = b.bin
		if c.target.Qemu != "" {
			binfmt[c.target.Qemu] = binfmtEnabled(c.target.Qemu)
		}
		runnable = append(runnable, c)
	}
	fmt.Fprintf(o.Out, "running %d cells (package x arch x model x mask), %d at a time\n", len(runnable), o.Jobs)
	done := 0
	parallel(len(runnable), o.Jobs, func(i int) {
		c := runnable[i]
		noBinfmt := c.target.Qemu != "" && !binfmt[c.target.Qemu]
		r := runCell(o, c, noBinfmt)
		if c.target.Qemu != "" && hungInFork(r) {
			first := r.Reason
			r = runCell(o, c, noBinfmt)
			r.Reason = strings.TrimPrefix(r.Reason+"; ", "; ") + "ran twice: the first run was " + first +
				" while blocked in os.StartProcess (qemu-user's fork emulation can deadlock under load)"
		}
		if why, ok := untrusted[c.arch+"/"+c.model.Label()]; ok && r.Status == suite.Failed {
			r.Status = suite.NotEmulated
			r.Reason = "model not trusted (" + why + "); the failure is not blamed on the module: " + r.Reason
		}
		addResult(r)
		mu.Lock()
		done++
		fmt.Fprintf(o.Log, "[%d/%d] %s %s/%s mask %s: %s (%s)\n", done, len(runnable), c.pkg.ImportPath, c.arch, c.model.Label(),
			c.mask.Name, strings.ToUpper(string(r.Status)), r.Elapsed.Round(10*time.Millisecond))
		mu.Unlock()
	})
	sortGotest(rep.Results, o.Arches)
	sort.Strings(notes)
	rep.Notes = notes
	rep.Wall = time.Since(started)
	return rep, nil
}

// hungInFork: a cell stopped by its timeout while a test waited in
// os.StartProcess for a forked child. Under qemu-user that child can
// deadlock in the emulator's fork (seen once with QEMU 7.2 on a loaded
// host: a re-exec that fails in 30 ms alone hung for 10 minutes), so the
// cell runs once more and says so.
func hungInFork(r suite.Result) bool {
	if r.Status != suite.Failed || !strings.HasPrefix(r.Reason, "stopped by") {
		return false
	}
	for _, f := range r.Failures {
		if strings.Contains(f.Msg, "os.StartProcess(") || strings.Contains(f.Msg, "syscall.forkExec(") {
			return true
		}
	}
	return false
}

func dedupMasks(ms []Mask) []Mask {
	seen := map[string]bool{}
	var out []Mask
	for _, m := range ms {
		if !seen[m.Name] {
			seen[m.Name] = true
			out = append(out, m)
		}
	}
	return out
}

// parallel runs f(0..n-1) on jobs goroutines.
func parallel(n, jobs int, f func(i int)) {
	work := make(chan int)
	var wg sync.WaitGroup
	for j := 0; j < jobs; j++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
}
