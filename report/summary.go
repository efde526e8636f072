package report

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/xarchlab/xarch/suite"
)

// MaxSummaryFailures bounds the failed cells listed in a job summary (GitHub
// caps a step summary at 1 MiB); the rest are counted.
const MaxSummaryFailures = 40

// WriteSummary writes the Markdown job summary of a test report: the
// totals, the failed cells with their repro lines, and the skips by
// reason. title names the run ("" for "xarch test").
func WriteSummary(w io.Writer, f *File, title string) error {
	if title == "" {
		title = "xarch test"
	}
	verdict := "passed"
	if f.Failed() {
		verdict = "FAILED"
	}
	t := f.Totals
	fmt.Fprintf(w, "## %s: %s\n\n", title, verdict)
	if f.Error != "" {
		fmt.Fprintf(w, "> **The run did not finish:** %s\n\n", mdText(f.Error))
	}
	fmt.Fprintf(w, "| passed | failed | skipped | cases passed | targets | wall time |\n|---:|---:|---:|---:|---:|---:|\n")
	fmt.Fprintf(w, "| %d | %d | %d | %d of %d | %d | %s |\n\n", t.Passed, t.Failed, t.Skipped, t.CasesPassed, t.Cases,
		f.Targets, time.Duration(f.WallNS).Round(100*time.Millisecond))

	rows, byCell := cells(f)
	// One item per failed cell: its first failure and repro line.
	var failed []string
	for _, row := range rows {
		if row.Status != suite.Failed {
			continue
		}
		var first *Failure
		reason, n := "", 0
		for _, r := range byCell[row.Arch+"\x00"+row.Model+"\x00"+row.Impl] {
			if r.Status != string(suite.Failed) {
				continue
			}
			if reason == "" && r.Reason != "" {
				reason = shortName(r.File) + ": " + r.Reason
			}
			for i := range r.Failures {
				if first == nil {
					first = &r.Failures[i]
					reason = shortName(r.File) + " " + r.Failures[i].Where + ": " + r.Failures[i].Msg
				}
				n++
			}
		}
		item := fmt.Sprintf("- **%s/%s** `%s`: %s", row.Arch, row.Model, row.Impl, mdText(clip(firstLine(reason), 240)))
		if n > 1 {
			item += fmt.Sprintf(" (%d failures listed in this cell)", n)
		}
		item += "\n"
		if first != nil && first.Repro != "" {
			item += "  ```sh\n  " + firstLine(first.Repro) + "\n  ```\n"
		}
		failed = append(failed, item)
	}
	if len(failed) > 0 {
		fmt.Fprintf(w, "### Failed cells (%d)\n\n", len(failed))
		for i, item := range failed {
			if i == MaxSummaryFailures {
				fmt.Fprintf(w, "- … and %d more failed cells: see the JSON report or the HTML matrix\n", len(failed)-i)
				break
			}
			fmt.Fprint(w, item)
		}
		fmt.Fprintln(w)
	}

	// Skips (and NOT EMULATED) by reason class.
	type group struct {
		n       int
		example string
	}
	groups := map[string]*group{}
	for _, row := range rows {
		if row.Status == suite.Passed || row.Status == suite.Failed {
			continue
		}
		k := row.Arch + "\x00" + row.Model + "\x00" + row.Impl
		class := Classify(string(row.Status), byCell[k])
		g := groups[class]
		if g == nil {
			g = &group{example: fmt.Sprintf("%s/%s `%s`: %s", row.Arch, row.Model, row.Impl, mdText(clip(row.Note, 160)))}
			groups[class] = g
		}
		g.n++
	}
	if len(groups) > 0 {
		fmt.Fprintf(w, "### Not run, by reason\n\n| reason | cells | for example |\n|---|---:|---|\n")
		for _, c := range ClassNames {
			if g := groups[c.Class]; g != nil {
				fmt.Fprintf(w, "| %s | %d | %s |\n", c.Name, g.n, strings.ReplaceAll(g.example, "|", "\\|"))
			}
		}
		fmt.Fprintln(w)
	}
	if len(f.Notes) > 0 {
		var model []string
		for _, n := range f.Notes {
			if strings.Contains(n, "model table mismatch") {
				model = append(model, "- "+mdText(n))
			}
		}
		if len(model) > 0 {
			fmt.Fprintf(w, "### Model table\n\n%s\n\n", strings.Join(model, "\n"))
		}
	}
	_, err := fmt.Fprintf(w, "<sub>%d result cells from %s; `xarch report html` draws the whole matrix.</sub>\n", len(f.Results), describeRun(f))
	return err
}

// cells returns the matrix rows and the results of each, by row key.
func cells(f *File) ([]suite.Row, map[string][]Result) {
	sorted := f.Sorted()
	g := &File{Targets: f.Targets, Results: sorted}
	by := map[string][]Result{}
	for _, r := range sorted {
		k := r.Arch + "\x00" + r.Model + "\x00" + r.Impl
		by[k] = append(by[k], r)
	}
	return g.Suite().Rows(), by
}

func describeRun(f *File) string {
	if len(f.Sources) > 0 {
		var ps []string
		for _, s := range f.Sources {
			ps = append(ps, s.Path)
		}
		sort.Strings(ps)
		return fmt.Sprintf("%d merged files", len(ps))
	}
	d := describe(f.Selection)
	if f.Shard.Count > 0 {
		d += ", " + f.Shard.String()
	}
	return mdText(d)
}

func shortName(f string) string {
	if i := strings.LastIndex(f, "/"); i >= 0 {
		return f[i+1:]
	}
	return f
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// mdText keeps a message from being read as Markdown or HTML.
func mdText(s string) string {
	r := strings.NewReplacer("\n", " ", "<", "&lt;", ">", "&gt;", "*", "\\*", "_", "\\_", "`", "\\`", "[", "\\[", "]", "\\]", "#", "\\#")
	return r.Replace(s)
}
