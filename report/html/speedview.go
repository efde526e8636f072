package html

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/speed"
)

// SpeedRun is the page section of one `xarch speed` report.
type SpeedRun struct {
	Path   string
	Facts  []string
	Charts []Chart
}

// isTuned reports whether a row is one value of a --tune experiment
// ("aes-gcm/armv8:wide_min_bytes=0").
func isTuned(r speed.Row) bool {
	return r.Kind == speed.KindImpl && strings.Contains(r.Name, ":") && strings.Contains(r.Name, "=")
}

// algs lists the report's algorithms in row order.
func algs(r *speed.Report) []string {
	var out []string
	seen := map[string]bool{}
	for _, row := range r.Rows {
		if !seen[row.Alg] {
			seen[row.Alg] = true
			out = append(out, row.Alg)
		}
	}
	return out
}

func rowsOf(r *speed.Report, alg string) []speed.Row {
	var out []speed.Row
	for _, row := range r.Rows {
		if row.Alg == alg {
			out = append(out, row)
		}
	}
	return out
}

func sizesOf(rows []speed.Row) []int {
	seen := map[int]bool{}
	var out []int
	for _, r := range rows {
		for _, c := range r.Cells {
			if !seen[c.Size] {
				seen[c.Size] = true
				out = append(out, c.Size)
			}
		}
	}
	sort.Ints(out)
	return out
}

func median(r speed.Row, size int) float64 {
	if c := r.Cell(size); c != nil && len(c.Samples) > 0 {
		return c.Median()
	}
	return math.NaN()
}

// kfmt prints a rate the way the openssl tables of docs/speed.md do:
// thousands with separators and "k".
func kfmt(v float64) string {
	if math.IsNaN(v) {
		return "not timed"
	}
	s := fmt.Sprintf("%.0f", v)
	var b strings.Builder
	for i, ch := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(ch)
	}
	return b.String() + "k"
}

func rowName(r speed.Row) string {
	n := r.Label()
	if r.Best {
		n += " *"
	}
	return n
}

// BuildSpeed makes the charts of one speed report.
func BuildSpeed(path string, r *speed.Report, prefix string) (*SpeedRun, error) {
	run := &SpeedRun{Path: path, Facts: speedFacts(r)}
	for ai, alg := range algs(r) {
		rows := rowsOf(r, alg)
		id := fmt.Sprintf("%s-%d", prefix, ai)
		if len(rows[0].Columns) > 0 {
			ch, err := columnsChart(id, alg, rows)
			if err != nil {
				return nil, err
			}
			run.Charts = append(run.Charts, ch)
			continue
		}
		ch, err := throughputChart(id+"-lines", alg+": throughput by buffer size", rows, "lines")
		if err != nil {
			return nil, err
		}
		ch.Notes = append(ch.Notes, skipsOf(r, alg)...)
		run.Charts = append(run.Charts, ch)
		// One line per value of each tuned constant.
		tuned := map[string][]speed.Row{}
		var order []string
		for _, row := range rows {
			if isTuned(row) {
				k := row.Name[:strings.LastIndex(row.Name, "=")]
				if tuned[k] == nil {
					order = append(order, k)
				}
				tuned[k] = append(tuned[k], row)
			}
		}
		for ti, k := range order {
			ch, err := throughputChart(fmt.Sprintf("%s-tune-%d", id, ti), alg+": --tune "+k+", one line per value", tuned[k], "tune")
			if err != nil {
				return nil, err
			}
			run.Charts = append(run.Charts, ch)
		}
		if r.Config.Mask != "" {
			ch, err := ladderInRun(id+"-ladder", alg, r, rows)
			if err != nil {
				return nil, err
			}
			run.Charts = append(run.Charts, ch)
		}
	}
	return run, nil
}

func speedFacts(r *speed.Report) []string {
	t, h, c := r.Target, r.Host, r.Config
	where := t.Arch + "/" + t.Model
	if t.Emulated {
		where += " under " + t.Emulator + ": EMULATED, not hardware timing"
	} else {
		where += ", natively"
	}
	mask := c.Mask
	if mask == "" {
		mask = "none"
	}
	facts := []string{
		"target: " + where + "; runner " + t.RunnerGo + " " + t.Compiler,
		fmt.Sprintf("host: %s, %s/%s, kernel %s, %d CPUs, %s", h.CPUModel, h.OS, h.Arch, h.Kernel, h.NumCPU, h.GoVersion),
		"features: " + strings.Join(t.Detected, " ") + "; mask: " + mask,
		fmt.Sprintf("%d samples per cell of %.2g s, rates divide by %s time; medians in 1000s of bytes (or operations) per second; * marks the level dispatch picks",
			c.Count, c.Seconds, c.Clock),
		"started " + r.Started.UTC().Format("2006-01-02 15:04:05 UTC"),
	}
	if h.OpenSSL != "" {
		facts = append(facts, "openssl: "+h.OpenSSL)
	}
	return facts
}

