package speed

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/implselect"
	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/timing"
	"github.com/xarchlab/xarch/validate"
	"github.com/xarchlab/xarch/wire"
)

// DefaultSizes are openssl speed's buffer sizes.
var DefaultSizes = []int{16, 64, 256, 1024, 8192, 16384}

// Options is one `xarch speed` run.
type Options struct {
	// Root is the source tree the runner is built from (Report.SourceHash).
	Root  string
	Algs  []string
	Impls []string // the --impl selection (implselect), one term each; empty or "all" = every usable non-planted level
	// Tune times one level once per value of a tuning constant it reads at
	// run time (arch.Tuning.Var): rows "impl:name=value", interleaved.
	Tune    []Tune
	Sizes   []int
	Seconds float64 // window of one sample of one row
	Count   int     // samples per cell
	Multi   int     // runners (and Go goroutines, openssl -multi) at once
	Peers   []string
	// Elapsed divides by wall-clock time instead of the thread's CPU time
	// (openssl speed -elapsed).
	Elapsed bool
	Planted bool // the runner was built with xarch_planted; planted levels run when Impls names them
	// NoCalibration leaves every threshold at its declared value; else a
	// native run applies this CPU's calibration file if there is one.
	NoCalibration bool
	Target        driver.Target
	// Providers are provider levels, each timed in its own runner in
	// the same table (provider.go).
	Providers []Provider
	// ProvidersOnly leaves the main runner's levels out (--openssl only).
	ProvidersOnly bool
	Command       []string
	// Progress, if set, receives status lines.
	Progress io.Writer
	// Terminal rewrites the status line in place instead of adding lines.
	Terminal bool
}

// Peer names for Options.Peers.
const (
	PeerGo      = "go"
	PeerOpenSSL = "openssl"
)

// A unit is what one measurement step times: all implementation rows of an
// algorithm together (the runner interleaves them in short slices), or one
// peer row. measure returns a rate per row in 1000s of bytes/s by the run's
// clock, and by wall-clock time when that is a separate figure (else 0).
type unit struct {
	label   string
	sizes   []int // Options.Sizes, or the algorithm's columns
	rows    []*Row
	seconds float64 // wall time one step takes, for the estimate
	measure func(ctx context.Context, size int) (rates, walls []float64, err error)
	peer    bool
	skip    bool // a peer that failed is dropped with its reason
}

// pick chooses the rate by the run's clock; without a CPU clock it falls
// back to wall-clock time.
func pick(cpu, wall float64, elapsed bool) (float64, float64) {
	if elapsed || cpu <= 0 {
		return wall, 0
	}
	return cpu, wall
}

func clockName(elapsed bool) string {
	if elapsed {
		return ClockWall
	}
	return ClockCPU
}

