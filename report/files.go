package report

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/xarchlab/xarch/suite"
)

// Files are the report files a run writes (--json, --junit; "" = none).
type Files struct {
	JSON, JUnit string
	// HTML is the page's path; Page draws it (report/html, which imports
	// this package, so the CLI hands it in).
	HTML string
	Page func(path string, f *File) error
	// Seed and FuzzCases are the fuzz budget (report.Identity); Incomplete
	// says a signal stopped the run (Meta.Incomplete).
	Seed       uint64
	FuzzCases  int
	Incomplete string
}

// Check makes sure the files can be written before the run starts (a run
// of minutes must not end in "permission denied"): it creates each parent
// directory and opens the file for writing, leaving it as it was.
func (fs Files) Check() error {
	for _, p := range []string{fs.JSON, fs.JUnit, fs.HTML} {
		if p == "" {
			continue
		}
		if err := mkParent(p); err != nil {
			return fmt.Errorf("report file %s: %v", p, err)
		}
		_, statErr := os.Stat(p)
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE, 0o644)
		if err != nil {
			return fmt.Errorf("report file %s cannot be written: %v", p, err)
		}
		f.Close()
		if os.IsNotExist(statErr) {
			os.Remove(p)
		}
	}
	return nil
}

// Write writes the files of one run. rep is nil when the run failed before
// reporting (runErr): the files then record the error, so a merge sees a
// failed shard rather than a missing one.
func (fs Files) Write(rep *suite.Report, o suite.Options, started time.Time, runErr error) error {
	if fs.JSON == "" && fs.JUnit == "" && fs.HTML == "" {
		return nil
	}
	return fs.WriteFile(New(rep, Meta{Command: os.Args, Options: o, Started: started,
		Seed: fs.Seed, FuzzCases: fs.FuzzCases, Incomplete: fs.Incomplete}, runErr))
}

// WriteFile writes f to the files asked for.
func (fs Files) WriteFile(f *File) error {
	if fs.JSON != "" {
		if err := mkParent(fs.JSON); err != nil {
			return err
		}
		if err := WriteJSON(fs.JSON, f); err != nil {
			return err
		}
	}
	if fs.JUnit != "" {
		if err := mkParent(fs.JUnit); err != nil {
			return err
		}
		if err := WriteJUnitFile(fs.JUnit, f); err != nil {
			return err
		}
	}
	if fs.HTML != "" && fs.Page != nil {
		if err := fs.Page(fs.HTML, f); err != nil {
			return err
		}
	}
	return nil
}

func mkParent(path string) error {
	if d := filepath.Dir(path); d != "." {
		return os.MkdirAll(d, 0o755)
	}
	return nil
}

// PrintMerge writes what `xarch report merge` says: the inputs, the merged
// matrix, the problems and the verdict line; it reports whether the merge
// failed.
func PrintMerge(w io.Writer, merged *File, problems []string, files int) (failed bool) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tSELECTION\tSHARD\tPASSED\tFAILED\tSKIPPED\tWALL\tERROR")
	for _, s := range merged.Sources {
		sel := strings.Join(s.Selection.Arches, ",") + "/" + s.Selection.Models
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", s.Path, sel, s.Shard, s.Totals.Passed, s.Totals.Failed,
			s.Totals.Skipped, time.Duration(s.WallNS).Round(100*time.Millisecond), s.Error)
	}
	tw.Flush()
	fmt.Fprintln(w)
	merged.Suite().Print(w)
	if len(problems) > 0 {
		fmt.Fprintf(w, "\nMERGE PROBLEMS\n  %s\n", strings.Join(problems, "\n  "))
	}
	t := merged.Totals
	switch {
	case len(problems) > 0:
		fmt.Fprintf(w, "xarch report merge: FAILED: %d problem(s), %d failed row(s), %d files\n", len(problems), t.Failed, files)
		return true
	case t.Failed > 0:
		fmt.Fprintf(w, "xarch report merge: FAILED: %d failed row(s) in %d files\n", t.Failed, files)
		return true
	}
	fmt.Fprintf(w, "xarch report merge: ok, %d files, %d targets\n", files, merged.Targets)
	return false
}
