package speed

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/aclements/go-moremath/stats"
	"golang.org/x/perf/benchmath"
)

// Alpha is the significance level, benchstat's default.
const Alpha = 0.05

// CellDiff compares one size of a row between two runs.
type CellDiff struct {
	Size          int
	Name          string  // the column of an operations row ("sign/s"); "" for sizes
	Base, New     float64 // medians, 1000s of bytes/s
	BaseCI, NewCI string  // benchstat's "± x%" range of the median at 95%
	Delta         float64 // New/Base - 1
	P             float64 // Mann-Whitney U test, as benchstat
	N1, N2        int
	Significant   bool // P < Alpha
	Warnings      []string
	// Paired is set when both rows come from the same run: sample i of
	// each was taken in the same round (and, for levels of one runner
	// request, in interleaved slices of a few milliseconds), so the ratios
	// new_i/base_i cancel what the machine did meanwhile.
	Paired         *PairedDiff
	missingInOther bool
}

// PairedDiff is the paired view of one cell: the geometric mean of the
// per-sample ratios and a paired t-test on their logarithms.
type PairedDiff struct {
	Ratio       float64 // geometric mean of new_i/base_i
	P           float64
	N           int
	Significant bool // P < Alpha
	Interleaved bool // the two rows shared runner requests
	Same        bool // a row compared with itself
}

// RowDiff compares one row (or a pair of rows) between two runs.
type RowDiff struct {
	Alg     string
	Base    string // row label in the base report
	New     string // row label in the new report
	Cells   []CellDiff
	GeoBase float64 // geometric mean of the medians over the sizes both have
	GeoNew  float64
}

// Diff is a whole comparison.
type Diff struct {
	Rows     []RowDiff
	GeoBase  float64 // over every compared cell
	GeoNew   float64
	Emulated bool // either run was emulated
	Notes    []string
}

// Pair names a base row and a new row to compare (labels as Row.Label).
type Pair struct{ Base, New string }

// SameRun reports whether two reports are one run (the same file loaded
// twice, or a report compared with itself).
func SameRun(a, b *Report) bool {
	return a.Started.Equal(b.Started) && strings.Join(a.Command, "\x00") == strings.Join(b.Command, "\x00") &&
		a.Host.CPUModel == b.Host.CPUModel
}

// Compare matches rows by algorithm and label (or the given pairs) and
// tests every size with benchmath's AssumeNothing, the Mann-Whitney U test
// benchstat uses by default, at Alpha.
func Compare(base, new *Report, pairs []Pair) (*Diff, error) {
	d := &Diff{Emulated: base.Target.Emulated || new.Target.Emulated}
	if base.Host.CPUModel != new.Host.CPUModel {
		d.Notes = append(d.Notes, fmt.Sprintf("different CPUs: base %q, new %q", base.Host.CPUModel, new.Host.CPUModel))
	}
	if base.Target.Arch != new.Target.Arch || base.Target.Model != new.Target.Model {
		d.Notes = append(d.Notes, fmt.Sprintf("different targets: base %s/%s, new %s/%s",
			base.Target.Arch, base.Target.Model, new.Target.Arch, new.Target.Model))
	}
	// Rows are matched by algorithm and label: one run may hold a level's
	// row for several algorithms (aes-128-gcm, aes-256-gcm), all with the
	// same label.
	type rowPair struct {
		p     Pair
		b, nr *Row
	}
	var rows []rowPair
	if len(pairs) == 0 {
		for i := range base.Rows {
			b := &base.Rows[i]
			if nr := findRow(new, b.Alg, b.Label()); nr != nil {
				rows = append(rows, rowPair{Pair{b.Label(), b.Label()}, b, nr})
			}
		}
		if len(rows) == 0 {
			return nil, fmt.Errorf("the two runs have no row in common (base: %s; new: %s)", labels(base), labels(new))
		}
	}
	for _, p := range pairs {
		b := base.FindRow(p.Base)
		if b == nil {
			return nil, fmt.Errorf("base has no row %q (rows: %s)", p.Base, labels(base))
		}
		nr := findRow(new, b.Alg, p.New)
		if nr == nil {
			nr = new.FindRow(p.New)
		}
		if nr == nil {
			return nil, fmt.Errorf("new has no row %q (rows: %s)", p.New, labels(new))
		}
		rows = append(rows, rowPair{p, b, nr})
	}
	var logB, logN float64
	var n int
	for _, r := range rows {
		p, b, nr := r.p, r.b, r.nr
		rd := compareRows(b, nr, SameRun(base, new))
		if rd.Alg != nr.Alg {
			d.Notes = append(d.Notes, fmt.Sprintf("%s is %s, %s is %s", p.Base, b.Alg, p.New, nr.Alg))
		}
		var lb, ln float64
		var k int
		for _, c := range rd.Cells {
			if c.missingInOther || c.Base <= 0 || c.New <= 0 {
				continue
			}
			lb += math.Log(c.Base)
			ln += math.Log(c.New)
			k++
		}
		if k > 0 {
			rd.GeoBase, rd.GeoNew = math.Exp(lb/float64(k)), math.Exp(ln/float64(k))
			logB += lb
			logN += ln
			n += k
		}
		d.Rows = append(d.Rows, rd)
	}
	if n > 0 {
		d.GeoBase, d.GeoNew = math.Exp(logB/float64(n)), math.Exp(logN/float64(n))
	}
	return d, nil
}

