package html

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Chart is one figure and the table beside it, so the page reads as text.
type Chart struct {
	ID     string
	Title  string
	Kind   string // "lines", "ladder", "tune", "diff", "columns"
	SVG    template.HTML
	Series []Series
	Table  Table
	Notes  []string
}

// Series is one line or bar set of a chart, with the colour it is drawn in
// (upper-case #RRGGBB, as the SVG spells it).
type Series struct {
	Name, Color string
}

// Table is a plain table: a head and rows of cells.
type Table struct {
	Head []string
	Rows [][]string
}

// palette is Okabe and Ito's colour-blind-safe set (yellow left out: it
// does not read on white), then darker extras for long ladders.
var palette = []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
	"#8C564B", "#7F7F7F", "#17BECF", "#BCBD22", "#1F3A93"}

func colorAt(i int) (string, color.Color) {
	h := palette[i%len(palette)]
	v, _ := strconv.ParseUint(h[1:], 16, 32)
	return h, color.RGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 255}
}

// lineWidth of data lines; the browser test finds lines by colour.
const lineWidth = vg.Length(1.75)

func newPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Legend.Top = true
	p.Legend.Left = true
	p.Add(plotter.NewGrid())
	return p
}

// sizeTicks marks exactly the measured sizes on a log axis.
type sizeTicks []int

func (s sizeTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for _, n := range s {
		out = append(out, plot.Tick{Value: float64(n), Label: sizeLabel(n)})
	}
	return out
}

func sizeLabel(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%dMi", n>>20)
	case n >= 1024 && n%1024 == 0:
		return fmt.Sprintf("%dKi", n>>10)
	}
	return strconv.Itoa(n)
}

// line is one series of a line chart: y over x, NaN where not measured.
type line struct {
	name   string
	xs, ys []float64
	dashed bool
}

// lineChart draws lines over log-scale sizes with a log-scale y axis.
func lineChart(title, ylabel string, sizes []int, lines []line, logY bool) (template.HTML, []Series, error) {
	p := newPlot(title, "buffer size (bytes, log scale)", ylabel)
	p.X.Scale = plot.LogScale{}
	p.X.Tick.Marker = sizeTicks(sizes)
	if logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	}
	var series []Series
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, l := range lines {
		var pts plotter.XYs
		for j := range l.xs {
			if y := l.ys[j]; y > 0 && !math.IsNaN(y) {
				pts = append(pts, plotter.XY{X: l.xs[j], Y: y})
				lo, hi = math.Min(lo, y), math.Max(hi, y)
			}
		}
		hex, c := colorAt(i)
		series = append(series, Series{Name: l.name, Color: hex})
		if len(pts) == 0 {
			continue
		}
		ln, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return "", nil, err
		}
		ln.Color, ln.Width = c, lineWidth
		if l.dashed {
			ln.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		}
		sc.Color, sc.Shape, sc.Radius = c, draw.CircleGlyph{}, vg.Points(2.5)
		p.Add(ln, sc)
		p.Legend.Add(l.name, ln, sc)
	}
	if logY && hi > lo {
		p.Y.Min, p.Y.Max = lo/1.5, hi*1.5 // room for the legend
	}
	svg, err := render(p, 16*vg.Centimeter, 10*vg.Centimeter)
	return svg, series, err
}

// barChart draws groups of bars: one group per label, one bar per series.
// A NaN value leaves its bar out (a level that was not timed).
func barChart(title, ylabel string, groups []string, names []string, values [][]float64) (template.HTML, []Series, error) {
	p := newPlot(title, "", ylabel)
	p.Legend.Left = false
	n := len(names)
	w := vg.Points(math.Min(14, 300/float64(len(groups)*n+1)))
	var series []Series
	top := 0.0
	for i, name := range names {
		vals := make(plotter.Values, len(groups))
		for g := range groups {
			if v := values[i][g]; v > 0 && !math.IsNaN(v) {
				vals[g] = v
				top = math.Max(top, v)
			}
		}
		b, err := plotter.NewBarChart(vals, w)
		if err != nil {
			return "", nil, err
		}
		hex, c := colorAt(i)
		b.Color, b.LineStyle.Width = c, 0
		b.Offset = vg.Length(float64(i)-float64(n-1)/2) * w
		p.Add(b)
		p.Legend.Add(name, b)
		series = append(series, Series{Name: name, Color: hex})
	}
	p.NominalX(groups...)
	p.Y.Min = 0
	p.Y.Max = top * (1.15 + 0.06*float64(n)) // room for the legend
	svg, err := render(p, 16*vg.Centimeter, 10*vg.Centimeter)
	return svg, series, err
}

// diffBar is one size of a compare chart.
type diffBar struct {
	label       string
	pct         float64
	significant bool
}

var (
	colFaster = color.RGBA{R: 0x00, G: 0x9E, B: 0x73, A: 255}
	colSlower = color.RGBA{R: 0xD5, G: 0x5E, B: 0x00, A: 255}
	colSame   = color.RGBA{R: 0xB0, G: 0xB0, B: 0xB0, A: 255}
)

// diffChart draws the change per size; only significant bars are coloured.
func diffChart(title string, bars []diffBar) (template.HTML, error) {
	p := newPlot(title, "", "change (%)")
	var labels []string
	for i, d := range bars {
		labels = append(labels, d.label)
		b, err := plotter.NewBarChart(plotter.Values{d.pct}, vg.Points(22))
		if err != nil {
			return "", err
		}
		b.XMin = float64(i)
		b.LineStyle.Width = 0
		switch {
		case !d.significant:
			b.Color = colSame
		case d.pct >= 0:
			b.Color = colFaster
		default:
			b.Color = colSlower
		}
		p.Add(b)
		txt := fmt.Sprintf("%+.1f%%", d.pct)
		if !d.significant {
			txt = "~ " + txt // as benchstat: no difference shown as real
		}
		y := d.pct
		lab, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{{X: float64(i), Y: y}}, Labels: []string{txt}})
		if err != nil {
			return "", err
		}
		lab.TextStyle[0].XAlign = draw.XCenter
		if y < 0 {
			lab.TextStyle[0].YAlign = draw.YTop
		}
		p.Add(lab)
	}
	p.NominalX(labels...)
	p.Add(plotter.NewFunction(func(float64) float64 { return 0 }))
	lo, hi := 0.0, 0.0
	for _, d := range bars {
		lo, hi = math.Min(lo, d.pct), math.Max(hi, d.pct)
	}
	pad := math.Max(2, (hi-lo)*0.15)
	p.Y.Min, p.Y.Max = lo-pad, hi+pad
	p.Legend.Add("significant, faster", &plotter.BarChart{Color: colFaster})
	p.Legend.Add("significant, slower", &plotter.BarChart{Color: colSlower})
	p.Legend.Add("~ not significant (p ≥ 0.05)", &plotter.BarChart{Color: colSame})
	p.Legend.Left = false
	return render(p, 16*vg.Centimeter, 9*vg.Centimeter)
}

// render draws p as SVG for inline use: no XML prelude, no fonts embedded
// (the page names the font families; nothing is fetched).
func render(p *plot.Plot, w, h vg.Length) (template.HTML, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", err
	}
	s := buf.String()
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = s[i:]
	}
	// Scale with the page: keep the viewBox, drop the fixed size.
	s = strings.Replace(s, "<svg ", `<svg class="chart" role="img" aria-label="`+template.HTMLEscapeString(p.Title.Text)+`" `, 1)
	return template.HTML(s), nil
}
