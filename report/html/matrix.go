package html

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/suite"
)

// Target is a column: one (arch, model) and what ran it.
type Target struct {
	Arch, Model, Emulator string
}

// Label is "arch/model", the key of Report.Emulators.
func (t Target) Label() string { return t.Arch + "/" + t.Model }

// Cell is one (level, target) of the matrix.
type Cell struct {
	ID            string // anchor of its detail
	Impl          string
	Target        Target
	Status        string // PASSED, FAILED, SKIPPED, NOT EMULATED
	Class         string
	Cases, Passed int
	Elapsed       time.Duration
	Note          string
	Files         []report.Result
	Failures      []FailureLine
	Probes        []suite.ProbeRow // probes of the features the cell's notes name
	Repro         string           // the command that reruns this cell
}

// FailureLine is one failure with where it happened.
type FailureLine struct {
	Target, Impl, File, Where, Msg, Repro string
}

// Matrix is the grid: Levels x Targets, with nil where the JSON has no
// result for that pair.
type Matrix struct {
	Targets []Target
	Levels  []string
	Grid    [][]*Cell // [level][target]
	Cells   int       // non-nil cells
}

// BuildMatrix folds a test report into the grid, in the report's own row
// logic (suite.Report.Rows), so a merged report and a single run agree.
func BuildMatrix(f *report.File) *Matrix {
	sorted := f.Sorted()
	sorted2 := &report.File{Format: f.Format, Targets: f.Targets, WallNS: f.WallNS, Notes: f.Notes, Probes: f.Probes,
		Emulators: f.Emulators, Results: sorted}
	rows := sorted2.Suite().Rows()

	m := &Matrix{}
	tIdx := map[string]int{}
	lIdx := map[string]int{}
	emu := map[string]string{}
	for _, r := range sorted {
		k := r.Arch + "/" + r.Model
		if _, ok := tIdx[k]; !ok {
			tIdx[k] = len(m.Targets)
			m.Targets = append(m.Targets, Target{Arch: r.Arch, Model: r.Model})
		}
		if r.Emulator != "" && emu[k] == "" {
			emu[k] = r.Emulator
		}
		if _, ok := lIdx[r.Impl]; !ok {
			lIdx[r.Impl] = len(m.Levels)
			m.Levels = append(m.Levels, r.Impl)
		}
	}
	sortTargets(m.Targets)
	for i, t := range m.Targets {
		tIdx[t.Label()] = i
	}
	for i := range m.Targets {
		t := &m.Targets[i]
		t.Emulator = f.Emulators[t.Label()]
		if t.Emulator == "" {
			t.Emulator = emu[t.Label()]
		}
	}
	// Levels by family, then name; the whole-target row "*" first.
	sort.SliceStable(m.Levels, func(i, j int) bool {
		a, b := m.Levels[i], m.Levels[j]
		if (a == "*") != (b == "*") {
			return a == "*"
		}
		return a < b
	})
	for i, l := range m.Levels {
		lIdx[l] = i
	}
	m.Grid = make([][]*Cell, len(m.Levels))
	for i := range m.Grid {
		m.Grid[i] = make([]*Cell, len(m.Targets))
	}
	for _, row := range rows {
		t := m.Targets[tIdx[row.Arch+"/"+row.Model]]
		c := &Cell{Impl: row.Impl, Target: t, Status: strings.ToUpper(string(row.Status)), Cases: row.Cases,
			Passed: row.Passed, Elapsed: row.Elapsed, Note: row.Note}
		m.Grid[lIdx[row.Impl]][tIdx[t.Label()]] = c
		m.Cells++
	}
	for _, r := range sorted {
		c := m.Grid[lIdx[r.Impl]][tIdx[r.Arch+"/"+r.Model]]
		c.Files = append(c.Files, r)
		for _, fl := range r.Failures {
			c.Failures = append(c.Failures, FailureLine{Target: c.Target.Label(), Impl: r.Impl, File: r.File,
				Where: fl.Where, Msg: fl.Msg, Repro: fl.Repro})
		}
		if r.Status == string(suite.Failed) && len(r.Failures) == 0 {
			c.Failures = append(c.Failures, FailureLine{Target: c.Target.Label(), Impl: r.Impl, File: r.File, Msg: r.Reason})
		}
	}
	n := 0
	for _, line := range m.Grid {
		for _, c := range line {
			if c == nil {
				continue
			}
			n++
			c.ID = fmt.Sprintf("cell-%d", n)
			c.Class = classify(c)
			c.Probes = probesFor(f.Probes, c)
			c.Repro = rerun(f.Selection, c)
		}
	}
	return m
}

// sortTargets orders columns as ci/models.json lists arches and models
// (native first, then the emulated models as the table has them).
func sortTargets(ts []Target) {
	order := map[string]int{}
	if tab, err := ci.Load(); err == nil {
		n := 0
		for _, a := range tab.ArchNames() {
			row, err := tab.Find(a)
			if err != nil {
				continue
			}
			for _, md := range row.Models {
				order[a+"/"+md.Label()] = n
				n++
			}
		}
	}
	sort.SliceStable(ts, func(i, j int) bool {
		oi, iok := order[ts[i].Label()]
		oj, jok := order[ts[j].Label()]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok // known models before unknown ones
		}
		return ts[i].Label() < ts[j].Label()
	})
}

func classify(c *Cell) string {
	return report.Classify(strings.ToLower(c.Status), c.Files)
}

// probesFor picks the target's probe rows whose feature the cell's notes
// name: the evidence behind a skip or a "not emulated".
func probesFor(ps []suite.ProbeRow, c *Cell) []suite.ProbeRow {
	text := c.Note
	for _, r := range c.Files {
		text += " " + r.Reason
	}
	var out []suite.ProbeRow
	for _, p := range ps {
		if p.Arch != c.Target.Arch || p.Model != c.Target.Model || p.Feature == "" {
			continue
		}
		if containsWord(text, p.Feature) {
			out = append(out, p)
		}
	}
	return out
}

func containsWord(s, w string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], w)
		if j < 0 {
			return false
		}
		j += i
		before := j == 0 || !isWordByte(s[j-1])
		after := j+len(w) == len(s) || !isWordByte(s[j+len(w)])
		if before && after {
			return true
		}
		i = j + 1
	}
}

func isWordByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

// rerun is the `xarch test` line that runs this cell again; a failure's
// own repro line (xarch run) is better and is listed with it.
func rerun(sel report.Selection, c *Cell) string {
	s := "xarch test --arch " + c.Target.Arch + " --model " + quote(c.Target.Model)
	if c.Impl != "*" {
		s += " --impl " + c.Impl
	}
	if sel.Mask != "" {
		s += " --mask " + sel.Mask
	}
	if sel.Planted {
		s += " --planted"
	}
	return s
}

func quote(s string) string {
	if strings.ContainsAny(s, " '\"$\\") {
		return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
	}
	return s
}