func findRow(r *Report, alg, label string) *Row {
	for i := range r.Rows {
		if r.Rows[i].Alg == alg && r.Rows[i].Label() == label {
			return &r.Rows[i]
		}
	}
	return nil
}

func labels(r *Report) string {
	var out []string
	for _, row := range r.Rows {
		out = append(out, row.Label())
	}
	return strings.Join(out, ", ")
}

func compareRows(b, n *Row, sameRun bool) RowDiff {
	rd := RowDiff{Alg: b.Alg, Base: b.Label(), New: n.Label()}
	for _, bc := range b.Cells {
		nc := n.Cell(bc.Size)
		if nc == nil || len(nc.Samples) == 0 || len(bc.Samples) == 0 {
			rd.Cells = append(rd.Cells, CellDiff{Size: bc.Size, missingInOther: true})
			continue
		}
		c := CompareSamples(bc.Size, bc.Samples, nc.Samples)
		if len(b.Columns) > 0 {
			c.Name = b.CellName(bc.Size)
		}
		if sameRun && len(bc.Samples) == len(nc.Samples) {
			c.Paired = ComparePaired(bc.Samples, nc.Samples)
			if c.Paired != nil {
				c.Paired.Interleaved = b.Group != "" && b.Group == n.Group
				c.Paired.Same = b.Alg == n.Alg && b.Label() == n.Label()
			}
		}
		rd.Cells = append(rd.Cells, c)
	}
	return rd
}

// CompareSamples is one cell's statistics: medians with benchstat's 95%
// confidence range, the U-test p-value and the verdict at Alpha.
func CompareSamples(size int, base, new []float64) CellDiff {
	th := benchmath.DefaultThresholds
	th.CompareAlpha = Alpha
	sb := benchmath.NewSample(append([]float64(nil), base...), &th)
	sn := benchmath.NewSample(append([]float64(nil), new...), &th)
	as := benchmath.AssumeNothing
	sumB, sumN := as.Summary(sb, 0.95), as.Summary(sn, 0.95)
	cmp := as.Compare(sb, sn)
	c := CellDiff{Size: size, Base: sumB.Center, New: sumN.Center,
		BaseCI: sumB.PctRangeString(), NewCI: sumN.PctRangeString(),
		P: cmp.P, N1: cmp.N1, N2: cmp.N2, Significant: cmp.P < cmp.Alpha}
	if sumB.Center > 0 {
		c.Delta = sumN.Center/sumB.Center - 1
	}
	for _, w := range append(append(sumB.Warnings, sumN.Warnings...), cmp.Warnings...) {
		c.Warnings = append(c.Warnings, w.Error())
	}
	return c
}

// ComparePaired tests paired samples (same length, sample i of each taken
// together): a paired t-test on log(new_i) - log(base_i), from the
// statistics package benchstat's benchmath is built on. nil if fewer than
// two pairs.
func ComparePaired(base, new []float64) *PairedDiff {
	n := len(base)
	if n < 2 || len(new) != n {
		return nil
	}
	lb := make([]float64, n)
	ln := make([]float64, n)
	sum := 0.0
	for i := range base {
		if base[i] <= 0 || new[i] <= 0 {
			return nil
		}
		lb[i], ln[i] = math.Log(base[i]), math.Log(new[i])
		sum += ln[i] - lb[i]
	}
	d := &PairedDiff{Ratio: math.Exp(sum / float64(n)), N: n, P: 1}
	res, err := stats.PairedTTest(ln, lb, 0, stats.LocationDiffers)
	switch {
	case err == nil:
		d.P = res.P
	case sum != 0:
		// Every ratio the same and not 1 (zero variance): certain.
		d.P = 0
	}
	d.Significant = d.P < Alpha
	return d
}

