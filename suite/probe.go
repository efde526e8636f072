package suite

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/wire"
)

// Trust, but verify the emulator: before a target's implementations run,
// the runner executes the known-answer probe of every CPU feature they
// require (arch.RegisterProbe). An emulator can execute an instruction
// without trapping and still compute garbage (QEMU 7.2 returns zeros for
// SPARC T4 aes_eround01); its implementations are then reported as "not
// faithfully emulated", apart from kernel failures. Implementations that
// need hardware have their probes forced on emulators (the feature is not
// detected there), so the report says what the emulator actually does.

// Probe verdicts.
const (
	ProbeOK         = "ok"
	ProbeUnfaithful = "NOT FAITHFULLY EMULATED"
	ProbeWrongHW    = "WRONG ON HARDWARE (probe bug?)"
	ProbeError      = "probe error"
)

// ProbeRow is one probe on one target, for the report.
type ProbeRow struct {
	Arch, Model    string
	Feature, Instr string
	Forced         bool   // run although the feature is not detected
	Verdict        string // a Probe* constant or "traps with SIGILL"
	Want, Got      string // hex, when the probe answered
	Detail         string // signal, panic or error text
	NoProbe        []string
}

// featureProbe is what the probes said about one feature on one target.
type featureProbe struct {
	unfaithful string // why implementations needing it are not trusted here
	traps      string // the probe trapped (expected for a forced probe)
}

// probeWant lists, per feature, whether its probe must be forced: features
// required by the selected implementations that will run, and on emulators
// those of implementations that need hardware.
func probeWant(o Options, t driver.Target, info wire.Info) map[string]bool {
	detected, masked := map[string]bool{}, map[string]bool{}
	for _, f := range info.Detected {
		detected[f] = true
	}
	for _, f := range info.Masked {
		masked[f] = true
	}
	want := map[string]bool{} // feature -> forced
	for _, im := range info.Impls {
		if !o.Selects(im) || !hasSuites(im.Alg) {
			continue
		}
		needsHW := im.NeedsHardware != "" && t.Qemu != ""
		if !im.Usable && !needsHW {
			continue
		}
		for _, f := range im.Requires {
			switch {
			case masked[f]:
			case detected[f]:
				want[f] = false
			case needsHW:
				if _, ok := want[f]; !ok {
					want[f] = true
				}
			}
		}
	}
	return want
}

// probeTarget runs the probes the selected implementations need and
// returns their verdicts per feature and the report rows.
func probeTarget(o Options, s Caller, t driver.Target, info wire.Info) (Verdicts, []ProbeRow) {
	return ProbeFeatures(s, t, info, probeWant(o, t, info))
}

// Verdicts are what the probes said, per feature.
type Verdicts map[string]*featureProbe

// Unfaithful is why the target is not trusted: the first feature (in
// name order) whose probe failed or trapped although detected; "" when
// every probe held.
func (v Verdicts) Unfaithful() string {
	var fs []string
	for f := range v {
		fs = append(fs, f)
	}
	sort.Strings(fs)
	for _, f := range fs {
		if v[f].unfaithful != "" {
			return v[f].unfaithful
		}
	}
	return ""
}

// ProbeFeatures runs the known-answer probe of each feature in want (true:
// force it, the feature is not detected) through s and returns the
// verdicts and the report rows; features without a probe get one NoProbe
// row.
func ProbeFeatures(s interface {
	Call(args ...[]byte) ([][]byte, error)
}, t driver.Target, info wire.Info, want map[string]bool) (Verdicts, []ProbeRow) {
	has := map[string][]string{}
	for _, p := range info.Probes {
		has[p.Feature] = append(has[p.Feature], p.Instr)
	}
	var features, none []string
	for f := range want {
		if len(has[f]) == 0 {
			none = append(none, f)
			continue
		}
		features = append(features, f)
	}
	sort.Strings(features)
	sort.Strings(none)
	verdicts := Verdicts{}
	var rows []ProbeRow
	for _, f := range features {
		forced := want[f]
		fp := &featureProbe{}
		verdicts[f] = fp
		force := ""
		if forced {
			force = "force"
		}
		base := ProbeRow{Arch: t.Arch, Model: t.Model, Feature: f, Instr: strings.Join(has[f], ", "), Forced: forced}
		out, err := s.Call([]byte("probe"), []byte(f), []byte(force))
		if err != nil {
			var ce *driver.CrashError
			r := base
			if errors.As(err, &ce) {
				how := "crashes the runner"
				if ce.Signal != "" {
					how = "traps with " + ce.Signal
				} else if ce.Hang {
					how = "hangs"
				}
				r.Verdict, r.Detail = how, ce.Error()
				fp.traps = fmt.Sprintf("the %s probe (%s) %s", f, r.Instr, how)
				if !forced {
					// Detected, yet its instruction does not run.
					fp.unfaithful = fp.traps + " although the feature is detected"
				}
			} else {
				r.Verdict, r.Detail = ProbeError, err.Error()
			}
			rows = append(rows, r)
			continue
		}
		var results []wire.ProbeResult
		if len(out) != 1 || json.Unmarshal(out[0], &results) != nil {
			r := base
			r.Verdict, r.Detail = ProbeError, fmt.Sprintf("unreadable probe answer %q", out)
			rows = append(rows, r)
			continue
		}
		for _, pr := range results {
			r := base
			r.Instr, r.Want, r.Got, r.Detail = pr.Instr, pr.Want, pr.Got, pr.Error
			switch {
			case pr.OK:
				r.Verdict = ProbeOK
			case t.Qemu == "":
				// Real hardware is trusted; a wrong probe is reported and
				// the kernels still run and count.
				r.Verdict = ProbeWrongHW
			default:
				r.Verdict = ProbeUnfaithful
				what := fmt.Sprintf("expected %s, got %s", pr.Want, pr.Got)
				if pr.Error != "" {
					what = "panics: " + pr.Error
				}
				if fp.unfaithful == "" {
					fp.unfaithful = fmt.Sprintf("%s probe %s: %s", f, pr.Instr, what)
				}
			}
			rows = append(rows, r)
		}
	}
	if len(none) > 0 {
		rows = append(rows, ProbeRow{Arch: t.Arch, Model: t.Model, NoProbe: none})
	}
	return verdicts, rows
}

