package gotest

import (
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/speed"
)

// xarch gotest -bench: a package's benchmarks under each feature mask,
// natively (emulated only on request, and labelled so), with -count samples
// per mask taken in interleaved rounds (round i runs every mask once), and
// a benchstat-style table per mask against no mask: medians with their 95%
// range, the Mann-Whitney U test as benchstat does (speed.CompareSamples),
// and the paired test over rounds (speed.ComparePaired).

var benchLine = regexp.MustCompile(`^(Benchmark\S+)\s+\d+\s+([0-9.]+) ns/op`)

// parseBench reads ns/op per benchmark from -test.bench output.
func parseBench(out []byte) map[string]float64 {
	res := map[string]float64{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := benchLine.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			if v, err := strconv.ParseFloat(m[2], 64); err == nil {
				res[m[1]] = v
			}
		}
	}
	return res
}

type benchTarget struct {
	arch  string
	model ci.Model
	t     driver.Target
}

// Bench runs -bench: it prints a table per package, target and mask and
// returns the exit code (1 when a build or a run failed).
func Bench(o Options) (int, error) {
	w := o.Out
	table, err := ci.Load()
	if err != nil {
		return 2, err
	}
	gr := goroot()
	cache := CacheDir(o.Dir)
	optionsByArch := map[string][]string{}
	for _, a := range o.Arches {
		optionsByArch[a] = cpuOptions(a, gr, "")
	}
	explicit, withDefault, err := parseMasks(o.Mask, optionsByArch)
	if err != nil {
		return 2, err
	}
	fmt.Fprintf(w, "xarch gotest -bench %s: module dir %s, %d samples per mask (interleaved rounds), -test.benchtime %s, test binaries in %s\n",
		o.Bench, o.Dir, o.Count, o.Benchtime, cache)
	code := 0
	for _, a := range o.Arches {
		row, _ := table.Find(a)
		var targets []benchTarget
		if o.Models == "" {
			if a != runtime.GOARCH {
				fmt.Fprintf(w, "\n%s: skipped: benchmarks run natively (this host is %s); name a --model to time under qemu (labelled emulated)\n", a, runtime.GOARCH)
				continue
			}
			targets = append(targets, benchTarget{arch: a, model: ci.Model{Name: "native", Native: true}, t: driver.Target{Arch: a, Model: "native"}})
		} else {
			models, err := selectModels(table, o.Arches, row, o.Models)
			if err != nil {
				return 2, err
			}
			for _, m := range models {
				t := driver.Target{Arch: a, Model: m.Label()}
				if m.Native {
					if a != runtime.GOARCH {
						fmt.Fprintf(w, "\n%s/%s: skipped: native %s needs a %s host\n", a, m.Label(), a, a)
						continue
					}
				} else {
					q, missing := table.QemuPath(row, m.Gen)
					if missing != "" {
						fmt.Fprintf(w, "\n%s/%s: skipped: %s\n", a, m.Label(), missing)
						continue
					}
					t.Qemu, t.CPU = q, m.QemuCPU()
				}
				targets = append(targets, benchTarget{arch: a, model: m, t: t})
			}
		}
		if len(targets) == 0 {
			continue
		}
		pkgs, err := listPackages(o.Dir, a, o.Pkgs)
		if err != nil {
			return 2, err
		}
		for _, p := range pkgs {
			if p.Error != nil || !p.hasTests() {
				continue
			}
			masks := explicit
			if withDefault {
				used, options, err := packageFeatures(o.Dir, a, p, gr)
				if err != nil {
					return 2, err
				}
				optionsByArch[a] = options
				masks = dedupMasks(append(append([]Mask(nil), explicit...), defaultMasks(used, baseOptions(a))...))
			}
			hasNone := false
			for _, m := range masks {
				hasNone = hasNone || m.Name == "none"
			}
			if !hasNone {
				masks = append([]Mask{{Name: "none"}}, masks...)
			}
			bin, err := buildTest(o.Dir, cache, a, p)
			if err != nil {
				fmt.Fprintf(w, "\n%s %s: build failed: %v\n", p.ImportPath, a, err)
				code = 1
				continue
			}
			for _, bt := range targets {
				bt.t.Binary = bin
				if c := benchTarget1(w, o, p, bt, masks); c > code {
					code = c
				}
			}
		}
	}
	fmt.Fprintf(w, "test binaries: %s\n", cache)
	return code, nil
}

