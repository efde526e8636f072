package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// xarchRoot finds the xarch source tree for the probes' runner: $XARCH_ROOT,
// the working directory, or the tree the xarch binary lives in.
func xarchRoot() (string, error) {
	wd, _ := os.Getwd()
	if r, err := driver.FindRoot(wd); err == nil {
		return r, nil
	}
	exe, err := os.Executable()
	if err == nil {
		if r, err2 := driver.FindRoot(filepath.Dir(exe)); err2 == nil {
			return r, nil
		}
	}
	return "", fmt.Errorf("no xarch source tree (set XARCH_ROOT)")
}

// probeModels checks each emulated model the cells use, as `xarch test`
// does before it trusts a target: the runner's detected features against
// ci/models.json's expect, and the known-answer probe of every detected
// feature. A model that fails is untrusted: its failures are reported as
// "not emulated", not blamed on the module.
func probeModels(cells []gotestCell, notes []string, rep *suite.Report) (map[string]string, []string) {
	untrusted := map[string]string{}
	type tgt struct{ arch, model string }
	var list []tgt
	seen := map[tgt]bool{}
	for _, c := range cells {
		k := tgt{c.arch, c.model.Label()}
		if c.target.Qemu != "" && !seen[k] {
			seen[k] = true
			list = append(list, k)
		}
	}
	if len(list) == 0 {
		return untrusted, notes
	}
	root, err := xarchRoot()
	if err != nil {
		return untrusted, append(notes, "emulated models not probed: "+err.Error())
	}
	var mu sync.Mutex
	parallel(len(list), 2, func(i int) {
		k := list[i]
		why, rows, note := probeModel(root, k.arch, k.model)
		mu.Lock()
		defer mu.Unlock()
		if why != "" {
			untrusted[k.arch+"/"+k.model] = why
		}
		if note != "" {
			notes = append(notes, note)
		}
		rep.Probes = append(rep.Probes, rows...)
	})
	sort.SliceStable(rep.Probes, func(i, j int) bool {
		a, b := rep.Probes[i], rep.Probes[j]
		if a.Arch != b.Arch {
			return a.Arch < b.Arch
		}
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		return a.Feature < b.Feature
	})
	return untrusted, notes
}

func probeModel(root, arch, model string) (untrusted string, rows []suite.ProbeRow, note string) {
	plans, err := driver.Plan(driver.PlanOptions{Arches: []string{arch}, Models: model,
		Build: driver.BuildOptions{Root: root, CacheDir: driver.DefaultCacheDir(), Log: os.Stderr}})
	if err != nil || len(plans) == 0 {
		return "", nil, fmt.Sprintf("%s/%s: not probed: %v", arch, model, err)
	}
	p := plans[0]
	if p.Skip != "" || p.Fail != "" {
		return "", nil, fmt.Sprintf("%s/%s: not probed: %s%s", arch, model, p.Skip, p.Fail)
	}
	sess, err := driver.NewSession(p.Target, 60*time.Second)
	if err != nil {
		return "runner does not start: " + err.Error(), nil, fmt.Sprintf("%s/%s: xarch's runner does not start: %v", arch, model, err)
	}
	defer sess.Close()
	info := sess.Info()
	if mm := p.Model.Mismatch(info.Detected); mm != "" {
		untrusted = "model table mismatch: " + mm
		note = fmt.Sprintf("%s/%s: model table mismatch: %s (ci/models.json)", arch, model, mm)
	}
	has := map[string][]string{}
	for _, pi := range info.Probes {
		has[pi.Feature] = append(has[pi.Feature], pi.Instr)
	}
	var none []string
	for _, f := range info.Detected {
		if len(has[f]) == 0 {
			none = append(none, f)
			continue
		}
		base := suite.ProbeRow{Arch: arch, Model: model, Feature: f, Instr: strings.Join(has[f], ", ")}
		out, err := sess.Call([]byte("probe"), []byte(f), []byte(""))
		if err != nil {
			r := base
			var ce *driver.CrashError
			if errors.As(err, &ce) && ce.Signal != "" {
				r.Verdict = "traps with " + ce.Signal
			} else {
				r.Verdict = suite.ProbeError
			}
			r.Detail = err.Error()
			rows = append(rows, r)
			if untrusted == "" {
				untrusted = fmt.Sprintf("the %s probe %s", f, r.Verdict)
			}
			continue
		}
		var results []wire.ProbeResult
		if len(out) != 1 || json.Unmarshal(out[0], &results) != nil {
			r := base
			r.Verdict, r.Detail = suite.ProbeError, fmt.Sprintf("unreadable probe answer %q", out)
			rows = append(rows, r)
			continue
		}
		for _, pr := range results {
			r := base
			r.Instr, r.Want, r.Got, r.Detail = pr.Instr, pr.Want, pr.Got, pr.Error
			if pr.OK {
				r.Verdict = suite.ProbeOK
			} else {
				r.Verdict = suite.ProbeUnfaithful
				if untrusted == "" {
					untrusted = fmt.Sprintf("%s probe %s: expected %s, got %s", f, pr.Instr, pr.Want, pr.Got)
				}
			}
			rows = append(rows, r)
		}
	}
	if len(none) > 0 {
		sort.Strings(none)
		rows = append(rows, suite.ProbeRow{Arch: arch, Model: model, NoProbe: none})
	}
	return untrusted, rows, note
}

// maxPrinted failing tests are printed per cell (the JSON keeps them all).
const maxPrinted = 3

// printGotest writes the matrix (package x arch x model x mask), the
// failures with their output and repro lines, the probes and notes, and
// the totals; the last line is "xarch: N passed, N failed, N skipped".
func printGotest(w io.Writer, rep *suite.Report) {
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
	if len(rep.Probes) > 0 {
		fmt.Fprintln(w, "\nPROBES (xarch's known-answer check of each feature an emulated model reports, before its results are trusted)")
		pw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, r := range rep.Probes {
			if len(r.NoProbe) > 0 {
				fmt.Fprintf(pw, "  %s/%s\t-\t-\tno probe registered for %s\n", r.Arch, r.Model, strings.Join(r.NoProbe, ","))
				continue
			}
			detail := ""
			if r.Verdict != suite.ProbeOK {
				detail = firstLine(r.Detail)
				if r.Want != "" {
					detail = fmt.Sprintf("expected %s, got %s %s", r.Want, r.Got, detail)
				}
			}
			fmt.Fprintf(pw, "  %s/%s\t%s\t%s\t%s\t%s\n", r.Arch, r.Model, r.Feature, r.Instr, r.Verdict, detail)
		}
		pw.Flush()
	}
	if len(rep.Notes) > 0 {
		fmt.Fprintf(w, "\nNOTES\n  %s\n", strings.Join(rep.Notes, "\n  "))
	}
	fmt.Fprintf(w, "\n%d cells on %d targets, wall time %s\n", len(rep.Results), rep.Targets, rep.Wall.Round(100*time.Millisecond))
	fmt.Fprintf(w, "xarch: %d passed, %d failed, %d skipped\n", p, f, s)
}
