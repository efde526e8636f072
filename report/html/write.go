package html

import (
	"os"
	"time"

	"github.com/xarchlab/xarch/fuzz"
	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/speed"
	"github.com/xarchlab/xarch/suite"
)

// WriteTest writes the matrix page of a test or fuzz run.
func WriteTest(path string, f *report.File) error {
	return WriteFile(path, &Page{Title: "xarch test report", Generated: time.Now().UTC(), Test: NewTestView(path, f)})
}

// WriteFuzz shows a fuzz run in the matrix view: its rows are results
// of file "fuzz (seed S)".
func WriteFuzz(path string, rep *fuzz.Report, o suite.Options, started time.Time) error {
	sr := &suite.Report{Results: rep.Results, Notes: rep.Notes, Probes: rep.Probes, Wall: rep.Wall}
	seen := map[string]bool{}
	for _, r := range rep.Results {
		seen[r.Arch+"/"+r.Model] = true
	}
	sr.Targets = len(seen)
	return WriteTest(path, report.New(sr, report.Meta{Command: os.Args, Options: o, Started: started}, nil))
}

// WriteSpeed writes the charts of one speed run.
func WriteSpeed(path string, rep *speed.Report) error {
	run, err := BuildSpeed(path, rep, "run0")
	if err != nil {
		return err
	}
	return WriteFile(path, &Page{Title: "xarch speed", Generated: time.Now().UTC(), Speed: []*SpeedRun{run}})
}

// WriteCompare writes the per-size diff charts of speed compare.
func WriteCompare(path, basePath, newPath string, d *speed.Diff) error {
	v, err := NewCompareView(basePath, newPath, d)
	if err != nil {
		return err
	}
	return WriteFile(path, &Page{Title: "xarch speed compare", Generated: time.Now().UTC(), Compare: v})
}