// probeStatus says how the probes change an implementation's outcome on a
// target: ok false means they do not (run or skip it as usual).
func probeStatus(fp Verdicts, t driver.Target, im wire.ImplInfo) (st Status, reason string, ok bool) {
	var unfaithful, traps []string
	for _, f := range im.Requires {
		if v := fp[f]; v != nil {
			if v.unfaithful != "" {
				unfaithful = append(unfaithful, v.unfaithful)
			}
			if v.traps != "" {
				traps = append(traps, v.traps)
			}
		}
	}
	needsHW := im.NeedsHardware != "" && t.Qemu != ""
	switch {
	case len(unfaithful) > 0 && t.Qemu != "":
		reason = "not faithfully emulated: " + strings.Join(unfaithful, "; ")
		if needsHW {
			reason += " (needs hardware: " + im.NeedsHardware + ")"
		}
		return NotEmulated, reason, true
	case needsHW && len(traps) > 0:
		return Skipped, "needs hardware: " + im.NeedsHardware + "; " + strings.Join(traps, "; "), true
	}
	return "", "", false
}

// printProbes writes the probe report: one line per probe and target.
func printProbes(w io.Writer, rows []ProbeRow) {
	PrintProbes(w, rows, "known-answer check of each feature the selected implementations need, before they run")
}

// PrintMemProbes writes the PROBES section of a run that ran only the
// memory-operand probes (xarch fuzz), sorted like xarch test's.
func PrintMemProbes(w io.Writer, rows []ProbeRow, arches []string) {
	rows = append([]ProbeRow(nil), rows...)
	SortProbes(rows, arches)
	PrintProbes(w, rows, "memory-operand probes of the kernels' load and store forms, before the cases run")
}

// PrintProbes writes a PROBES section: what says what was probed.
func PrintProbes(w io.Writer, rows []ProbeRow, what string) {
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "\nPROBES (%s)\n", what)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, r := range rows {
		target := r.Arch + "/" + r.Model
		if len(r.NoProbe) > 0 {
			fmt.Fprintf(tw, "  %s\t-\t-\t\tno probe registered\tfor %s\n", target, strings.Join(r.NoProbe, ","))
			continue
		}
		forced := ""
		if r.Forced {
			forced = "forced (not detected)"
		}
		detail := ""
		switch {
		case r.Verdict == ProbeOK && r.Want == "":
			detail = r.Detail
		case r.Verdict == ProbeOK:
			detail = "got " + r.Want
			if len(detail) > 4+32 {
				detail = detail[:4+32] + "..."
			}
		case r.Want != "" || r.Got != "":
			detail = fmt.Sprintf("expected %s, got %s", r.Want, r.Got)
			if r.Detail != "" {
				detail += " (" + r.Detail + ")"
			}
		default:
			detail = firstLine(r.Detail)
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\t%s\n", target, r.Feature, r.Instr, forced, r.Verdict, detail)
	}
	tw.Flush()
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// SortProbes orders probe rows like results: arch order, then model.
func SortProbes(rows []ProbeRow, arches []string) {
	order := map[string]int{}
	for i, a := range arches {
		order[a] = i
	}
	sort.SliceStable(rows, func(i, j int) bool {
		a, b := rows[i], rows[j]
		if a.Arch != b.Arch {
			return order[a.Arch] < order[b.Arch]
		}
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		if (len(a.NoProbe) > 0) != (len(b.NoProbe) > 0) {
			return len(b.NoProbe) > 0
		}
		return a.Feature < b.Feature
	})
}

// hasSuites reports whether a family has vector suites to run.
func hasSuites(family string) bool {
	spec, ok := algs.Lookup(family)
	return ok && len(spec.Suites) > 0
}