// Run takes every sample and returns the report.
func Run(ctx context.Context, o Options) (*Report, error) {
	if o.Count < 1 || o.Multi < 1 || o.Seconds <= 0 || len(o.Sizes) == 0 || len(o.Algs) == 0 {
		return nil, fmt.Errorf("speed: need count>=1, multi>=1, seconds>0, at least one size and algorithm")
	}
	for _, s := range o.Sizes {
		if s < 1 || s > wire.SpeedMaxSize {
			return nil, validate.Errorf("size %d: want 1..%d bytes", s, wire.SpeedMaxSize)
		}
	}
	window := time.Duration(o.Seconds * float64(time.Second))
	osslSeconds := int(math.Ceil(o.Seconds))
	rep := &Report{
		Format: FormatVersion, Started: time.Now().UTC(), Command: o.Command, Host: HostFacts(), Version: report.Version(),
		Config: Config{Algs: o.Algs, Impls: o.Impls, Sizes: o.Sizes, Seconds: o.Seconds, Count: o.Count,
			Multi: o.Multi, Mask: o.Target.Mask, Peers: o.Peers, Planted: o.Planted, Clock: clockName(o.Elapsed)},
	}

	if h, err := report.SourceHash(o.Root); err == nil {
		rep.SourceHash = h
	}

	// One runner per --multi slot; each serves every implementation row.
	sessions := make([]*driver.Session, o.Multi)
	defer func() {
		for _, s := range sessions {
			if s != nil {
				s.Close()
			}
		}
	}()
	for i := range sessions {
		s, err := driver.NewSession(o.Target, time.Minute)
		if err != nil {
			return nil, err
		}
		sessions[i] = s
	}
	info := sessions[0].Info()
	provs, err := startProviders(o)
	defer closeProviders(provs)
	if err != nil {
		return nil, err
	}
	ownImpls, ownNone := mainImpls(o)
	var timed []*Alg
	for _, name := range o.Algs {
		if a, err := LookupAlg(name); err == nil {
			timed = append(timed, a)
		}
	}
	if err := CheckTunes(info, timed, o.Tune); err != nil {
		return nil, err
	}
	if !o.NoCalibration && o.Target.Qemu == "" {
		path, err := CalibrationPath(info, rep.Host.CPUModel)
		if err != nil {
			return nil, err
		}
		if rep.Calibration, err = applyCalibration(sessions, info, path); err != nil {
			return nil, err
		}
	}
	rep.Target = Target{Arch: info.Arch, Model: o.Target.Model, Emulated: o.Target.Qemu != "",
		Compiler: info.Compiler, RunnerGo: info.GoVersion, Detected: info.Detected, Masked: info.Masked}
	if o.Target.Qemu != "" {
		rep.Target.Emulator = o.Target.Qemu
		if o.Target.CPU != "" {
			rep.Target.Emulator += " -cpu " + o.Target.CPU
		}
	}

	var ossls []*OpenSSL
	var osslWhy []string
	if wantsOpenSSL(o.Peers) {
		found, why := FindOpenSSLs()
		for _, x := range found {
			if hasPeer(o.Peers, PeerOpenSSL) || hasPeer(o.Peers, x.Name) {
				ossls = append(ossls, x)
			}
		}
		osslWhy = why
		if len(ossls) > 0 {
			rep.Host.OpenSSL = ossls[0].Version
			rep.Config.OpenSSLSeconds = osslSeconds
		}
		for _, x := range ossls {
			rep.Host.OpenSSLs = append(rep.Host.OpenSSLs, x.Name+": "+x.Version)
		}
	}

	var units []*unit
	var rows []*Row // every row, in table order
	newRow := func(r Row, sizes []int) *Row {
		for _, s := range sizes {
			r.Cells = append(r.Cells, Cell{Size: s})
		}
		p := &r
		rows = append(rows, p)
		return p
	}
	named := map[string]bool{} // levels selected for some --alg
	for _, name := range o.Algs {
		alg, err := LookupAlg(name)
		if err != nil {
			return nil, err
		}
		var implRows []Row
		var skips []Skip
		if !ownNone {
			if implRows, skips, err = selectImpls(info, alg, ownImpls, o.Planted); err != nil {
				return nil, err
			}
		}
		if implRows, err = applyTune(info, alg, implRows, o.Tune); err != nil {
			return nil, err
		}
		if len(implRows) > wire.SpeedMaxImpls {
			return nil, fmt.Errorf("%d %s implementations; one request times at most %d (pick some with --impl)",
				len(implRows), alg.Name, wire.SpeedMaxImpls)
		}
		rep.Skipped = append(rep.Skipped, skips...)
		for _, r := range implRows {
			named[r.Name] = true
		}
		for _, k := range skips {
			named[k.Name] = true
		}
		sizes := alg.Sizes(o.Sizes)
		if len(implRows) > 0 {
			u := &unit{label: alg.Name + " levels", sizes: sizes, seconds: float64(len(implRows)) * o.Seconds * 1.05}
			var names []string
			for _, r := range implRows {
				r.Group, r.Columns = u.label, alg.Columns
				u.rows = append(u.rows, newRow(r, sizes))
				names = append(names, r.Name)
			}
			u.measure = implMeasurer(sessions, alg, names, window, o.Elapsed)
			units = append(units, u)
		}
		pu, pskips := providerUnits(o, provs, alg, sizes, window, newRow, named)
		units = append(units, pu...)
		rep.Skipped = append(rep.Skipped, pskips...)
		if hasPeer(o.Peers, PeerGo) {
			alg := alg
			units = append(units, &unit{label: "go " + alg.Name, peer: true, seconds: o.Seconds * 1.05, sizes: sizes,
				rows: []*Row{newRow(Row{Alg: alg.Name, Name: "go", Kind: KindGo, Group: "go " + alg.Name, Columns: alg.Columns}, sizes)},
				measure: func(_ context.Context, size int) ([]float64, []float64, error) {
					c, w := alg.GoSpeed(size, window, o.Multi)
					r, w := pick(c, w, o.Elapsed)
					return []float64{r / alg.unitDiv()}, []float64{w / alg.unitDiv()}, nil
				}})
		}
		if wantsOpenSSL(o.Peers) {
			for _, why := range osslWhy {
				rep.Skipped = append(rep.Skipped, Skip{Alg: alg.Name, Name: "openssl", Why: why})
			}
			if alg.OpenSSL == "" && len(ossls) > 0 {
				rep.Skipped = append(rep.Skipped, Skip{Alg: alg.Name, Name: "openssl", Why: "openssl speed has no " + alg.Name})
			}
		}
		for _, ossl := range ossls {
			if alg.OpenSSL == "" {
				break
			}
			units = append(units, opensslUnit(ossl, alg, sizes, osslSeconds, o, newRow))
		}
	}
	for _, n := range implselect.Exact(strings.Join(o.Impls, ",")) {
		if !named[n] {
			return nil, fmt.Errorf("--impl %s: a level of no algorithm --alg %s selects", n, strings.Join(o.Algs, ","))
		}
	}
	if len(units) == 0 {
		return nil, fmt.Errorf("nothing to time: %s", describeSkips(rep.Skipped))
	}

	// Interleave: each sample round visits every size, and within a size
	// every unit, starting one unit later each time, so slow drift of the
	// machine (other load, clocks, heat) spreads over all rows alike.
	// Inside a unit the runner interleaves the levels in short slices.
	steps := 0
	for _, u := range units {
		if len(u.sizes) > steps {
			steps = len(u.sizes)
		}
	}
	status := newStatus(o.Progress, o.Terminal)
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, "speed: %d rows x %d sizes (or columns) x %d samples, about %s\n",
			len(rows), steps, o.Count, estimate(units, o.Count).Round(time.Second))
	}
	for round := 0; round < o.Count; round++ {
		for si := 0; si < steps; si++ {
			for k := range units {
				u := units[(k+round+si)%len(units)]
				if u.skip || si >= len(u.sizes) {
					continue
				}
				size := u.sizes[si]
				status.show(fmt.Sprintf("sample %d/%d  %11s  %s", round+1, o.Count, u.rows[0].CellName(size), u.label))
				if err := ctx.Err(); err != nil {
					status.done()
					return nil, err
				}
				rates, walls, err := u.measure(ctx, size)
				if err != nil {
					if !u.peer {
						status.done()
						return nil, fmt.Errorf("%s, %s, on %s: %v", u.label, u.rows[0].CellName(size), o.Target, err)
					}
					u.skip = true
					for _, r := range u.rows {
						rep.Skipped = append(rep.Skipped, Skip{Alg: r.Alg, Name: r.Name, Why: err.Error()})
					}
					continue
				}
				for i, r := range u.rows {
					c := r.Cell(size)
					c.Samples = append(c.Samples, rates[i])
					if walls[i] > 0 {
						c.Wall = append(c.Wall, walls[i])
					}
				}
			}
		}
	}
	status.done()
	dropped := map[*Row]bool{}
	for _, u := range units {
		if u.skip {
			for _, r := range u.rows {
				dropped[r] = true
			}
		}
	}
	for _, r := range rows {
		if !dropped[r] {
			rep.Rows = append(rep.Rows, *r)
		}
	}
	rep.DispatchLosses = DispatchLosses(rep)
	return rep, nil
}