// PairedVerdict is the paired column: "-3.02% (p=0.000 n=10, interleaved)".
func (c CellDiff) PairedVerdict() string {
	if c.Paired == nil {
		return ""
	}
	how := "by round"
	switch {
	case c.Paired.Same:
		how = "same row"
	case c.Paired.Interleaved:
		how = "interleaved"
	}
	stat := fmt.Sprintf("p=%.3f n=%d, %s", c.Paired.P, c.Paired.N, how)
	if !c.Paired.Significant {
		return "~ (" + stat + ")"
	}
	return fmt.Sprintf("%+.2f%% (%s)", 100*(c.Paired.Ratio-1), stat)
}

// Verdict is the diff column: "+3.12% (p=0.008 n=5)" when significant,
// "~ (p=0.421 n=5)" when not.
func (c CellDiff) Verdict() string {
	stat := fmt.Sprintf("p=%.3f n=%d", c.P, c.N1)
	if c.N1 != c.N2 {
		stat = fmt.Sprintf("p=%.3f n=%d+%d", c.P, c.N1, c.N2)
	}
	if !c.Significant {
		return "~ (" + stat + ")"
	}
	return fmt.Sprintf("%+.2f%% (%s)", 100*c.Delta, stat)
}

// WriteDiff prints the comparison: per size base, new, diff and verdict,
// a geomean line per row and one over everything.
func WriteDiff(w io.Writer, d *Diff, baseName, newName string) {
	if d.Emulated {
		fmt.Fprintln(w, EmulatedBanner)
	}
	for _, n := range d.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	fmt.Fprintf(w, "base: %s\nnew:  %s\n", baseName, newName)
	fmt.Fprintf(w, "1000s of bytes (k) or operations (sign/s, ...) per second, medians with 95%% range; higher is better; ~ = no significant difference at alpha %.2f\n", Alpha)
	fmt.Fprintln(w, "diff: Mann-Whitney U test on the two sample sets, as benchstat")
	paired := false
	for _, rd := range d.Rows {
		for _, c := range rd.Cells {
			paired = paired || c.Paired != nil
		}
	}
	if paired {
		fmt.Fprintln(w, "paired (one run): geometric mean of the per-sample ratios, paired t-test on their logs;")
		fmt.Fprintln(w, "  interleaved = both rows shared each runner request (slices of a few ms), by round = same sample round")
	}
	warned := map[string]bool{}
	for _, rd := range d.Rows {
		title := rd.Base
		if rd.New != rd.Base {
			title = rd.Base + " -> " + rd.New
		}
		head := fmt.Sprintf("%-26s", "diff")
		if paired {
			head += "   paired"
		}
		fmt.Fprintf(w, "\n%-14s %20s %20s   %s\n", title, "base", "new", strings.TrimSpace(head))
		for _, c := range rd.Cells {
			label := fmt.Sprintf("%d bytes", c.Size)
			if c.Name != "" {
				label = c.Name
			}
			if c.missingInOther {
				fmt.Fprintf(w, "%-14s %20s\n", label, "only in one run")
				continue
			}
			unit := "k"
			if c.Name != "" {
				unit = "" // operations per second, as they are
			}
			line := fmt.Sprintf("%-14s %20s %20s   %-26s", label, withCI(c.Base, c.BaseCI, unit), withCI(c.New, c.NewCI, unit), c.Verdict())
			if c.Paired != nil {
				line += "   " + c.PairedVerdict()
			}
			fmt.Fprintln(w, strings.TrimRight(line, " "))
			for _, x := range c.Warnings {
				warned[x] = true
			}
		}
		if rd.GeoBase > 0 {
			fmt.Fprintf(w, "%-14s %20s %20s   %+.2f%%\n", "geomean", fmt.Sprintf("%.2fk", rd.GeoBase),
				fmt.Sprintf("%.2fk", rd.GeoNew), 100*(rd.GeoNew/rd.GeoBase-1))
		}
	}
	if len(d.Rows) > 1 && d.GeoBase > 0 {
		fmt.Fprintf(w, "\n%-14s %20s %20s   %+.2f%%\n", "geomean (all)", fmt.Sprintf("%.2fk", d.GeoBase),
			fmt.Sprintf("%.2fk", d.GeoNew), 100*(d.GeoNew/d.GeoBase-1))
	}
	var ws []string
	for x := range warned {
		ws = append(ws, x)
	}
	sort.Strings(ws)
	for _, x := range ws {
		fmt.Fprintln(w, "warning:", x)
	}
	if d.Emulated {
		fmt.Fprintln(w, EmulatedBanner)
	}
}

func withCI(v float64, ci, unit string) string {
	return fmt.Sprintf("%.2f%s ± %s", v, unit, ci)
}
