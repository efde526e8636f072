package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/report/html"
	"github.com/xarchlab/xarch/suite"
)

// reportFlags are the sharding and report-file flags of `xarch test` and
// `xarch gotest`.
type reportFlags struct {
	shard suite.Shard
	files report.Files
}

func (r *reportFlags) register(fs *flag.FlagSet) {
	fs.Var(&r.shard, "shard", "run only shard `i/N` of the work units (arch, model, implementation, vector file); the N shards together are the whole run")
	fs.StringVar(&r.files.JUnit, "junit", "", "write JUnit XML to `FILE` (one test case per implementation, model and vector file)")
	fs.StringVar(&r.files.JSON, "json", "", "write the JSON report (every result, failures, repro lines) to `FILE`")
	fs.StringVar(&r.files.HTML, "html", "", "write the HTML matrix (one self-contained page) to `FILE`")
	r.files.Page = html.WriteTest
}

const reportUsage = `Usage:
  xarch report merge [--matrix MATRIX.json] [--json OUT.json] [--junit OUT.xml] FILE.json...
      combine the JSON reports of a sharded run; fails when a shard (or, with
      --matrix, a matrix entry) is missing, given twice, did not finish, or failed
  xarch report show FILE.json     print the matrix of a JSON report
  xarch report html [-o OUT.html] FILE.json...
      one self-contained page: the matrix of test reports (several are merged),
      the charts of speed reports (several: the fallback ladder across runs)
  xarch report summary [-o FILE.md] [--title T] FILE.json...
      the Markdown job summary of test reports: totals, failed cells with
      repro lines, skips by reason (CI appends it to $GITHUB_STEP_SUMMARY)
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
	case "html":
		return cmdReportHTML(args[1:])
	case "summary":
		return cmdReportSummary(args[1:])
	case "show", "list":
		if len(args) != 2 {
			return 2, fmt.Errorf("report %s: want one JSON report file", args[0])
		}
		f, err := html.LoadTest(args[1])
		if err != nil {
			return inputErr(err)
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
	// The files first: a failed merge is worth keeping to read.
	if err := (report.Files{JSON: *jsonOut, JUnit: *junitOut}).WriteFile(merged); err != nil {
		return 2, err
	}
	if report.PrintMerge(os.Stdout, merged, problems, len(in)) {
		return 1, nil
	}
	return 0, nil
}