func estimate(units []*unit, rounds int) time.Duration {
	per := 0.0
	for _, u := range units {
		per += u.seconds * float64(len(u.sizes))
	}
	return time.Duration(per * float64(rounds) * float64(time.Second))
}

func hasPeer(peers []string, p string) bool {
	for _, x := range peers {
		if x == p {
			return true
		}
	}
	return false
}

func describeSkips(s []Skip) string {
	if len(s) == 0 {
		return "no implementation or peer selected"
	}
	var parts []string
	for _, k := range s {
		parts = append(parts, k.Name+": "+k.Why)
	}
	return strings.Join(parts, "; ")
}

// selectImpls picks the implementation rows of one algorithm from the
// runner's table by the --impl selection (implselect: every usable
// non-planted level when empty or "all"; planted levels only when named).
// Levels that cannot run are returned as skips, so the table says why a
// row is missing; an exact name the table lacks is an error.
func selectImpls(info wire.Info, alg *Alg, impls []string, planted bool) ([]Row, []Skip, error) {
	spec := strings.Join(impls, ",")
	var rows []Row
	var skips []Skip
	found := map[string]bool{}
	var known []string
	for _, im := range info.Impls {
		found[im.Name] = true
		if im.Alg != alg.Family {
			continue
		}
		known = append(known, im.Name)
		if !implselect.Match(spec, planted, im.Name, im.Planted) {
			continue
		}
		if !im.Usable {
			skips = append(skips, Skip{Alg: alg.Name, Name: im.Name, Why: im.Why})
			continue
		}
		rows = append(rows, Row{Alg: alg.Name, Name: im.Name, Kind: KindImpl, Rank: im.Rank,
			Best: info.Best[alg.Family] == im.Name})
	}
	for _, n := range implselect.Exact(spec) {
		if !found[n] {
			sort.Strings(known)
			return nil, nil, fmt.Errorf("--impl %s: no %s implementation of that name on %s (known: %s; planted levels need --planted)",
				n, alg.Name, info.Arch, strings.Join(known, ", "))
		}
	}
	// Highest level first, as a reader scans from the best down.
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].Rank > rows[j].Rank })
	return rows, skips, nil
}