func skipsOf(r *speed.Report, alg string) []string {
	var out []string
	for _, s := range r.Skipped {
		if s.Alg == alg {
			out = append(out, s.Name+": not timed: "+s.Why)
		}
	}
	return out
}

func throughputChart(id, title string, rows []speed.Row, kind string) (Chart, error) {
	sizes := sizesOf(rows)
	var lines []line
	tab := Table{Head: []string{"row"}}
	for _, s := range sizes {
		tab.Head = append(tab.Head, fmt.Sprintf("%d bytes", s))
	}
	for _, row := range rows {
		l := line{name: rowName(row), dashed: row.Kind != speed.KindImpl}
		cells := []string{rowName(row)}
		for _, s := range sizes {
			l.xs = append(l.xs, float64(s))
			m := median(row, s)
			l.ys = append(l.ys, m/1000) // MB/s on the chart
			cells = append(cells, kfmt(m))
		}
		lines = append(lines, l)
		tab.Rows = append(tab.Rows, cells)
	}
	svg, series, err := lineChart(title, "MB/s (10⁶ bytes/s, log scale)", sizes, lines, true)
	if err != nil {
		return Chart{}, err
	}
	return Chart{ID: id, Title: title, Kind: kind, SVG: svg, Series: series, Table: tab}, nil
}

// columnsChart: operations per second (rsa2048 sign, verify) as bars.
func columnsChart(id, alg string, rows []speed.Row) (Chart, error) {
	cols := rows[0].Columns
	tab := Table{Head: []string{"row"}}
	var groups []string
	for i := range cols {
		groups = append(groups, rows[0].CellName(i+1))
		tab.Head = append(tab.Head, rows[0].CellName(i+1))
	}
	var names []string
	var values [][]float64
	for _, row := range rows {
		names = append(names, rowName(row))
		var vs []float64
		cells := []string{rowName(row)}
		for i := range cols {
			m := median(row, i+1)
			vs = append(vs, m)
			cells = append(cells, fmt.Sprintf("%.1f", m))
		}
		values = append(values, vs)
		tab.Rows = append(tab.Rows, cells)
	}
	title := alg + ": operations per second"
	svg, series, err := barChart(title, "operations/s", groups, names, values)
	if err != nil {
		return Chart{}, err
	}
	return Chart{ID: id, Title: title, Kind: "columns", SVG: svg, Series: series, Table: tab}, nil
}

// ladderInRun: the levels of one masked run, best rank first, each the
// rung dispatch falls to when the features above it are masked; masked
// levels are rungs not timed.
func ladderInRun(id, alg string, r *speed.Report, rows []speed.Row) (Chart, error) {
	var impls []speed.Row
	for _, row := range rows {
		if row.Kind == speed.KindImpl && !isTuned(row) {
			impls = append(impls, row)
		}
	}
	sort.SliceStable(impls, func(i, j int) bool { return impls[i].Rank > impls[j].Rank })
	sizes := sizesOf(impls)
	var groups []string
	tab := Table{Head: []string{"level (rank)"}}
	for _, s := range sizes {
		groups = append(groups, sizeLabel(s)+" B")
		tab.Head = append(tab.Head, fmt.Sprintf("%d bytes", s))
	}
	var names []string
	var values [][]float64
	for _, s := range r.Skipped {
		if s.Alg == alg && strings.Contains(s.Why, "masked") {
			cells := []string{s.Name + " (not timed: " + s.Why + ")"}
			for range sizes {
				cells = append(cells, "-")
			}
			tab.Rows = append(tab.Rows, cells)
		}
	}
	for _, row := range impls {
		names = append(names, rowName(row))
		cells := []string{fmt.Sprintf("%s (%d)", rowName(row), row.Rank)}
		var vs []float64
		for _, s := range sizes {
			m := median(row, s)
			vs = append(vs, m/1000)
			cells = append(cells, kfmt(m))
		}
		values = append(values, vs)
		tab.Rows = append(tab.Rows, cells)
	}
	title := fmt.Sprintf("%s: fallback ladder under --mask %s", alg, r.Config.Mask)
	svg, series, err := barChart(title, "MB/s (10⁶ bytes/s)", groups, names, values)
	if err != nil {
		return Chart{}, err
	}
	return Chart{ID: id, Title: title, Kind: "ladder", SVG: svg, Series: series, Table: tab}, nil
}

