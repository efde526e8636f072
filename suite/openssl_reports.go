package suite

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/oracle/ref"
	"github.com/xarchlab/xarch/wire"
)

// Named rows (ci/openssl-levels.json "reports"): a public report's kernel
// on OpenSSL itself. The cases run in the level's own runner, so the
// level's evidence (openssl.go) covers them; the row passes only when every
// case at the report's sizes passed and that evidence shows what the
// report is about. A row that cannot run says why.

// ReportImpl is the Impl of a named row.
func ReportImpl(name string) string { return "report/" + name }

func reportFile(r ci.OpenSSLReport) string {
	var s []string
	for _, n := range r.Sizes {
		s = append(s, fmt.Sprint(n))
	}
	return fmt.Sprintf("%s [%s at %s bytes]", r.Title, strings.Join(r.Ops, ", "), strings.Join(s, ","))
}

// reportFor is whether named row r belongs to provider plan p.
func reportFor(r ci.OpenSSLReport, p driver.Planned) bool {
	op := p.OpenSSL
	if op == nil {
		return false
	}
	// A user's own build of the same release line counts ("openssl3.5.4-prefix"
	// for "3.5"): the contributor's branch gets the report's rows too.
	own := op.Lib == "custom" && strings.HasPrefix(op.Name, "openssl"+r.Lib+".")
	if op.Arch == nil || r.Cannot != "" || p.Target.Arch != r.Arch || (op.Lib != r.Lib && !own) || op.Level.Name != r.Level {
		return false
	}
	for _, m := range r.Models {
		if m == p.Model.Name {
			return true
		}
	}
	return false
}

// reportCases runs the named rows of plan p in its session: each op at
// each size against the reference.
func reportCases(o Options, s *driver.Session, p driver.Planned, info wire.Info) []Result {
	tab, err := ci.LoadOpenSSL()
	if err != nil || p.OpenSSL == nil {
		return nil
	}
	t := p.Target
	var out []Result
	for _, r := range tab.ReportsOf(t.Arch) {
		if !reportFor(r, p) || !o.Shard.Has(t.Arch, t.Model, ReportImpl(r.Name), reportFile(r)) {
			continue
		}
		tl := NewTally()
		tl.Res = Result{Arch: t.Arch, Model: t.Model, Impl: ReportImpl(r.Name), File: reportFile(r)}
		failed := 0
		for _, opName := range r.Ops {
			var oi *wire.OpInfo
			for i := range info.Ops {
				if info.Ops[i].Name == opName {
					oi = &info.Ops[i]
				}
			}
			params, err := r.ParamsOf(opName)
			if oi == nil || err != nil {
				tl.Res.Reason = fmt.Sprintf("op %s: not served by the runner (%v)", opName, err)
				continue
			}
			impl := oi.Family + "/" + p.OpenSSL.Name
			if !o.Selects(wire.ImplInfo{Name: impl}) {
				tl.Res.Status, tl.Res.Reason = Skipped, "--impl leaves out "+impl
				break
			}
			var flat [][]byte
			var ins, wants [][]byte
			for _, n := range r.Sizes {
				in := make([]byte, n)
				for i := range in {
					in[i] = byte(i*131 + n)
				}
				want, err := ref.Run(opName, params, in)
				if err != nil {
					tl.Res.Reason = fmt.Sprintf("reference %s at %d bytes: %v", opName, n, err)
					continue
				}
				flat = append(append(flat, params...), in)
				ins, wants = append(ins, in), append(wants, want)
			}
			tl.Res.Cases += len(ins)
			e := Env{Opts: o, Target: t, Impl: impl}
			outs, err := Batch(s, impl, opName, "", flat, len(ins))
			if err != nil {
				failed += len(ins)
				tl.BatchFailed(err, opName, len(ins), func(i int) (string, string) {
					return fmt.Sprintf("%s %d bytes", opName, len(ins[i])), e.Repro(OpArgs(opName, oi.Params, params, ins[i], ""))
				})
				continue
			}
			for i, got := range outs {
				if bytes.Equal(got, wants[i]) {
					tl.Res.Passed++
					continue
				}
				failed++
				tl.Fail(Failure{Where: fmt.Sprintf("%s %d bytes", opName, len(ins[i])),
					Msg:   fmt.Sprintf("got %x, want %x", got, wants[i]),
					Repro: e.Repro(OpArgs(opName, oi.Params, params, ins[i], ""))})
			}
		}
		if tl.Res.Status == Skipped {
			out = append(out, tl.Res)
			continue
		}
		out = append(out, tl.Done(failed))
	}
	return out
}

