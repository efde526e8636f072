package suite

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/wire"
)

// Memory-operand fidelity (arch.MemProbe, runner memprobe). Each form
// with a memory operand that kernels use runs with its operand ending at a
// PROT_NONE page (must not fault) and one byte further (must fault). A
// failing probe is evidence, not an excuse:
//   - it is "not faithfully emulated" only on an emulator, when the
//     probe's own instruction (the bytes at the PC where it faulted) is
//     named by GNU objdump as the form's mnemonic, and the same probe
//     passes natively or under another emulator generation;
//   - otherwise, for a feature the model is expected to have (or on real
//     hardware), it fails the run: a wrong encoding in a probe would
//     excuse the same wrong encoding in a kernel.
// A kernel's memory fault is excused (MemExcuses) only when the runner
// names the faulting instruction as a form whose probe is not faithfully
// emulated here; any other fault stays the kernel's.

// MemExcuses maps a form to the evidence that the emulator, not the
// kernel, faults there.
type MemExcuses map[string]string

// Excuse says whether a fault message (a check command's fault, with its
// site) is the emulator's: the reason to report, or "".
func (m MemExcuses) Excuse(fault string) string {
	_, site, ok := wire.ParseFaultSite(fault)
	if !ok || site.Form == "" {
		return ""
	}
	ev, bad := m[site.Form]
	if !bad {
		return ""
	}
	return fmt.Sprintf("emulator fault at %s: not faithfully emulated: %s memory operand (%s)", site, site.Form, ev)
}

// memProbeWanted: the suite runs the memory-operand probes when a selected
// implementation needs a CPU feature (an assembly kernel: the forms come
// from the kernels), as it runs the known-answer probes.
func memProbeWanted(o Options, info wire.Info) bool {
	for _, im := range info.Impls {
		if o.Selects(im) && len(im.Requires) > 0 && hasSuites(im.Alg) {
			return true
		}
	}
	return false
}

// MemProbeTarget runs the target's memory-operand probes: the forms the
// emulator does not execute faithfully (with evidence), the PROBES rows,
// and a failed result per probe that fails the run.
func MemProbeTarget(s Caller, t driver.Target, m ci.Model, info wire.Info, timeout time.Duration) (MemExcuses, []ProbeRow, []Result) {
	if len(info.MemProbes) == 0 {
		return nil, nil, nil
	}
	results, err := memProbeCall(s, "", "")
	if err != nil {
		return nil, []ProbeRow{{Arch: t.Arch, Model: t.Model, Feature: "memory", Instr: "memory operands", Verdict: ProbeError, Detail: err.Error()}},
			[]Result{{Arch: t.Arch, Model: t.Model, Impl: "memprobe", Status: Failed, Reason: "memory-operand probes: " + err.Error()}}
	}
	expected := map[string]bool{}
	for _, f := range m.Expect {
		expected[f] = true
	}
	ex := MemExcuses{}
	var rows []ProbeRow
	var fails []Result
	var ok []string
	step := "a fault 1 byte further"
	for _, r := range results {
		row := ProbeRow{Arch: t.Arch, Model: t.Model, Feature: r.Feature, Instr: r.Form + " memory operand"}
		if r.OK {
			ok = append(ok, r.Form)
			if r.Align > 1 {
				step = "a fault 1 byte further (forms that need aligned operands: their alignment further)"
			}
			continue
		}
		what := memWhat(r)
		enc, encOK := checkEncoding(t.Arch, r)
		alt, altOK := crossCheck(t, m, r.Form, timeout)
		evidence := enc + "; " + alt
		switch {
		case t.Qemu != "" && encOK && altOK:
			row.Verdict = ProbeUnfaithful
			row.Detail = "not faithfully emulated: " + r.Form + " memory operand: " + what + "; evidence: " + evidence
			ex[r.Form] = what + "; " + evidence
		case t.Qemu == "" || expected[r.Feature]:
			row.Verdict = "FAILED"
			row.Detail = what + "; not excused: " + evidence
			why := "expected feature " + r.Feature + " of the model"
			if t.Qemu == "" {
				why = "real hardware"
			}
			fails = append(fails, Result{Arch: t.Arch, Model: t.Model, Impl: "memprobe", File: r.Form, Status: Failed,
				Reason: fmt.Sprintf("memory-operand probe %s fails on %s (%s): %s; not excused: %s", r.Form, t, why, what, evidence)})
		default:
			// An emulated feature the model does not promise: reported,
			// excuses nothing.
			row.Verdict = ProbeUnfaithful + " (unconfirmed)"
			row.Detail = what + "; no excuse: " + evidence
		}
		rows = append(rows, row)
	}
	if len(ok) > 0 {
		rows = append(rows, ProbeRow{Arch: t.Arch, Model: t.Model, Feature: "memory", Instr: fmt.Sprintf("%d memory-operand forms", len(ok)),
			Verdict: ProbeOK, Detail: "no fault ending at a PROT_NONE page, " + step + ": " + strings.Join(ok, ", ")})
	}
	return ex, rows, fails
}

