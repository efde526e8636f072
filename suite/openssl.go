package suite

import (
	"fmt"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/driver"
)

// Evidence that an OpenSSL level ran its own code: under QEMU, the
// characteristic instructions of the level's capability bits counted in
// the guest code the emulator translated (-d in_asm). An instruction the
// level's word enables must appear once its family ran; one whose bit the
// mask clears must not; and a mask whose counts equal the detected
// level's on the same model changed nothing. Each is a failure.

// EvidenceFile is the File of an evidence result row.
const EvidenceFile = "evidence (qemu -d in_asm)"

type evidence struct {
	p      driver.Planned
	counts map[string]int
	text   string
}

// opensslEvidence judges every provider plan that ran under QEMU.
func opensslEvidence(plans []driver.Planned, results []Result) ([]Result, []string) {
	ran := map[string]bool{} // arch, model, impl -> some case ran
	for _, r := range results {
		if r.Cases > 0 {
			ran[r.Arch+"\x00"+r.Model+"\x00"+r.Impl] = true
		}
	}
	var out []Result
	var notes []string
	detected := map[string]*evidence{}
	var masked []*evidence
	for _, p := range plans {
		op := p.OpenSSL
		if op == nil || op.Arch == nil || p.Skip != "" || p.Fail != "" || strings.Contains(op.Name, "-planted") {
			continue
		}
		t := p.Target
		res := Result{Arch: t.Arch, Model: t.Model, Impl: "evidence/" + op.Name, File: EvidenceFile, Status: Passed}
		if op.Evidence == "" {
			res.File = "evidence (native)"
			res.Reason = fmt.Sprintf("native: no instruction trace here; the runner checked that the library read %s=%s (detected unmasked: %s)", op.Arch.Env, op.Level.Value, strings.TrimPrefix(op.CPUInfo, "CPUINFO: "))
			notes = append(notes, fmt.Sprintf("openssl evidence %s %s: %s", t, op.Name, res.Reason))
			out = append(out, res)
			continue
		}
		counts, err := driver.CountEvidence(op)
		if err != nil {
			res.Status, res.Reason = Failed, err.Error()
			out = append(out, res)
			continue
		}
		eff := op.Arch.Effective(op.Level, op.Detected)
		var parts, bad []string
		for _, in := range op.Arch.Instructions {
			n := counts[in.Name]
			parts = append(parts, fmt.Sprintf("%s %d", in.Name, n))
			if !ran[t.Arch+"\x00"+t.Model+"\x00"+in.Family+"/"+op.Name] {
				continue
			}
			res.Cases++
			switch {
			case in.Expect(eff) && n == 0:
				bad = append(bad, fmt.Sprintf("%s never translated though %s is in the level's word", in.Name, in.Bit))
			case !eff[in.Bit] && n > 0:
				bad = append(bad, fmt.Sprintf("%s translated %d times though the mask clears %s", in.Name, n, in.Bit))
			default:
				res.Passed++
			}
		}
		text := strings.Join(parts, ", ")
		res.Reason = text
		if res.Cases == 0 {
			res.Status, res.Reason = Skipped, "none of the level's families ran (--impl): "+text
			out = append(out, res)
			continue
		}
		if len(bad) > 0 {
			res.Status = Failed
			res.Reason = strings.Join(bad, "; ") + " (" + text + ")"
			res.Failures = append(res.Failures, Failure{Where: op.Evidence, Msg: res.Reason,
				Repro: fmt.Sprintf("%s=%s %s -cpu %s %s", op.Arch.Env, op.Level.Value, t.Qemu, t.CPU, strings.Join(t.QemuArgs, " "))})
		}
		ev := &evidence{p: p, counts: counts, text: text}
		key := t.Arch + "\x00" + t.Model + "\x00" + op.Lib
		if op.Level.Detected() {
			detected[key] = ev
		} else {
			masked = append(masked, ev)
		}
		mask := "unmasked"
		if !op.Level.Detected() {
			mask = op.Arch.Env + "=" + op.Level.Value
		}
		notes = append(notes, fmt.Sprintf("openssl evidence %s %s (%s; detected %s): %s", t, op.Name, mask, strings.TrimPrefix(op.CPUInfo, "CPUINFO: "), text))
		out = append(out, res)
	}
	// A mask is judged against the detected level of its model and library.
	for _, ev := range masked {
		t, op := ev.p.Target, ev.p.OpenSSL
		d := detected[t.Arch+"\x00"+t.Model+"\x00"+op.Lib]
		if d == nil || !sameCounts(d.counts, ev.counts) || !ev.judged(d, ran) {
			continue
		}
		for i := range out {
			if out[i].Arch == t.Arch && out[i].Model == t.Model && out[i].Impl == "evidence/"+op.Name {
				msg := fmt.Sprintf("mask %s=%s changed nothing: the same instructions as %s (%s)", op.Arch.Env, op.Level.Value, d.p.OpenSSL.Name, ev.text)
				out[i].Status, out[i].Reason = Failed, msg
				out[i].Failures = append(out[i].Failures, Failure{Where: op.Evidence, Msg: msg})
			}
		}
	}
	sort.Strings(notes)
	return out, notes
}

// opensslTwin: a provider level whose capability word replaces detection
// whole (and reads no model register) runs the same library code on every
// model, so its vector files run once per emulator, as a feature-free
// level's do (twins.go), and so do its fuzz cases (fuzz.twinHome: drawn
// from the seed, they would repeat the home's answers); its edges, named
// rows and evidence run on every model.
// So does a detected level where the table says the word is all the
// library reads (word_twins), among models with the same detected word
// (homes keys them by it), but for the families that read the model.
func opensslTwin(p driver.Planned, family string) bool {
	op := p.OpenSSL
	if op == nil || op.Arch == nil {
		return false
	}
	if op.Arch.ModelIndependent(op.Level) {
		return true
	}
	if !op.Level.Detected() || !op.Arch.WordTwins {
		return false
	}
	for _, f := range op.Arch.ModelFamilies {
		if f == family {
			return false
		}
	}
	return true
}

// judged: some instruction the mask should change (expected under one
// word, not the other) belongs to a family that ran in both runs; else
// equal counts say nothing about the mask (--impl left that family out).
func (ev *evidence) judged(d *evidence, ran map[string]bool) bool {
	op, dp := ev.p.OpenSSL, d.p.OpenSSL
	me, de := op.Arch.Effective(op.Level, op.Detected), dp.Arch.Effective(dp.Level, dp.Detected)
	t := ev.p.Target
	for _, in := range op.Arch.Instructions {
		if in.Expect(me) == in.Expect(de) {
			continue
		}
		if ran[t.Arch+"\x00"+t.Model+"\x00"+in.Family+"/"+op.Name] && ran[t.Arch+"\x00"+t.Model+"\x00"+in.Family+"/"+dp.Name] {
			return true
		}
	}
	return false
}

func sameCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}