// judgeReports completes the named rows after the evidence: a row whose
// cases passed fails unless its level's evidence on its model shows every
// instruction of Evidence and none of Absent; a row whose level did not
// run on one of its models (skipped, failed, not planned) is reported with
// that reason, and a row that cannot run on an arch of the run says why.
func judgeReports(o Options, plans []driver.Planned, results []Result) []Result {
	if o.Build.OpenSSL == "" {
		return results
	}
	tab, err := ci.LoadOpenSSL()
	if err != nil {
		return results
	}
	idx := map[string]int{}
	for i, r := range results {
		idx[r.Arch+"\x00"+r.Model+"\x00"+r.Impl] = i
	}
	var extra []Result
	for _, r := range tab.Reports {
		if r.Cannot != "" {
			// The arch's one provider plan (driver/openssl.go) skipped with
			// this reason: its row becomes the named row.
			for i := range results {
				if results[i].Arch == r.Arch && results[i].Impl == "*" && results[i].Reason == r.Cannot {
					results[i].Impl, results[i].File = ReportImpl(r.Name), r.Title
				}
			}
			continue
		}
		// The report's models this run has for the arch, by target; those
		// the report's level is not planned on are reported, not dropped.
		missing := map[string]string{} // target -> why its level is not there
		for _, p := range plans {
			for _, m := range r.Models {
				if p.Target.Arch != r.Arch || p.Model.Name != m {
					continue
				}
				if _, ok := missing[p.Target.Model]; !ok {
					missing[p.Target.Model] = ""
				}
				if why := p.Skip + p.Fail; why != "" && p.OpenSSL != nil && (p.OpenSSL.Lib == r.Lib || p.OpenSSL.Lib == "") && missing[p.Target.Model] == "" {
					missing[p.Target.Model] = why
				}
			}
		}
		for _, p := range plans {
			if !reportFor(r, p) {
				continue
			}
			t := p.Target
			delete(missing, t.Model)
			key := t.Arch + "\x00" + t.Model + "\x00" + ReportImpl(r.Name)
			i, ok := idx[key]
			if !ok {
				why := p.Skip
				st := Skipped
				if p.Fail != "" {
					why, st = p.Fail, Failed
				}
				if why == "" {
					continue // a shard or an error of the runner: the target's own row says
				}
				extra = append(extra, Result{Arch: t.Arch, Model: t.Model, Impl: ReportImpl(r.Name), File: reportFile(r), Status: st, Reason: why})
				continue
			}
			res := &results[i]
			if res.Status != Passed {
				continue
			}
			if want := len(r.Sizes) * len(r.Ops); res.Cases != want || res.Passed != want {
				res.Status, res.Reason = Failed, fmt.Sprintf("%d of the report's %d cases passed", res.Passed, want)
				continue
			}
			if p.OpenSSL.Evidence == "" {
				res.Status, res.Reason = Failed, "no in_asm evidence of "+p.OpenSSL.Name+" here (native runs have none)"
				continue
			}
			counts, err := driver.CountEvidence(p.OpenSSL)
			if err != nil {
				res.Status, res.Reason = Failed, err.Error()
				continue
			}
			var bad []string
			for _, n := range r.Evidence {
				if counts[n] == 0 {
					bad = append(bad, n+" never translated")
				}
			}
			for _, n := range r.Absent {
				if counts[n] > 0 {
					bad = append(bad, fmt.Sprintf("%s translated %d times", n, counts[n]))
				}
			}
			res.Reason = fmt.Sprintf("%d cases passed; evidence of %s: %s", res.Passed, p.OpenSSL.Name, evidenceText(r, counts))
			if len(bad) > 0 {
				res.Status = Failed
				res.Reason = "the report's kernel did not run: " + strings.Join(bad, "; ") + " (" + evidenceText(r, counts) + ")"
				res.Failures = append(res.Failures, Failure{Where: p.OpenSSL.Evidence, Msg: res.Reason})
			}
		}
		for m, why := range missing {
			if why == "" {
				why = fmt.Sprintf("OpenSSL %s level %s was not planned here (--openssl %s)", r.Lib, r.Level, o.Build.OpenSSL)
			}
			extra = append(extra, Result{Arch: r.Arch, Model: m, Impl: ReportImpl(r.Name), File: reportFile(r), Status: Skipped, Reason: why})
		}
	}
	for _, r := range extra {
		if o.Shard.HasProviders(r.Arch, r.Model) {
			results = append(results, r)
		}
	}
	return results
}

// evidenceText names the counts a row requires: "aese-5x 7, pmull 54".
func evidenceText(r ci.OpenSSLReport, counts map[string]int) string {
	var s []string
	for _, n := range r.Evidence {
		s = append(s, fmt.Sprintf("%s %d", n, counts[n]))
	}
	for _, n := range r.Absent {
		s = append(s, fmt.Sprintf("%s %d (must be 0)", n, counts[n]))
	}
	return strings.Join(s, ", ")
}