func memWhat(r wire.MemProbeResult) string {
	verb := "read"
	if r.Store {
		verb = "write"
	}
	switch {
	case r.AtEnd != "" && r.Beyond == "":
		return fmt.Sprintf("faults with the %d-byte %s ending at a PROT_NONE page (%s), and not one byte beyond", r.Size, verb, firstLine(r.AtEnd))
	case r.AtEnd != "":
		return fmt.Sprintf("faults with the %d-byte %s ending at a PROT_NONE page, where hardware does not (%s)", r.Size, verb, firstLine(r.AtEnd))
	}
	into := "one byte"
	if r.Align > 1 {
		into = fmt.Sprintf("%d bytes (its alignment)", r.Align)
	}
	return fmt.Sprintf("does not fault with the %d-byte %s reaching %s into a PROT_NONE page, where hardware does", r.Size, verb, into)
}

func memProbeCall(s Caller, form, force string) ([]wire.MemProbeResult, error) {
	out, err := s.Call([]byte("memprobe"), []byte(form), []byte(force))
	if err != nil {
		return nil, err
	}
	var rs []wire.MemProbeResult
	if len(out) != 1 || json.Unmarshal(out[0], &rs) != nil {
		return nil, fmt.Errorf("unreadable memprobe answer %q", out)
	}
	return rs, nil
}

// checkEncoding disassembles the bytes at the probe's fault site with GNU
// objdump: the probe's instruction must be the form's mnemonic.
func checkEncoding(arch string, r wire.MemProbeResult) (string, bool) {
	if r.Site.Code == "" {
		return "encoding not checked: the probe never faulted, so its instruction's address is unknown", false
	}
	name, err := Disassemble(arch, r.Site.Code)
	if err != nil {
		return "encoding not checked: " + err.Error(), false
	}
	mn := strings.Fields(name)
	if len(mn) == 0 || !strings.EqualFold(mn[0], r.Mnemonic) {
		return fmt.Sprintf("encoding wrong: objdump names the probe's instruction (%s) %q, not %s", r.Site.Code, name, r.Mnemonic), false
	}
	return fmt.Sprintf("objdump names the probe's instruction %q", name), true
}

