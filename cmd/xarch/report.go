package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/suite"
)

// reportFlags are the sharding and report-file flags of `xarch test`.
type reportFlags struct {
	shard       suite.Shard
	junit, json string
	// seed and fuzzCases are the fuzz budget (report.Identity).
	seed      uint64
	fuzzCases int
	// incomplete: a signal stopped the run (report.Meta.Incomplete).
	incomplete string
}

func (r *reportFlags) register(fs *flag.FlagSet) {
	fs.Var(&r.shard, "shard", "run only shard `i/N` of the work units (arch, model, implementation, vector file); the N shards together are the whole run")
	fs.StringVar(&r.junit, "junit", "", "write JUnit XML to `FILE` (one test case per implementation, model and vector file)")
	fs.StringVar(&r.json, "json", "", "write the JSON report (every result, failures, repro lines) to `FILE`")
}

// check makes sure the report files can be written before the run starts
// (a run of minutes must not end in "permission denied"): it creates each
// parent directory and opens the file for writing, leaving it as it was.
func (r *reportFlags) check() error {
	for _, p := range []string{r.json, r.junit} {
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

// write writes the report files asked for. rep is nil when the run failed
// before reporting (runErr): the files then record the error, so a merge
// sees a failed shard rather than a missing one.
func (r *reportFlags) write(rep *suite.Report, o suite.Options, started time.Time, runErr error) error {
	if r.json == "" && r.junit == "" {
		return nil
	}
	f := report.New(rep, report.Meta{Command: os.Args, Options: o, Started: started,
		Seed: r.seed, FuzzCases: r.fuzzCases, Incomplete: r.incomplete}, runErr)
	if r.json != "" {
		if err := mkParent(r.json); err != nil {
			return err
		}
		if err := report.WriteJSON(r.json, f); err != nil {
			return err
		}
	}
	if r.junit != "" {
		if err := mkParent(r.junit); err != nil {
			return err
		}
		if err := report.WriteJUnitFile(r.junit, f); err != nil {
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

const reportUsage = `Usage:
  xarch report merge [--matrix MATRIX.json] [--json OUT.json] [--junit OUT.xml] FILE.json...
      combine the JSON reports of a sharded run; fails when a shard (or, with
      --matrix, a matrix entry) is missing, given twice, did not finish, or failed
  xarch report show FILE.json     print the matrix of a JSON report
  xarch report list FILE.json     one line per result cell, in matrix order: arch model impl file status cases passed
`

func cmdReport(args []string) (int, error) {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, reportUsage)
		return 2, nil
	}
	switch args[0] {
	case "merge":
		return cmdReportMerge(args[1:])
	case "show", "list":
		if len(args) != 2 {
			return 2, fmt.Errorf("report %s: want one JSON report file", args[0])
		}
		f, err := report.ReadJSON(args[1])
		if err != nil {
			return 2, err
		}
		if args[0] == "show" {
			f.Suite().Print(os.Stdout)
			if f.Error != "" {
				fmt.Printf("\nERROR: the run did not finish: %s\n", f.Error)
			}
		} else {
			for _, r := range f.Sorted() {
				fmt.Printf("%s\t%s\t%s\t%s\t%s\t%d\t%d\n", r.Arch, r.Model, r.Impl, r.File, r.Status, r.Cases, r.Passed)
			}
		}
		if f.Failed() {
			return 1, nil
		}
		return 0, nil
	case "-h", "--help", "help":
		fmt.Print(reportUsage)
		return 0, nil
	}
	return 2, fmt.Errorf("report: unknown subcommand %q\n\n%s", args[0], reportUsage)
}

func cmdReportMerge(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch report merge", flag.ContinueOnError)
	matrix := fs.String("matrix", "", "the `MATRIX.json` the shards ran (as `xarch matrix` prints it): every entry must have its file")
	jsonOut := fs.String("json", "", "write the merged JSON report to `FILE`")
	junitOut := fs.String("junit", "", "write the merged JUnit XML to `FILE`")
	if err := fs.Parse(args); err != nil {
		return 2, nil
	}
	if fs.NArg() == 0 {
		return 2, fmt.Errorf("report merge: no report files given")
	}
	var expect *report.Matrix
	if *matrix != "" {
		m, err := report.ReadMatrix(*matrix)
		if err != nil {
			return 2, err
		}
		expect = m
	}
	var in []report.Input
	for _, p := range fs.Args() {
		f, err := report.ReadJSON(p)
		if err != nil {
			return 2, err
		}
		in = append(in, report.Input{Path: p, File: f})
	}
	merged, problems := report.Merge(in, expect)

	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "FILE\tSELECTION\tSHARD\tPASSED\tFAILED\tSKIPPED\tWALL\tERROR")
	for _, s := range merged.Sources {
		sel := strings.Join(s.Selection.Arches, ",") + "/" + s.Selection.Models
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n", s.Path, sel, s.Shard, s.Totals.Passed, s.Totals.Failed,
			s.Totals.Skipped, time.Duration(s.WallNS).Round(100*time.Millisecond), s.Error)
	}
	tw.Flush()
	fmt.Println()
	merged.Suite().Print(os.Stdout)

	for _, w := range []struct{ path, kind string }{{*jsonOut, "json"}, {*junitOut, "junit"}} {
		if w.path == "" {
			continue
		}
		if err := mkParent(w.path); err != nil {
			return 2, err
		}
		var err error
		if w.kind == "json" {
			err = report.WriteJSON(w.path, merged)
		} else {
			err = report.WriteJUnitFile(w.path, merged)
		}
		if err != nil {
			return 2, err
		}
	}
	if len(problems) > 0 {
		fmt.Printf("\nMERGE PROBLEMS\n  %s\n", strings.Join(problems, "\n  "))
	}
	t := merged.Totals
	switch {
	case len(problems) > 0:
		fmt.Printf("xarch report merge: FAILED: %d problem(s), %d failed row(s), %d files\n", len(problems), t.Failed, len(in))
		return 1, nil
	case t.Failed > 0:
		fmt.Printf("xarch report merge: FAILED: %d failed row(s) in %d files\n", t.Failed, len(in))
		return 1, nil
	}
	fmt.Printf("xarch report merge: ok, %d files, %d targets\n", len(in), merged.Targets)
	return 0, nil
}
