package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/report/html"
)

// inputErr maps a report-reading error to its exit status: 2 for bad
// input (wrong kind, version, truncated), 1 otherwise.
func inputErr(err error) (int, error) {
	if errors.Is(err, html.ErrUsage) {
		return 2, err
	}
	return 1, err
}

// cmdReportHTML: xarch report html [-o OUT.html] FILE.json...
func cmdReportHTML(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch report html", flag.ContinueOnError)
	out := fs.String("o", "xarch-report.html", "write the page to `FILE`")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2, nil
	}
	if len(files) == 0 {
		return 2, fmt.Errorf("report html: no report files given (test reports of xarch test --json, speed reports of xarch speed --json)")
	}
	var docs []*html.Doc
	for _, p := range files {
		d, err := html.Load(p)
		if err != nil {
			return inputErr(err)
		}
		docs = append(docs, d)
	}
	page, err := html.FromDocs(docs)
	if err != nil {
		return 1, err
	}
	if err := html.WriteFile(*out, page); err != nil {
		return 1, err
	}
	fmt.Fprintf(os.Stderr, "xarch report html: wrote %s\n", *out)
	return 0, nil
}

// cmdReportSummary: xarch report summary [-o OUT.md] FILE.json...
func cmdReportSummary(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch report summary", flag.ContinueOnError)
	out := fs.String("o", "", "append the Markdown to `FILE` (default: standard output), e.g. $GITHUB_STEP_SUMMARY")
	title := fs.String("title", "", "the summary's heading (default \"xarch test\")")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return 2, nil
	}
	if len(files) == 0 {
		return 2, fmt.Errorf("report summary: no test report given (xarch test --json or xarch report merge --json)")
	}
	var in []report.Input
	for _, p := range files {
		f, err := html.LoadTest(p)
		if err != nil {
			return inputErr(err)
		}
		in = append(in, report.Input{Path: p, File: f})
	}
	f := in[0].File
	if len(in) > 1 {
		f, _ = report.Merge(in, nil) // merge problems are in f.Error, which the summary shows
	}
	var w io.Writer = os.Stdout
	if *out != "" {
		fh, err := os.OpenFile(*out, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return 1, err
		}
		defer fh.Close()
		w = fh
	}
	if err := report.WriteSummary(w, f, *title); err != nil {
		return 1, err
	}
	return 0, nil
}

// parseInterleaved parses flags that may come after positional arguments
// (xarch speed compare a.json b.json --html c.html) and returns those.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