// Tune is one --tune IMPL:NAME=V1,V2,... experiment.
type Tune struct {
	Impl, Name string
	Values     []int
}

// ParseTune reads IMPL:NAME=V1,V2,...
func ParseTune(s string) (Tune, error) {
	i := strings.Index(s, ":")
	j := strings.Index(s, "=")
	if i <= 0 || j < i+2 || j == len(s)-1 {
		return Tune{}, fmt.Errorf("--tune %q: want IMPL:NAME=V1,V2,... (e.g. aes-gcm/armv8:wide_min_bytes=0,512)", s)
	}
	t := Tune{Impl: s[:i], Name: s[i+1 : j]}
	for _, v := range strings.Split(s[j+1:], ",") {
		n, err := validate.TuneValue(s, v)
		if err != nil {
			return Tune{}, err
		}
		t.Values = append(t.Values, n)
	}
	return t, nil
}

// applyTune replaces each tuned level's row with one row per value (the
// level is added if --impl left it out), after checking that the runner
// reports the constant as tunable.
func applyTune(info wire.Info, alg *Alg, rows []Row, tunes []Tune) ([]Row, error) {
	for _, t := range tunes {
		var im *wire.ImplInfo
		for i := range info.Impls {
			if info.Impls[i].Name == t.Impl {
				im = &info.Impls[i]
			}
		}
		if im == nil || im.Alg != alg.Family {
			continue // another algorithm's level, or checked below
		}
		if !im.Usable {
			return nil, fmt.Errorf("--tune %s: not usable here: %s", t.Impl, im.Why)
		}
		if err := validate.Tuning(*im, t.Name); err != nil {
			return nil, err
		}
		var out []Row
		base := Row{Alg: alg.Name, Kind: KindImpl, Rank: im.Rank, Best: info.Best[alg.Family] == im.Name}
		done := false
		for _, r := range rows {
			if r.Name != t.Impl {
				out = append(out, r)
				continue
			}
			base = r
		}
		for _, v := range t.Values {
			r := base
			r.Name, r.Best = fmt.Sprintf("%s:%s=%d", t.Impl, t.Name, v), false
			out = append(out, r)
			done = true
		}
		if done {
			rows = out
		}
	}
	return rows, nil
}