// benchTarget1 samples and prints one package on one target.
func benchTarget1(w io.Writer, o Options, p Pkg, bt benchTarget, masks []Mask) int {
	label := bt.arch + "/" + bt.model.Label()
	if bt.t.Qemu != "" {
		label += " (EMULATED: qemu timings, not the CPU's)"
	}
	samples := map[string]map[string][]float64{} // mask -> bench -> ns/op per round
	for _, m := range masks {
		samples[m.Name] = map[string][]float64{}
	}
	if o.Count < 6 {
		fmt.Fprintf(w, "\nnote: %d samples per mask: too few for a 95%% range of the median (shown as ∞); the U test still runs\n", o.Count)
	}
	start := time.Now()
	for round := 0; round < o.Count; round++ {
		for _, m := range masks {
			c := cell{pkg: p, arch: bt.arch, model: bt.model, target: bt.t, mask: m}
			argv := []string{}
			if bt.t.Qemu != "" {
				argv = append(argv, bt.t.Qemu)
				if bt.t.CPU != "" {
					argv = append(argv, "-cpu", bt.t.CPU)
				}
			}
			argv = append(argv, bt.t.Binary, "-test.run", "^$", "-test.bench", o.Bench, "-test.benchtime", o.Benchtime, "-test.count", "1")
			if o.Short {
				argv = append(argv, "-test.short")
			}
			argv = append(argv, o.Args...)
			env := os.Environ()
			if g := m.GODEBUG(); g != "" {
				env = append(env, "GODEBUG="+g)
			}
			run := driver.Exec(driver.Command{Argv: argv, Dir: p.Dir, Env: env, Timeout: o.Timeout})
			if run.Err != nil || run.TimedOut {
				why := fmt.Sprint(run.Err)
				if run.TimedOut {
					why = "killed after " + o.Timeout.String()
				}
				fmt.Fprintf(w, "\n%s %s mask %s: benchmark run failed: %s\n%s\n    repro: %s\n", p.ImportPath, label, m.Name, why,
					trimOutput(string(tail(run.Output, 3000))), reproLine(c, argv))
				return 1
			}
			for name, v := range parseBench(run.Output) {
				samples[m.Name][name] = append(samples[m.Name][name], v)
			}
		}
	}
	base := samples["none"]
	var names []string
	for n := range base {
		names = append(names, n)
	}
	sort.Strings(names)
	fmt.Fprintf(w, "\n%s on %s: %d benchmarks, %d masks x %d samples in %s\n", p.ImportPath, label, len(names), len(masks), o.Count, time.Since(start).Round(100*time.Millisecond))
	if len(names) == 0 {
		fmt.Fprintf(w, "  no benchmark matches -bench %s\n", o.Bench)
		return 0
	}
	for _, m := range masks {
		if m.Name == "none" {
			continue
		}
		writeMaskTable(w, m, names, base, samples[m.Name])
	}
	if len(masks) == 1 {
		writeMaskTable(w, Mask{Name: "none"}, names, base, nil)
	}
	return 0
}

// writeMaskTable is one benchstat-style table: sec/op under no mask and
// under m, the change with its U-test p-value, and the paired verdict.
func writeMaskTable(w io.Writer, m Mask, names []string, base, masked map[string][]float64) {
	if masked == nil {
		fmt.Fprintf(w, "\n  no mask (no feature to turn off)\n")
	} else {
		fmt.Fprintf(w, "\n  mask %s (GODEBUG=%s) vs no mask; ns/op, + is slower\n", m.Name, m.GODEBUG())
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if masked == nil {
		fmt.Fprintln(tw, "  BENCHMARK\tns/op\t")
	} else {
		fmt.Fprintln(tw, "  BENCHMARK\tnone ns/op\t"+m.Name+" ns/op\tvs none (U test)\tpaired by round\t")
	}
	logSum, n := 0.0, 0
	for _, name := range names {
		b := base[name]
		if masked == nil {
			c := speed.CompareSamples(0, b, b)
			fmt.Fprintf(tw, "  %s\t%s ± %s\t\n", name, fmtNS(c.Base), c.BaseCI)
			continue
		}
		x := masked[name]
		if len(x) == 0 {
			fmt.Fprintf(tw, "  %s\t\t(missing)\t\t\t\n", name)
			continue
		}
		c := speed.CompareSamples(0, b, x)
		c.Paired = speed.ComparePaired(b, x)
		if c.Base > 0 && c.New > 0 {
			logSum += math.Log(c.New / c.Base)
			n++
		}
		fmt.Fprintf(tw, "  %s\t%s ± %s\t%s ± %s\t%s\t%s\t\n", name, fmtNS(c.Base), c.BaseCI, fmtNS(c.New), c.NewCI, c.Verdict(), c.PairedVerdict())
	}
	if n > 0 {
		fmt.Fprintf(tw, "  geomean\t\t\t%+.2f%%\t\t\n", 100*(math.Exp(logSum/float64(n))-1))
	}
	tw.Flush()
}

func fmtNS(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%.3fms", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.3fµs", v/1e3)
	}
	return fmt.Sprintf("%.2fns", v)
}
