package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
)

// xarch gotest: any Go module's own tests (and benchmarks) across arches,
// CPU models of ci/models.json and GODEBUG feature masks. Test binaries are
// cross-compiled once per package and arch (go test -c) into a cache that
// survives the run, then run natively or under qemu-user once per model and
// mask. Results go into the same report as `xarch test`: a cell is
// (arch, model, impl = package, file = "mask:<mask>").

const gotestUsage = `Usage: xarch gotest [flags] [packages]

Runs the tests of Go packages (default ".") of the module in the current
directory (or -C DIR) on every selected arch (amd64, arm64, ppc64le), every
selected CPU model of ci/models.json (natively or under qemu-user) and every
feature mask (GODEBUG=cpu.<feature>=off). Flags may come before or after the
packages. With -bench, runs benchmarks natively under each mask instead and
prints a benchstat-style table per mask against no mask.

Flags:
`

type gotestOptions struct {
	dir       string
	arches    []string
	models    string
	mask      string
	short     bool
	run       string
	timeout   time.Duration
	jobs      int
	bench     string
	count     int
	benchtime string
	noProbe   bool
	list      bool
	rf        reportFlags
	pkgs      []string
	args      []string // extra test binary flags (after --)
}

// gotestPkg is one package as go list describes it for one arch.
type gotestPkg struct {
	ImportPath   string
	Dir          string
	Standard     bool
	TestGoFiles  []string
	XTestGoFiles []string
	SFiles       []string
	Module       *struct{ Path, Dir string }
	Error        *struct{ Err string }
}

func (p gotestPkg) hasTests() bool { return len(p.TestGoFiles)+len(p.XTestGoFiles) > 0 }

// gotestCell is one (package, arch, model, mask) run.
type gotestCell struct {
	pkg    gotestPkg
	arch   string
	model  ci.Model
	target driver.Target // Qemu, CPU (Binary: the test binary)
	mask   gotestMask
	build  int // index of its test binary's build
}

func cmdGotest(args []string) (int, error) {
	var o gotestOptions
	fs := flag.NewFlagSet("xarch gotest", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), gotestUsage); fs.PrintDefaults() }
	fs.StringVar(&o.dir, "C", "", "run in `DIR` (the module whose packages are tested)")
	arch := fs.String("arch", "", "architecture(s), comma-separated: amd64, arm64, ppc64le, or all (default: all gc arches of ci/models.json)")
	fs.StringVar(&o.models, "model", "", "CPU model(s) from ci/models.json, comma-separated (default: each arch's default set)")
	fs.StringVar(&o.mask, "mask", "", "feature masks, comma-separated: none, all, default (the derived set), or features joined by + (avx2+bmi2); default: none, each feature the package's code tests, all")
	fs.BoolVar(&o.short, "short", false, "pass -test.short")
	fs.StringVar(&o.run, "run", "", "pass -test.run `REGEXP`")
	fs.DurationVar(&o.timeout, "timeout", 10*time.Minute, "per test binary run (-test.timeout; emulated runs are slow)")
	fs.IntVar(&o.jobs, "jobs", runtime.NumCPU(), "runs in parallel")
	fs.StringVar(&o.bench, "bench", "", "run benchmarks matching `REGEXP` natively under each mask (no tests)")
	fs.IntVar(&o.count, "count", 6, "benchmark samples per mask (-bench); 6 is the least that gives a 95% range")
	fs.StringVar(&o.benchtime, "benchtime", "200ms", "-test.benchtime of each sample (-bench)")
	fs.BoolVar(&o.list, "list", false, "print the cells (package, arch, model, mask) that would run, and stop (nothing is built)")
	fs.BoolVar(&o.noProbe, "no-probe", false, "do not check emulated models with xarch's feature probes first")
	o.rf.register(fs)
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
			o.pkgs = append(o.pkgs, rest[0])
			rest = rest[1:]
		}
		if len(rest) > 0 && rest[0] == "--" {
			o.args = rest[1:]
			break
		}
	}
	if len(o.pkgs) == 0 {
		o.pkgs = []string{"."}
	}
	if o.timeout <= 0 || o.count < 1 || o.jobs < 1 {
		return 2, fmt.Errorf("--timeout, --count and --jobs must be positive")
	}
	arches, err := gotestArches(*arch)
	if err != nil {
		return 2, err
	}
	o.arches = arches
	if o.dir != "" {
		d, err := filepath.Abs(o.dir)
		if err != nil {
			return 2, err
		}
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return 2, fmt.Errorf("-C %s: not a directory", o.dir)
		}
		o.dir = d
	} else {
		o.dir, _ = os.Getwd()
	}
	if err := o.rf.check(); err != nil {
		return 2, err
	}
	if o.bench != "" {
		return gotestBench(o)
	}
	return gotestRun(o)
}

