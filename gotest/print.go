package gotest

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/xarchlab/xarch/suite"
)

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// maxPrinted failing tests are printed per cell (the JSON keeps them all).
const maxPrinted = 3

// Print writes the matrix (package x arch x model x mask), the
// failures with their output and repro lines, the probes and notes, and
// the totals; the last line is "xarch: N passed, N failed, N skipped".
func Print(w io.Writer, rep *suite.Report) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "PACKAGE\tARCH\tMODEL\tMASK\tRESULT\tTESTS\tTIME\tNOTE")
	p, f, s := 0, 0, 0
	for _, r := range rep.Results {
		tests := "-"
		if r.Cases > 0 {
			tests = fmt.Sprintf("%d/%d", r.Passed, r.Cases)
		}
		el := "-"
		if r.Elapsed > 0 {
			el = r.Elapsed.Round(10 * time.Millisecond).String()
		}
		mask := strings.TrimPrefix(r.File, "mask:")
		if mask == "" {
			mask = "-"
		}
		note := ""
		if r.Status != suite.Passed {
			note = r.Reason
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Impl, r.Arch, r.Model, mask, strings.ToUpper(string(r.Status)), tests, el, note)
		switch r.Status {
		case suite.Passed:
			p++
		case suite.Failed:
			f++
		default:
			s++
		}
	}
	tw.Flush()
	var failures []string
	for _, r := range rep.Results {
		for i, fl := range r.Failures {
			if i == maxPrinted {
				failures = append(failures, fmt.Sprintf("--- %s %s/%s mask %s: %d more failing tests, each with its repro line in the JSON report (--json)",
					r.Impl, r.Arch, r.Model, strings.TrimPrefix(r.File, "mask:"), len(r.Failures)-maxPrinted))
				break
			}
			body := "      " + strings.ReplaceAll(strings.TrimRight(fl.Msg, "\n"), "\n", "\n      ")
			failures = append(failures, fmt.Sprintf("--- %s %s/%s mask %s: %s\n%s\n    repro: %s", r.Impl, r.Arch, r.Model,
				strings.TrimPrefix(r.File, "mask:"), fl.Where, body, fl.Repro))
		}
	}
	if len(failures) > 0 {
		fmt.Fprintf(w, "\nFAILURES\n%s\n", strings.Join(failures, "\n\n"))
	}
	suite.PrintProbes(w, rep.Probes, "xarch's known-answer check of each feature an emulated model reports, before its results are trusted")
	if len(rep.Notes) > 0 {
		fmt.Fprintf(w, "\nNOTES\n  %s\n", strings.Join(rep.Notes, "\n  "))
	}
	fmt.Fprintf(w, "\n%d cells on %d targets, wall time %s\n", len(rep.Results), rep.Targets, rep.Wall.Round(100*time.Millisecond))
	fmt.Fprintf(w, "xarch: %d passed, %d failed, %d skipped\n", p, f, s)
}