// BuildLadder compares the dispatch pick of several runs of one algorithm
// (one run per --mask): the AVX-512 report's fallback table as bars.
func BuildLadder(paths []string, runs []*speed.Report) ([]Chart, error) {
	var out []Chart
	var all []string
	seen := map[string]bool{}
	for _, r := range runs {
		for _, a := range algs(r) {
			if !seen[a] {
				seen[a] = true
				all = append(all, a)
			}
		}
	}
	for ai, alg := range all {
		type rung struct {
			mask string
			row  speed.Row
		}
		var rungs []rung
		for _, r := range runs {
			for _, row := range rowsOf(r, alg) {
				if row.Best && len(row.Columns) == 0 {
					m := r.Config.Mask
					if m == "" {
						m = "none"
					}
					rungs = append(rungs, rung{m, row})
				}
			}
		}
		if len(rungs) < 2 {
			continue
		}
		var rows []speed.Row
		for _, g := range rungs {
			rows = append(rows, g.row)
		}
		sizes := sizesOf(rows)
		var groups []string
		tab := Table{Head: []string{"mask", "dispatch picks"}}
		for _, s := range sizes {
			groups = append(groups, sizeLabel(s)+" B")
			tab.Head = append(tab.Head, fmt.Sprintf("%d bytes", s))
		}
		var names []string
		var values [][]float64
		for _, g := range rungs {
			names = append(names, "mask "+g.mask+": "+g.row.Name)
			cells := []string{g.mask, g.row.Name}
			var vs []float64
			for _, s := range sizes {
				m := median(g.row, s)
				vs = append(vs, m/1000)
				cells = append(cells, kfmt(m))
			}
			values = append(values, vs)
			tab.Rows = append(tab.Rows, cells)
		}
		title := alg + ": fallback ladder, one run per mask"
		svg, series, err := barChart(title, "MB/s (10⁶ bytes/s)", groups, names, values)
		if err != nil {
			return nil, err
		}
		out = append(out, Chart{ID: fmt.Sprintf("ladder-%d", ai), Title: title, Kind: "ladder", SVG: svg, Series: series, Table: tab,
			Notes: []string{"runs: " + strings.Join(paths, ", ")}})
	}
	return out, nil
}

// BuildCompare draws `xarch speed compare`: the change per size, the
// significant ones coloured, one chart per compared row.
func BuildCompare(d *speed.Diff) ([]Chart, error) {
	var out []Chart
	for i, rd := range d.Rows {
		var bars []diffBar
		tab := Table{Head: []string{"size", "base", "new", "change", "verdict (Mann-Whitney U)", "paired"}}
		for _, c := range rd.Cells {
			label := c.Name
			if label == "" {
				label = sizeLabel(c.Size) + " B"
			}
			if c.Base <= 0 || c.New <= 0 {
				tab.Rows = append(tab.Rows, []string{label, "", "", "", "missing in one run", ""})
				continue
			}
			pct, sig := 100*c.Delta, c.Significant
			if c.Paired != nil {
				pct, sig = 100*(c.Paired.Ratio-1), c.Paired.Significant // same run: the paired view is the sharper one
			}
			bars = append(bars, diffBar{label: label, pct: pct, significant: sig})
			tab.Rows = append(tab.Rows, []string{label, kfmt(c.Base) + " " + c.BaseCI, kfmt(c.New) + " " + c.NewCI,
				fmt.Sprintf("%+.2f%%", 100*c.Delta), c.Verdict(), c.PairedVerdict()})
		}
		title := rd.Base
		if rd.New != rd.Base {
			title = rd.Base + " → " + rd.New
		}
		title = rd.Alg + ": " + title
		svg, err := diffChart(title+", change per size", bars)
		if err != nil {
			return nil, err
		}
		ch := Chart{ID: fmt.Sprintf("diff-%d", i), Title: title, Kind: "diff", SVG: svg, Table: tab}
		if rd.GeoBase > 0 {
			ch.Notes = append(ch.Notes, fmt.Sprintf("geomean %s → %s (%+.2f%%)", kfmt(rd.GeoBase), kfmt(rd.GeoNew), 100*(rd.GeoNew/rd.GeoBase-1)))
		}
		out = append(out, ch)
	}
	return out, nil
}
