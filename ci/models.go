// Package ci holds what CI and the host share: the CPU model table
// (models.json, the one place that lists models) and the scripts beside it.
package ci

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

//go:embed models.json
var modelsJSON []byte

// Model is one CPU model of an arch: native, or a qemu -cpu value.
type Model struct {
	Name   string   `json:"name"`
	CPU    *string  `json:"cpu,omitempty"` // qemu -cpu value; nil means Name, "" means qemu's default
	Native bool     `json:"native,omitempty"`
	Extra  bool     `json:"extra,omitempty"`  // not in the default matrix
	Expect []string `json:"expect,omitempty"` // features the runner should detect; nil: no expectation
	// Force lists features the emulator runs but the guest cannot detect
	// (QEMU 7.2 answers riscv64's hwprobe with ENOSYS, say): the runner
	// treats them as detected (--force), and their probes still check
	// that the emulator computes them right.
	Force []string `json:"force,omitempty"`
}

// QemuCPU is the value for qemu's -cpu flag ("" for the emulator's default).
func (m Model) QemuCPU() string {
	if m.CPU != nil {
		return *m.CPU
	}
	return m.Name
}

// Arch is one architecture's row of the table.
type Arch struct {
	Arch     string  `json:"arch"`
	Qemu     string  `json:"qemu"`
	Compiler string  `json:"compiler,omitempty"` // "gccgo" for sparc64; gc otherwise
	Models   []Model `json:"models"`
}

// Table is the whole model table.
type Table struct {
	Arches []Arch `json:"arches"`
}

// Load parses the embedded model table.
func Load() (*Table, error) {
	var t Table
	if err := json.Unmarshal(modelsJSON, &t); err != nil {
		return nil, fmt.Errorf("ci/models.json: %v", err)
	}
	return &t, nil
}

// ArchNames lists the arches in table order.
func (t *Table) ArchNames() []string {
	var out []string
	for _, a := range t.Arches {
		out = append(out, a.Arch)
	}
	return out
}

// Find returns an arch's row, or an error naming the known ones.
func (t *Table) Find(arch string) (*Arch, error) {
	for i := range t.Arches {
		if t.Arches[i].Arch == arch {
			return &t.Arches[i], nil
		}
	}
	return nil, fmt.Errorf("unknown arch %q (known: %s)", arch, strings.Join(t.ArchNames(), ", "))
}

// Select returns the models to run for an arch: every default model, or the
// named ones (comma-separated; extra models may be named).
func (a *Arch) Select(names string) ([]Model, error) {
	if names == "" {
		var out []Model
		for _, m := range a.Models {
			if !m.Extra {
				out = append(out, m)
			}
		}
		return out, nil
	}
	var out []Model
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		found := false
		for _, m := range a.Models {
			if strings.EqualFold(m.Name, n) {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			var known []string
			for _, m := range a.Models {
				known = append(known, m.Name)
			}
			return nil, fmt.Errorf("unknown model %q for %s (known: %s)", n, a.Arch, strings.Join(known, ", "))
		}
	}
	return out, nil
}

// Mismatch compares detected features with the model's expectation and
// describes the difference ("" when they agree or nothing is expected).
func (m Model) Mismatch(detected []string) string {
	if m.Expect == nil {
		return ""
	}
	want := map[string]bool{}
	for _, f := range m.Expect {
		want[f] = true
	}
	got := map[string]bool{}
	for _, f := range detected {
		got[f] = true
	}
	var missing, extra []string
	for f := range want {
		if !got[f] {
			missing = append(missing, f)
		}
	}
	for f := range got {
		if !want[f] {
			extra = append(extra, f)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, "expected but not detected: "+strings.Join(missing, ","))
	}
	if len(extra) > 0 {
		parts = append(parts, "detected but not expected: "+strings.Join(extra, ","))
	}
	return strings.Join(parts, "; ")
}

// Richest is the default emulated model that exposes the most features
// (the first of equals): the one host tests pick to run an arch's own
// levels, so a new arch needs no entry in any test.
func (a *Arch) Richest() (Model, bool) {
	var best Model
	found := false
	for _, m := range a.Models {
		if m.Native || m.Extra {
			continue
		}
		if !found || len(m.Expect) > len(best.Expect) {
			best, found = m, true
		}
	}
	return best, found
}

// CompilerName is "gccgo" or "gc".
func (a *Arch) CompilerName() string {
	if a.Compiler == "" {
		return "gc"
	}
	return a.Compiler
}

// UnitRun is one target-side unit test binary run under qemu.
type UnitRun struct {
	Model   string // qemu -cpu value ("" for the emulator's default)
	Package string // e.g. "arch/amd64"
}

// UnitPlan is where ci/cross-unit-tests.sh runs the arch's own unit tests
// under qemu: its arch package on the poorest and the richest default
// emulated models (levels skip and run), and the runner on the richest.
// Derived, so a new arch needs no entry in the script.
func (a *Arch) UnitPlan() []UnitRun {
	var emu []Model
	for _, m := range a.Models {
		if !m.Native && !m.Extra {
			emu = append(emu, m)
		}
	}
	if len(emu) == 0 {
		return nil
	}
	poor, rich := emu[0], emu[0]
	for _, m := range emu {
		if len(m.Expect) < len(poor.Expect) {
			poor = m
		}
		if len(m.Expect) >= len(rich.Expect) { // the last of equals: another model than poor
			rich = m
		}
	}
	pkg := "arch/" + a.Arch
	out := []UnitRun{{poor.QemuCPU(), pkg}}
	if rich.Name != poor.Name {
		out = append(out, UnitRun{rich.QemuCPU(), pkg})
	}
	return append(out, UnitRun{rich.QemuCPU(), "runner"})
}