// gotestArches expands --arch to gc arches of the model table.
func gotestArches(spec string) ([]string, error) {
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

// gotestModels selects an arch's models from --model: with several
// arches a name applies to the arches that have it, and only a name no
// selected arch has is an error.
func gotestModels(table *ci.Table, arches []string, row *ci.Arch, spec string) ([]ci.Model, error) {
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

// goEnv is the environment of the go command and the builds for an arch.
func goEnv(arch string) []string {
	flags := os.Getenv("GOFLAGS") // the user's (-mod=vendor, -tags) stay
	if !strings.Contains(flags, "-buildvcs") {
		flags = strings.TrimSpace(flags + " -buildvcs=false")
	}
	return append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED=0", "GOFLAGS="+flags)
}

// listPackages runs go list for an arch.
func listPackages(dir, arch string, pkgs []string) ([]gotestPkg, error) {
	cmd := exec.Command("go", append([]string{"list", "-e", "-json=ImportPath,Dir,Standard,TestGoFiles,XTestGoFiles,SFiles,Module,Error"}, pkgs...)...)
	cmd.Dir, cmd.Env = dir, goEnv(arch)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list (GOARCH=%s) in %s: %v\n%s", arch, dir, err, stderr.String())
	}
	var list []gotestPkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p gotestPkg
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list: %v", err)
		}
		list = append(list, p)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("go list %s: no packages", strings.Join(pkgs, " "))
	}
	return list, nil
}

// depInfo is one dependency as go list -deps describes it.
type depInfo struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	SFiles       []string
	Imports      []string
	TestGoFiles  []string
	XTestGoFiles []string
}

// baseDep: packages whose feature tests are the runtime's and the base
// library's (math's FMA, sync/atomic, hash/crc32), not the module's, and
// the feature packages themselves.
func baseDep(path string) bool {
	for _, p := range []string{"runtime", "internal/", "vendor/golang.org/x/sys/cpu", "golang.org/x/sys/cpu", "crypto/internal/fips140deps/cpu",
		"math", "sync", "syscall", "os", "reflect", "strconv", "time", "bytes", "strings", "unicode", "hash/crc32"} {
		if path == p || strings.HasPrefix(path, p+"/") || (strings.HasSuffix(p, "/") && strings.HasPrefix(path, p)) {
			return true
		}
	}
	return false
}