// CheckTunes fails for a --tune whose level no timed algorithm has.
func CheckTunes(info wire.Info, algs []*Alg, tunes []Tune) error {
	for _, t := range tunes {
		ok := false
		for _, im := range info.Impls {
			for _, a := range algs {
				if im.Name == t.Impl && im.Alg == a.Family {
					ok = true
				}
			}
		}
		if !ok {
			return validate.Errorf("--tune %s: no level of that name serves the timed algorithms on this %s runner", t.Impl, info.Arch)
		}
	}
	return nil
}

// implMeasurer times the implementations in one request to every runner at
// once (each interleaves them in slices) and sums the runners' rates per
// implementation, openssl -multi style. Each answer's output is checked
// against Go's standard library: a wrong kernel is not timed.
func implMeasurer(sessions []*driver.Session, alg *Alg, impls []string, window time.Duration, elapsed bool) func(context.Context, int) ([]float64, []float64, error) {
	refs := map[int][]byte{}
	// A request lasts one window of CPU time per implementation, at most
	// timing.MaxStretch windows of wall time each on a busy machine;
	// allow for a slow (emulated) start on top.
	timeout := time.Duration(len(impls))*timing.MaxStretch*window + time.Minute
	return func(_ context.Context, size int) ([]float64, []float64, error) {
		ref, ok := refs[size]
		if !ok {
			ref = alg.Reference(size)
			refs[size] = ref
		}
		res := make([][]timing.Timing, len(sessions))
		errs := make([]error, len(sessions))
		var wg sync.WaitGroup
		for i, s := range sessions {
			wg.Add(1)
			go func(i int, s *driver.Session) {
				defer wg.Done()
				s.Timeout = timeout
				out, err := s.Call([]byte("speed"), []byte(strings.Join(impls, ",")), []byte(alg.Name),
					[]byte(strconv.Itoa(size)), []byte(strconv.FormatInt(int64(window), 10)))
				if err != nil {
					errs[i] = err
					return
				}
				res[i], errs[i] = parseSpeedAnswer(out, impls, ref, alg)
			}(i, s)
		}
		wg.Wait()
		for i := range errs {
			if errs[i] != nil {
				if len(sessions) > 1 {
					return nil, nil, fmt.Errorf("runner %d of %d: %v", i+1, len(sessions), errs[i])
				}
				return nil, nil, errs[i]
			}
		}
		rates := make([]float64, len(impls))
		walls := make([]float64, len(impls))
		for k := range impls {
			per := make([]timing.Timing, len(sessions))
			for i := range sessions {
				per[i] = res[i][k]
			}
			c, w := sumRates(per, alg.scale(size))
			r, w := pick(c, w, elapsed)
			rates[k], walls[k] = r/alg.unitDiv(), w/alg.unitDiv()
		}
		return rates, walls, nil
	}
}

