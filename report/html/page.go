package html

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/speed"
	"github.com/xarchlab/xarch/suite"
)

//go:embed page.gohtml
var pageTmpl string

// Page is everything one HTML file shows.
type Page struct {
	Title     string
	Generated time.Time
	Test      *TestView
	Speed     []*SpeedRun
	Ladder    []Chart // across several speed runs
	Compare   *CompareView
}

// TestView is the matrix section of a test report.
type TestView struct {
	Path     string
	File     *report.File
	Matrix   *Matrix
	Failures []CellFailure // one per failed cell, first failure shown
	Emulator []FailureLine // excused emulator faults
	Legend   []struct{ Class, Name string }
	Counts   map[string]int // cells per class
}

// CellFailure is a failed cell's first failure and how many more it has.
type CellFailure struct {
	FailureLine
	Cell *Cell
	More int
}

// CompareView is the section of `xarch speed compare`.
type CompareView struct {
	Base, New string
	Emulated  bool
	Notes     []string
	Charts    []Chart
	GeoNote   string
}

// NewTestView builds the matrix section.
func NewTestView(path string, f *report.File) *TestView {
	v := &TestView{Path: path, File: f, Matrix: BuildMatrix(f), Legend: report.ClassNames, Counts: map[string]int{}}
	for _, line := range v.Matrix.Grid {
		for _, c := range line {
			if c == nil {
				continue
			}
			v.Counts[c.Class]++
			if c.Class == report.ClassNotEmulated {
				v.Emulator = append(v.Emulator, c.Failures...)
			} else if c.Class == report.ClassFailed && len(c.Failures) > 0 {
				cf := CellFailure{FailureLine: c.Failures[0], Cell: c, More: len(c.Failures) - 1}
				if cf.Repro == "" {
					cf.Repro = c.Repro // no repro of its own (a target that did not start): rerun the cell
				}
				v.Failures = append(v.Failures, cf)
			}
		}
	}
	return v
}

// NewCompareView builds the section of a speed comparison.
func NewCompareView(basePath, newPath string, d *speed.Diff) (*CompareView, error) {
	charts, err := BuildCompare(d)
	if err != nil {
		return nil, err
	}
	v := &CompareView{Base: basePath, New: newPath, Emulated: d.Emulated, Notes: d.Notes, Charts: charts}
	if d.GeoBase > 0 {
		v.GeoNote = fmt.Sprintf("geomean over every compared cell: %s → %s (%+.2f%%)", kfmt(d.GeoBase), kfmt(d.GeoNew), 100*(d.GeoNew/d.GeoBase-1))
	}
	return v, nil
}

// FromDocs builds the page of the files `xarch report html` was given:
// test reports (several are merged, as `xarch report merge` does) and
// speed reports (several also get the ladder across runs).
func FromDocs(docs []*Doc) (*Page, error) {
	p := &Page{Title: "xarch report", Generated: time.Now().UTC()}
	var tests []report.Input
	var runs []*speed.Report
	var runPaths []string
	for _, d := range docs {
		switch d.Kind {
		case KindTest:
			tests = append(tests, report.Input{Path: d.Path, File: d.Test})
		case KindSpeed:
			runs = append(runs, d.Speed)
			runPaths = append(runPaths, d.Path)
		}
	}
	switch len(tests) {
	case 0:
	case 1:
		p.Test = NewTestView(tests[0].Path, tests[0].File)
	default:
		merged, _ := report.Merge(tests, nil) // problems stay in merged.Error, shown on the page
		var names []string
		for _, t := range tests {
			names = append(names, t.Path)
		}
		p.Test = NewTestView(strings.Join(names, ", "), merged)
	}
	for i, r := range runs {
		run, err := BuildSpeed(runPaths[i], r, fmt.Sprintf("run%d", i))
		if err != nil {
			return nil, err
		}
		p.Speed = append(p.Speed, run)
	}
	if len(runs) > 1 {
		l, err := BuildLadder(runPaths, runs)
		if err != nil {
			return nil, err
		}
		p.Ladder = l
	}
	return p, nil
}

var funcs = template.FuncMap{
	"dur": func(d time.Duration) string {
		if d <= 0 {
			return "-"
		}
		return d.Round(10 * time.Millisecond).String()
	},
	"ns": func(n int64) string { return time.Duration(n).Round(100 * time.Millisecond).String() },
	"short": func(f string) string {
		if f == "" {
			return "(target)"
		}
		return filepath.Base(f)
	},
	"level": func(l string) string {
		if l == "*" {
			return "(whole target)"
		}
		return l
	},
	"first": func(s string) string {
		if i := strings.IndexByte(s, '\n'); i >= 0 {
			return s[:i]
		}
		return s
	},
	"join":      strings.Join,
	"upper":     strings.ToUpper,
	"probeRows": func(ps []suite.ProbeRow) []suite.ProbeRow { return ps },
}

var tmpl = template.Must(template.New("page").Funcs(funcs).Parse(pageTmpl))

// Render writes the page.
func Render(w io.Writer, p *Page) error {
	if p.Test == nil && len(p.Speed) == 0 && p.Compare == nil {
		return fmt.Errorf("nothing to show: no test, speed or compare report")
	}
	return tmpl.Execute(w, p)
}

// WriteFile renders the page to path (through a temporary file, so a
// failed render leaves no half page).
func WriteFile(path string, p *Page) error {
	if d := filepath.Dir(path); d != "." {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".xarch-html-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := Render(tmp, p); err != nil {
		tmp.Close()
		return fmt.Errorf("writing HTML report %s: %v", path, err)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