// Disassemble names the first instruction of hex code with GNU objdump, as
// ci/models.json's "disasm" of the arch says.
func Disassemble(arch, code string) (string, error) {
	table, err := ci.Load()
	if err != nil {
		return "", err
	}
	a, err := table.Find(arch)
	if err != nil || a.Disasm.Objdump == "" {
		return "", fmt.Errorf("no disassembler known for %s (ci/models.json disasm)", arch)
	}
	od := a.Disasm
	raw, err := hex.DecodeString(code)
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "xarch-insn")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(dir)
	f := filepath.Join(dir, "code.bin")
	if err := os.WriteFile(f, raw, 0o644); err != nil {
		return "", err
	}
	if len(od.InsnAs) > 0 {
		if f, err = insnObject(od.InsnAs, dir, raw); err != nil {
			return "", err
		}
	}
	out, err := exec.Command(od.Objdump, append(append([]string{}, od.Args...), f)...).Output()
	if err != nil {
		return "", fmt.Errorf("%s: %v", od.Objdump, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		parts := strings.Split(line, "\t")
		if len(parts) >= 3 && strings.TrimSpace(parts[0]) == "0:" {
			return strings.TrimSpace(strings.Join(parts[2:], " ")), nil
		}
	}
	return "", fmt.Errorf("%s printed no instruction", od.Objdump)
}

// insnObject assembles the first instruction of raw as `.insn` (GNU as's
// spelling of a raw RISC-V instruction: 2 bytes when its low bits are not
// 11, else 4) with the command as, into an object objdump decodes with the
// extensions as's -march names.
func insnObject(as []string, dir string, raw []byte) (string, error) {
	var v uint32
	switch {
	case len(raw) >= 2 && raw[0]&3 != 3:
		v = uint32(raw[0]) | uint32(raw[1])<<8
	case len(raw) >= 4:
		v = uint32(raw[0]) | uint32(raw[1])<<8 | uint32(raw[2])<<16 | uint32(raw[3])<<24
	default:
		return "", fmt.Errorf("%x: not a whole instruction", raw)
	}
	src, obj := filepath.Join(dir, "code.s"), filepath.Join(dir, "code.o")
	if err := os.WriteFile(src, []byte(fmt.Sprintf(".insn %#x\n", v)), 0o644); err != nil {
		return "", err
	}
	args := append(append([]string{}, as[1:]...), "-o", obj, src)
	if out, err := exec.Command(as[0], args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s: %v: %s", as[0], err, out)
	}
	return obj, nil
}

// crossCheck runs the same probe natively (on a host of the arch) or under
// the model's other emulator generations: it must pass somewhere else.
func crossCheck(t driver.Target, m ci.Model, form string, timeout time.Duration) (string, bool) {
	var alts []driver.Target
	if runtime.GOARCH == t.Arch && t.Qemu != "" {
		n := t
		n.Qemu, n.CPU, n.Gen, n.Emulator, n.Model = "", "", "", "", "native"
		alts = append(alts, n)
	}
	if table, err := ci.Load(); err == nil && t.Qemu != "" {
		if row, err := table.Find(t.Arch); err == nil {
			for _, g := range m.Generations(table) {
				if g == t.Gen {
					continue
				}
				sel, err := row.Select(m.Name + "@qemu" + g)
				if err != nil || len(sel) != 1 {
					continue
				}
				path, why := table.QemuPath(row, g)
				if why != "" {
					continue
				}
				a := t
				a.Qemu, a.CPU, a.Gen, a.Emulator, a.Model = path, sel[0].QemuCPU(), g, driver.EmulatorVersion(path), sel[0].Label()
				alts = append(alts, a)
			}
		}
	}
	var tried []string
	for _, a := range alts {
		where := a.Model
		if a.Qemu != "" {
			where += " (" + EmulatorOf(a) + ")"
		}
		s, err := driver.NewSession(a, timeout)
		if err != nil {
			tried = append(tried, where+": "+err.Error())
			continue
		}
		rs, err := memProbeCall(s, form, "force")
		s.Close()
		switch {
		case err != nil:
			tried = append(tried, where+": "+firstLine(err.Error()))
		case len(rs) == 1 && rs[0].OK:
			return "the same probe passes on " + where, true
		case len(rs) == 1:
			tried = append(tried, where+": "+memWhat(rs[0]))
		}
	}
	if len(tried) == 0 {
		return "no other place to run the probe (not native, no other emulator generation installed)", false
	}
	return "the probe fails elsewhere too: " + strings.Join(tried, "; "), false
}