// parseSpeedAnswer reads the runner's answer: per implementation the
// operations, wall ns, CPU ns (-1 if unknown) and the last output, which
// must equal ref.
func parseSpeedAnswer(out [][]byte, impls []string, ref []byte, alg *Alg) ([]timing.Timing, error) {
	if len(out) != 4*len(impls) {
		return nil, fmt.Errorf("speed answer has %d strings, want 4 per implementation (operations, wall ns, cpu ns, output) for %d",
			len(out), len(impls))
	}
	var ts []timing.Timing
	for k, impl := range impls {
		f := out[4*k : 4*k+4]
		n, err1 := strconv.ParseInt(string(f[0]), 10, 64)
		wall, err2 := strconv.ParseInt(string(f[1]), 10, 64)
		cpu, err3 := strconv.ParseInt(string(f[2]), 10, 64)
		if err1 != nil || err2 != nil || err3 != nil || n <= 0 || wall <= 0 || cpu < -1 {
			return nil, fmt.Errorf("%s: speed answer %q operations in %q ns (cpu %q) is not a measurement", impl, f[0], f[1], f[2])
		}
		if !bytes.Equal(f[3], ref) {
			return nil, fmt.Errorf("%s computed a wrong %s while timing: got %x, want %x (Go's %s); reproduce with `xarch run --impl %s`",
				impl, alg.Name, f[3], ref, alg.GoName, impl)
		}
		ts = append(ts, timing.Timing{Ops: n, Wall: time.Duration(wall), CPU: time.Duration(cpu)})
	}
	return ts, nil
}

// status prints progress: one rewritten line on a terminal, else a line
// per sample round.
type status struct {
	w        io.Writer
	terminal bool
	last     string
	width    int
}

func newStatus(w io.Writer, terminal bool) *status { return &status{w: w, terminal: terminal} }

func (s *status) show(line string) {
	if s.w == nil {
		return
	}
	if s.terminal {
		pad := ""
		if n := s.width - len(line); n > 0 {
			pad = strings.Repeat(" ", n)
		}
		fmt.Fprintf(s.w, "\r%s%s", line, pad)
		s.width = len(line)
		return
	}
	// Not a terminal: one line when a sample round starts.
	head := line
	if i := strings.Index(line, "  "); i > 0 {
		head = line[:i]
	}
	if head != s.last {
		fmt.Fprintln(s.w, "speed:", head)
		s.last = head
	}
}

func (s *status) done() {
	if s.w != nil && s.terminal && s.width > 0 {
		fmt.Fprintf(s.w, "\r%s\r", strings.Repeat(" ", s.width))
		s.width = 0
	}
}

// wantsOpenSSL: --peers names openssl, or one version of it.
func wantsOpenSSL(peers []string) bool {
	for _, p := range peers {
		if strings.HasPrefix(p, PeerOpenSSL) {
			return true
		}
	}
	return false
}

// opensslUnit times one openssl binary: per size with -evp, or, for an
// algorithm counted in operations (`openssl speed rsa2048` times every
// column in one run), the first column's step runs it and the others take
// its numbers (the same sample round).
func opensslUnit(ossl *OpenSSL, alg *Alg, sizes []int, osslSeconds int, o Options, newRow func(Row, []int) *Row) *unit {
	label := ossl.Name + " " + alg.Name
	row := newRow(Row{Alg: alg.Name, Name: ossl.Name, Kind: KindOpenSSL, Group: label, Columns: alg.Columns, Source: ossl.Version}, sizes)
	u := &unit{label: label, peer: true, sizes: sizes, seconds: float64(osslSeconds) + 0.05, rows: []*Row{row}}
	if len(alg.Columns) > 0 {
		var cols []float64
		u.measure = func(ctx context.Context, col int) ([]float64, []float64, error) {
			if col == 1 || len(cols) < col {
				var err error
				if cols, err = ossl.SpeedOps(ctx, alg.OpenSSL, len(alg.Columns), osslSeconds, o.Multi, o.Elapsed); err != nil {
					return nil, nil, err
				}
			}
			return []float64{cols[col-1]}, []float64{0}, nil
		}
		return u
	}
	u.measure = func(ctx context.Context, size int) ([]float64, []float64, error) {
		v, err := ossl.Speed(ctx, alg.OpenSSL, alg.OpenSSLDecrypt, size, osslSeconds, o.Multi, o.Elapsed)
		return []float64{v / 1000}, []float64{0}, err
	}
	return u
}