// packageFeatures lists the feature options a package's tests could branch
// on: the feature tests in the package itself (its test files included)
// and in the packages it reaches through at most two imports, descending
// only through packages without assembly (a wrapper such as crypto/sha256
// reaches crypto/internal/fips140/sha256) and stopping at those with
// assembly for the arch (their own feature tests count, not their
// imports'). The runtime's packages and the std policy shims
// (shimDep) are left out. It also returns the arch's option names,
// x/sys/cpu's included when the package reaches it.
func packageFeatures(dir, arch string, p gotestPkg, gr string) (used []string, options []string, err error) {
	cmd := exec.Command("go", "list", "-e", "-deps", "-json=ImportPath,Dir,GoFiles,SFiles,Imports,TestGoFiles,XTestGoFiles", p.ImportPath)
	cmd.Dir, cmd.Env = dir, goEnv(arch)
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list -deps %s: %v", p.ImportPath, err)
	}
	deps := map[string]*depInfo{}
	dec := json.NewDecoder(bytes.NewReader(out))
	xsys := ""
	for dec.More() {
		d := &depInfo{}
		if err := dec.Decode(d); err != nil {
			return nil, nil, err
		}
		if d.ImportPath == "golang.org/x/sys/cpu" || d.ImportPath == "vendor/golang.org/x/sys/cpu" {
			xsys = d.Dir
		}
		deps[d.ImportPath] = d
	}
	options = cpuOptions(arch, gr, xsys)
	var src bytes.Buffer
	read := func(d *depInfo, files []string) {
		for _, f := range files {
			if b, err := os.ReadFile(filepath.Join(d.Dir, f)); err == nil {
				src.Write(b)
				src.WriteByte('\n')
			}
		}
	}
	seen := map[string]bool{}
	var visit func(path string, depth int)
	visit = func(path string, depth int) {
		d := deps[path]
		if d == nil || seen[path] || (depth > 0 && (baseDep(path) || shimDep(path))) {
			return
		}
		seen[path] = true
		read(d, d.GoFiles)
		if depth == 0 {
			read(d, d.TestGoFiles)
			read(d, d.XTestGoFiles)
		}
		if (depth > 0 && len(d.SFiles) > 0) || depth >= 2 {
			return
		}
		for _, imp := range d.Imports {
			visit(imp, depth+1)
		}
	}
	visit(p.ImportPath, 0)
	return usedFeatures(src.Bytes(), arch, options), options, nil
}

// shimDep: std packages that route to every implementation (FIPS policy,
// BoringCrypto) rather than choose one.
func shimDep(path string) bool {
	switch path {
	case "crypto/cipher", "crypto/internal/fips140only", "crypto/internal/boring", "crypto/internal/fips140", "crypto/internal/fips140/check",
		"crypto/internal/fips140/drbg", "crypto/internal/sysrand", "crypto/internal/randutil", "crypto/internal/entropy":
		return true
	}
	return false
}

// gotestCacheDir is where test binaries are kept: per module directory.
func gotestCacheDir(dir string) string {
	h := sha256.Sum256([]byte(dir))
	return filepath.Join(driver.DefaultCacheDir(), "gotest", hex.EncodeToString(h[:6]))
}

var unsafePath = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// buildTest cross-compiles a package's test binary for an arch.
func buildTest(dir, cache, arch string, p gotestPkg) (string, error) {
	bin := filepath.Join(cache, arch, unsafePath.ReplaceAllString(p.ImportPath, "_")+".test")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return "", err
	}
	cmd := exec.Command("go", "test", "-c", "-o", bin, p.ImportPath)
	cmd.Dir, cmd.Env = dir, goEnv(arch)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go test -c (GOARCH=%s): %v\n%s", arch, err, strings.TrimSpace(string(out)))
	}
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("go test -c wrote no binary: %s", strings.TrimSpace(string(out)))
	}
	return bin, nil
}

// binfmtEnabled reports whether binfmt_misc runs the arch's binaries
// through qemu, so a test that executes its own binary works emulated.
func binfmtEnabled(qemu string) bool {
	name := strings.TrimSuffix(filepath.Base(qemu), "-static") // qemu-aarch64
	b, err := os.ReadFile(filepath.Join(binfmtDir, name))
	return err == nil && bytes.HasPrefix(b, []byte("enabled"))
}

// binfmtDir is a variable so tests can point it elsewhere.
var binfmtDir = "/proc/sys/fs/binfmt_misc"

// binfmtFix is the advice printed with a "needs binfmt" skip.
func binfmtFix(qemu string) string {
	name := strings.TrimSuffix(filepath.Base(qemu), "-static")
	return fmt.Sprintf("needs binfmt_misc for %s (the test executes a %s binary): apt-get install qemu-user-binfmt, or update-binfmts --enable %s", name, strings.TrimPrefix(name, "qemu-"), name)
}

// execFormat is the signature of exec'ing a foreign binary without binfmt.
var execFormat = regexp.MustCompile(`exec format error`)

// crash signatures: the Go runtime's report, and qemu's.
var (
	goSignal   = regexp.MustCompile(`(?m)^(SIG[A-Z]+): `)
	qemuSignal = regexp.MustCompile(`uncaught target signal (\d+)`)
)

// gotestRun is the test matrix.
func gotestRun(o gotestOptions) (int, error) {
	started := time.Now()
	table, err := ci.Load()
	if err != nil {
		return 2, err
	}
	gr := goroot()
	cache := gotestCacheDir(o.dir)
	rep := &suite.Report{}
	var notes []string
	var cells []gotestCell
	var mu sync.Mutex
	addResult := func(r suite.Result) {
		mu.Lock()
		rep.Results = append(rep.Results, r)
		mu.Unlock()
	}

	// Masks asked for: checked against every selected arch's options
	// before anything is built.
	optionsByArch := map[string][]string{}
	for _, a := range o.arches {
		optionsByArch[a] = cpuOptions(a, gr, "")
	}
	explicit, withDefault, err := parseMasks(o.mask, optionsByArch)
	if err != nil {
		return 2, err
	}

	fmt.Printf("xarch gotest: module dir %s, arches %v, test binaries in %s\n", o.dir, o.arches, cache)
	type buildJob struct {
		arch string
		pkg  gotestPkg
		bin  string
		err  error
	}
	var builds []*buildJob
	targets := map[string]bool{}
	for _, a := range o.arches {
		row, _ := table.Find(a)
		models, err := gotestModels(table, o.arches, row, o.models)
		if err != nil {
			return 2, err
		}
		pkgs, err := listPackages(o.dir, a, o.pkgs)
		if err != nil {
			return 2, err
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
				used, options, err := packageFeatures(o.dir, a, p, gr)
				if err != nil {
					return 2, err
				}
				optionsByArch[a] = options
				masks = append(append([]gotestMask(nil), explicit...), defaultMasks(used)...)
				masks = dedupMasks(masks)
			}
			var want []gotestCell
			var lacking []string
			for _, m := range models {
				t := driver.Target{Arch: a, Model: m.Label()}
				if m.Native {
					if a != runtime.GOARCH {
						if o.models != "" {
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
					if !m.Native && modelLacks(a, m.Expect, mk) {
						lacking = append(lacking, m.Label()+":"+mk.Name)
						continue
					}
					if !o.rf.shard.Has(a, m.Label(), p.ImportPath, "mask:"+mk.Name) {
						continue
					}
					want = append(want, gotestCell{pkg: p, arch: a, model: m, target: t, mask: mk})
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
	if o.list {
		for _, c := range cells {
			fmt.Printf("%s\t%s\t%s\t%s\n", c.pkg.ImportPath, c.arch, c.model.Label(), c.mask.Name)
		}
		for _, n := range notes {
			fmt.Println("note:", n)
		}
		fmt.Printf("%d cells\n", len(cells))
		return 0, nil
	}

	// Build every binary (in parallel, go caches the rest).
	bstart := time.Now()
	parallel(len(builds), o.jobs, func(i int) {
		b := builds[i]
		b.bin, b.err = buildTest(o.dir, cache, b.arch, b.pkg)
	})
	if len(builds) > 0 {
		fmt.Printf("built %d test binaries in %s\n", len(builds), time.Since(bstart).Round(100*time.Millisecond))
	}

	// Probe each emulated model once before trusting it.
	untrusted := map[string]string{}
	if !o.noProbe {
		untrusted, notes = probeModels(cells, notes, rep)
	}

	binfmt := map[string]bool{}
	var runnable []gotestCell
	for _, c := range cells {
		b := builds[c.build]
		if b.err != nil {
			addResult(suite.Result{Arch: c.arch, Model: c.model.Label(), Impl: c.pkg.ImportPath, File: "mask:" + c.mask.Name,
				Status: suite.Failed, Reason: "build failed: " + firstLine(b.err.Error()),
				Failures: []suite.Failure{{Where: "go test -c", Msg: b.err.Error(),
					Repro: fmt.Sprintf("cd %s && GOOS=linux GOARCH=%s CGO_ENABLED=0 go test -c -o /dev/null %s", shq(o.dir), c.arch, c.pkg.ImportPath)}}})
			continue
		}
		c.target.Binary = b.bin
		if c.target.Qemu != "" {
			binfmt[c.target.Qemu] = binfmtEnabled(c.target.Qemu)
		}
		runnable = append(runnable, c)
	}
	fmt.Printf("running %d cells (package x arch x model x mask), %d at a time\n", len(runnable), o.jobs)
	done := 0
	parallel(len(runnable), o.jobs, func(i int) {
		c := runnable[i]
		r := runCell(o, c, c.target.Qemu != "" && !binfmt[c.target.Qemu])
		if why, ok := untrusted[c.arch+"/"+c.model.Label()]; ok && r.Status == suite.Failed {
			r.Status = suite.NotEmulated
			r.Reason = "model not trusted (" + why + "); the failure is not blamed on the module: " + r.Reason
		}
		addResult(r)
		mu.Lock()
		done++
		fmt.Fprintf(os.Stderr, "[%d/%d] %s %s/%s mask %s: %s (%s)\n", done, len(runnable), c.pkg.ImportPath, c.arch, c.model.Label(),
			c.mask.Name, strings.ToUpper(string(r.Status)), r.Elapsed.Round(10*time.Millisecond))
		mu.Unlock()
	})
	sortGotest(rep.Results, o.arches)
	sort.Strings(notes)
	rep.Notes = notes
	rep.Wall = time.Since(started)
	printGotest(os.Stdout, rep)
	fmt.Printf("test binaries: %s\n", cache)
	so := suite.Options{Arches: o.arches, Models: o.models, Impl: "gotest " + strings.Join(o.pkgs, " "), Mask: o.mask, Shard: o.rf.shard}
	if err := o.rf.write(rep, so, started, nil); err != nil {
		return 2, err
	}
	if rep.Failed() {
		return 1, nil
	}
	return 0, nil
}

func dedupMasks(ms []gotestMask) []gotestMask {
	seen := map[string]bool{}
	var out []gotestMask
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

// shq quotes a word for a POSIX shell when it needs it.
func shq(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`|&;<>()*?[]{}!#~^") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// cellArgv is the command of one run; run narrows -test.run.
func cellArgv(o gotestOptions, c gotestCell, run string, verbose bool) []string {
	var argv []string
	if c.target.Qemu != "" {
		argv = append(argv, c.target.Qemu)
		if c.target.CPU != "" {
			argv = append(argv, "-cpu", c.target.CPU)
		}
	}
	argv = append(argv, c.target.Binary)
	if verbose {
		argv = append(argv, "-test.v=test2json")
	} else {
		argv = append(argv, "-test.v")
	}
	if run != "" {
		argv = append(argv, "-test.run", run)
	}
	if o.short {
		argv = append(argv, "-test.short")
	}
	argv = append(argv, "-test.timeout", o.timeout.String())
	return append(argv, o.args...)
}

// repro is the one-line command that reruns a failing test.
func repro(o gotestOptions, c gotestCell, run string) string {
	var parts []string
	parts = append(parts, "cd", shq(c.pkg.Dir), "&&")
	if g := c.mask.GODEBUG(); g != "" {
		parts = append(parts, "GODEBUG="+g)
	}
	for _, a := range cellArgv(o, c, run, false) {
		parts = append(parts, shq(a))
	}
	return strings.Join(parts, " ")
}

// testEvent is one line of go tool test2json.
type testEvent struct {
	Action string
	Test   string
	Output string
}

var test2jsonOnce struct {
	sync.Once
	path string
}

// test2json converts -test.v=test2json output to events.
func test2json(pkg string, out []byte) []testEvent {
	test2jsonOnce.Do(func() {
		cmd := exec.Command("go", "tool", "-n", "test2json")
		cmd.Dir = os.TempDir()
		if b, err := cmd.Output(); err == nil {
			p := strings.TrimSpace(string(b))
			if _, err := os.Stat(p); err == nil {
				test2jsonOnce.path = p
			}
		}
	})
	var cmd *exec.Cmd
	if test2jsonOnce.path != "" {
		cmd = exec.Command(test2jsonOnce.path, "-p", pkg)
	} else {
		cmd = exec.Command("go", "tool", "test2json", "-p", pkg)
		cmd.Dir = os.TempDir()
	}
	cmd.Stdin = bytes.NewReader(out)
	b, _ := cmd.Output()
	var evs []testEvent
	dec := json.NewDecoder(bytes.NewReader(b))
	for dec.More() {
		var e testEvent
		if dec.Decode(&e) != nil {
			break
		}
		evs = append(evs, e)
	}
	return evs
}

// testOutcome is what the events say about one test.
type testOutcome struct {
	name   string
	action string // pass, fail, skip, "" (never ended: running at a crash)
	output strings.Builder
}

// runCell runs one test binary on one target under one mask.
func runCell(o gotestOptions, c gotestCell, noBinfmt bool) suite.Result {
	res := suite.Result{Arch: c.arch, Model: c.model.Label(), Impl: c.pkg.ImportPath, File: "mask:" + c.mask.Name}
	argv := cellArgv(o, c, o.run, true)
	ctx, cancel := context.WithTimeout(context.Background(), o.timeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = c.pkg.Dir
	env := os.Environ()
	if g := c.mask.GODEBUG(); g != "" {
		if old := os.Getenv("GODEBUG"); old != "" {
			g = old + "," + g
		}
		env = append(env, "GODEBUG="+g)
	}
	cmd.Env = env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	runErr := cmd.Run()
	res.Elapsed = time.Since(start)
	raw := out.Bytes()

	var tests []*testOutcome
	byName := map[string]*testOutcome{}
	var pkgOutput strings.Builder
	for _, e := range test2json(c.pkg.ImportPath, raw) {
		if e.Test == "" {
			if e.Action == "output" {
				pkgOutput.WriteString(e.Output)
			}
			continue
		}
		top := e.Test
		if i := strings.IndexByte(top, '/'); i >= 0 && e.Action != "output" {
			// Subtests count with their test; their output is the test's.
			if t := byName[e.Test]; t == nil {
				byName[e.Test] = &testOutcome{name: e.Test}
			}
			t := byName[e.Test]
			if e.Action == "pass" || e.Action == "fail" || e.Action == "skip" {
				t.action = e.Action
			}
			continue
		}
		t := byName[e.Test]
		if t == nil {
			t = &testOutcome{name: e.Test}
			byName[e.Test] = t
			if !strings.Contains(e.Test, "/") {
				tests = append(tests, t)
			}
		}
		switch e.Action {
		case "output":
			// Output of a subtest belongs to its top-level test too.
			if i := strings.IndexByte(e.Test, '/'); i >= 0 {
				if tt := byName[e.Test[:i]]; tt != nil {
					tt.output.WriteString(e.Output)
				}
			} else {
				t.output.WriteString(e.Output)
			}
		case "pass", "fail", "skip":
			t.action = e.Action
		}
	}

	var passed, failed, skipped, binfmtTests []string
	var running *testOutcome
	for _, t := range tests {
		res.Cases++
		switch t.action {
		case "pass":
			passed = append(passed, t.name)
		case "skip":
			skipped = append(skipped, t.name)
		case "fail":
			if noBinfmt && execFormat.MatchString(t.output.String()) {
				binfmtTests = append(binfmtTests, t.name)
				continue
			}
			failed = append(failed, t.name)
		default:
			running = t
		}
	}
	res.Passed = len(passed)

	// How the process ended.
	crash := ""
	if runErr != nil {
		all := string(raw)
		if m := goSignal.FindStringSubmatch(all); m != nil && !strings.Contains(all, "panic: test timed out") {
			crash = m[1]
		} else if m := qemuSignal.FindStringSubmatch(all); m != nil {
			var n int
			fmt.Sscan(m[1], &n)
			crash = driver.SignalName(syscall.Signal(n))
		} else if ee, ok := runErr.(*exec.ExitError); ok {
			if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
				crash = driver.SignalName(ws.Signal())
			}
		}
		if bytes.Contains(raw, []byte("panic: test timed out after")) {
			crash = "a timeout (-test.timeout " + o.timeout.String() + ")"
		}
		if ctx.Err() != nil {
			crash = "host timeout (killed after " + (o.timeout + time.Minute).String() + ")"
		}
	}

	failWith := func(where, msg, run string) {
		res.Failures = append(res.Failures, suite.Failure{Where: where, Msg: trimOutput(msg), Repro: repro(o, c, run)})
	}
	for _, name := range failed {
		failWith(name, byName[name].output.String(), runPattern(name, byName))
	}
	switch {
	case crash != "":
		where := "package " + c.pkg.ImportPath
		run := o.run
		if running != nil {
			where = running.name
			run = runPattern(running.name, byName)
		}
		msg := running.outputOr(pkgOutput.String() + string(tail(raw, 4000)))
		what := "crashed with " + crash
		if strings.HasPrefix(crash, "a timeout") || strings.HasPrefix(crash, "host timeout") {
			what = "stopped by " + crash
		}
		res.Status, res.Reason = suite.Failed, fmt.Sprintf("%s in %s", what, where)
		failWith(where, msg, run)
	case len(failed) > 0:
		res.Status = suite.Failed
		res.Reason = fmt.Sprintf("%d of %d tests failed: %s", len(failed), res.Cases, strings.Join(limitList(failed, 5), ", "))
	case runErr != nil && len(binfmtTests) == 0:
		// Failed outside any test (TestMain, init, a panic between tests).
		res.Status = suite.Failed
		res.Reason = "test binary failed: " + runErr.Error()
		failWith("package "+c.pkg.ImportPath, pkgOutput.String()+string(tail(raw, 4000)), o.run)
	case len(binfmtTests) > 0:
		res.Status = suite.Skipped
		res.Reason = fmt.Sprintf("%d test(s) %s (%s; %d other tests passed)", len(binfmtTests), binfmtFix(c.target.Qemu), strings.Join(limitList(binfmtTests, 5), ", "), len(passed))
	case res.Cases == 0:
		res.Status = suite.Skipped
		res.Reason = "no tests ran"
		if o.run != "" {
			res.Reason += " (-run " + o.run + ")"
		}
	case len(passed) == 0:
		res.Status = suite.Skipped
		res.Reason = fmt.Sprintf("every test skipped itself (%s)", strings.Join(limitList(skipped, 5), ", "))
	default:
		res.Status = suite.Passed
	}
	return res
}

func (t *testOutcome) outputOr(s string) string {
	if t == nil {
		return s
	}
	return t.output.String() + s
}

// runPattern narrows -test.run to one test: ^TestX$, or ^TestX$/^Sub$
// when one of its subtests failed and the test itself has none of its own
// output to show.
func runPattern(name string, byName map[string]*testOutcome) string {
	pat := "^" + regexp.QuoteMeta(name) + "$"
	// The first failing subtest, if any, narrows further.
	var subs []string
	for n, t := range byName {
		if strings.HasPrefix(n, name+"/") && t.action == "fail" && !strings.Contains(n[len(name)+1:], "/") {
			subs = append(subs, n)
		}
	}
	if len(subs) == 1 {
		pat += "/^" + regexp.QuoteMeta(subs[0][len(name)+1:]) + "$"
	}
	return pat
}

func limitList(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	return append(append([]string(nil), xs[:n]...), fmt.Sprintf("and %d more", len(xs)-n))
}

func tail(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	return b[len(b)-n:]
}

// trimOutput keeps a failure's output readable: at most 30 lines of at
// most 300 bytes, the test2json framing bytes removed.
func trimOutput(s string) string {
	s = strings.ReplaceAll(s, "\x16", "")
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if len(l) > 300 {
			lines[i] = l[:240] + fmt.Sprintf("... (%d more bytes)", len(l)-240)
		}
	}
	if len(lines) > 30 {
		lines = append(lines[:15], append([]string{fmt.Sprintf("    ... %d lines ...", len(lines)-30)}, lines[len(lines)-15:]...)...)
	}
	return strings.Join(lines, "\n")
}

// sortGotest orders cells: arch (as selected), package, model, mask.
func sortGotest(rs []suite.Result, arches []string) {
	order := map[string]int{}
	for i, a := range arches {
		order[a] = i
	}
	maskRank := func(f string) string {
		switch f {
		case "mask:none":
			return "0"
		case "mask:all":
			return "2"
		}
		return "1" + f
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.Arch != b.Arch {
			return order[a.Arch] < order[b.Arch]
		}
		if a.Impl != b.Impl {
			return a.Impl < b.Impl
		}
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		return maskRank(a.File) < maskRank(b.File)
	})
}
