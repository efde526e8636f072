// Package ci holds what CI and the host share: the CPU model table
// (models.json, the one place that lists models) and the scripts beside it.
package ci

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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

	// Gens lists the emulator generations (Table.Emulators) that have
	// this model, oldest first; nil means only the first (QEMU 7.2). A
	// model runs by default on the newest of them.
	Gens []string `json:"gens,omitempty"`
	// CPUs gives the -cpu value in a generation where it differs from
	// CPU (QEMU 10 spells sparc64 models with dashes).
	CPUs map[string]string `json:"cpus,omitempty"`
	// ExpectGen replaces Expect in a generation that exposes other
	// features (QEMU 10's amd64 max adds SHA-NI).
	ExpectGen map[string][]string `json:"expect_gen,omitempty"`
	// Cross lists older generations on which the model also runs in the
	// default matrix: the cross-generation set that catches emulator
	// regressions. Keep it small (each entry is a whole target).
	Cross []string `json:"cross,omitempty"`
	// Cost is the model's suite time relative to a typical emulated
	// model (0 means 1). Only the schedule reads it: `xarch test` starts
	// costlier targets first, so a slow one does not run alone at the end.
	Cost float64 `json:"cost,omitempty"`

	// Gen is the generation a selected model runs under (set by Select;
	// "" for native models). Expect and QemuCPU are already resolved
	// for it.
	Gen string `json:"-"`
	// Default reports whether Gen is the model's newest generation (the
	// model's plain name selects it).
	Default bool `json:"-"`
}

// QemuCPU is the value for qemu's -cpu flag ("" for the emulator's default),
// in the model's generation (Gen).
func (m Model) QemuCPU() string {
	if c, ok := m.CPUs[m.Gen]; ok {
		return c
	}
	if m.CPU != nil {
		return *m.CPU
	}
	return m.Name
}

// Generations lists the emulator generations that have the model (nil for
// native models).
func (m Model) Generations(t *Table) []string {
	if m.Native {
		return nil
	}
	if len(m.Gens) > 0 {
		return m.Gens
	}
	if t != nil && len(t.Emulators) > 0 {
		return []string{t.Emulators[0].Gen}
	}
	return []string{BaseGen}
}

// Label is the model's name in reports and --model: its name on its newest
// generation, NAME@qemuGEN on an older one ("Haswell@qemu7.2").
func (m Model) Label() string {
	if m.Native || m.Gen == "" || m.Default {
		return m.Name
	}
	return m.Name + "@qemu" + m.Gen
}

// at resolves a model for one generation.
func (m Model) at(gen string, newest bool) Model {
	m.Gen, m.Default = gen, newest
	if e, ok := m.ExpectGen[gen]; ok {
		m.Expect = e
	}
	return m
}

// BaseGen is the generation of models that name none: Debian 12's QEMU.
const BaseGen = "7.2"

// Emulator is one generation of qemu-user: where its binaries come from.
type Emulator struct {
	Gen     string `json:"gen"`               // "7.2", "10"
	Package string `json:"package,omitempty"` // where ci/install-deps.sh gets it
	// DirEnv names the environment variable that points at the directory
	// holding this generation's binaries (DirDefault when unset); empty:
	// the binaries are on PATH.
	DirEnv     string `json:"dir_env,omitempty"`
	DirDefault string `json:"dir_default,omitempty"`
}

// Dir is the directory of the generation's binaries ("" for PATH).
func (e Emulator) Dir() string {
	if e.DirEnv == "" {
		return ""
	}
	if d := os.Getenv(e.DirEnv); d != "" {
		return d
	}
	return e.DirDefault
}

// Emulator returns a generation's entry.
func (t *Table) Emulator(gen string) (Emulator, bool) {
	for _, e := range t.Emulators {
		if e.Gen == gen {
			return e, true
		}
	}
	return Emulator{}, false
}

// QemuPath finds the arch's emulator binary of a generation: its path, or
// why it is not there (with how to install it).
func (t *Table) QemuPath(a *Arch, gen string) (path, missing string) {
	e, ok := t.Emulator(gen)
	if !ok {
		return "", fmt.Sprintf("ci/models.json names no emulator generation %q", gen)
	}
	name := a.Qemu
	if b, ok := a.Emulators[gen]; ok {
		name = b
	}
	if d := e.Dir(); d != "" {
		p := filepath.Join(d, name)
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, ""
		}
		return "", fmt.Sprintf("QEMU %s: %s is not installed (run `sudo ci/install-deps.sh`: %s, unpacked into $%s, default %s)",
			gen, p, e.Package, e.DirEnv, e.DirDefault)
	}
	p, err := exec.LookPath(name)
	if err != nil {
		return "", fmt.Sprintf("QEMU %s: %s is not installed (run `sudo ci/install-deps.sh`, %s)", gen, name, e.Package)
	}
	return p, ""
}

// Arch is one architecture's row of the table.
type Arch struct {
	Arch string `json:"arch"`
	// Qemu is the emulator binary of the base generation (QEMU 7.2, on
	// PATH); Emulators names it per generation where it differs.
	Qemu      string            `json:"qemu"`
	Emulators map[string]string `json:"emulators,omitempty"`
	Compiler  string            `json:"compiler,omitempty"` // "gccgo" for sparc64; gc otherwise
	Disasm    Disasm            `json:"disasm"`
	GoDebug   *GoDebug          `json:"godebug,omitempty"` // nil: gotest cannot mask its features
	// HostedRunner is the CI runner label of jobs on native models ("":
	// no hosted runner of this arch).
	HostedRunner string  `json:"hosted_runner,omitempty"`
	Models       []Model `json:"models"`

	table *Table
}

// GoDebug is how Go names an arch's CPU features (GODEBUG=cpu.<name>=off),
// for xarch gotest's masks.
type GoDebug struct {
	Var      string            `json:"var"`              // internal/cpu's variable: X86, ARM64, PPC64, RISCV64
	CPUFiles []string          `json:"cpu_files"`        // the internal/cpu (and x/sys/cpu) files listing the options
	Options  []string          `json:"options"`          // the option names when the toolchain's source cannot be read
	Names    map[string]string `json:"names,omitempty"`  // runner feature name -> Go option, where they differ
	Fields   map[string]string `json:"fields,omitempty"` // lower-case feature-test field -> option, where they differ
	Base     []string          `json:"base,omitempty"`   // options every package's code paths depend on
}

// GoName is Go's option name for a feature as the runner names it.
func (g *GoDebug) GoName(feature string) string {
	if n, ok := g.Names[feature]; ok {
		return n
	}
	return feature
}

// Disasm is how GNU objdump names the arch's instructions (suite.Disassemble).
type Disasm struct {
	Objdump string   `json:"objdump"`
	Args    []string `json:"args"` // before the file: "-D -b binary -m MACHINE" for raw bytes
	// InsnAs, when set, assembles the instruction as `.insn WORD` with this
	// command first (objdump then reads an object, whose attributes say
	// which extensions to decode: RISC-V's vector instructions).
	InsnAs []string `json:"insn_as,omitempty"`
}

// Table is the whole model table.
type Table struct {
	// HostedRunner is the CI runner label of jobs on emulated models.
	HostedRunner string `json:"hosted_runner"`
	// Emulators lists the qemu-user generations, oldest first.
	Emulators []Emulator `json:"emulators"`
	Arches    []Arch     `json:"arches"`
}

// Load parses the embedded model table.
func Load() (*Table, error) {
	var t Table
	if err := json.Unmarshal(modelsJSON, &t); err != nil {
		return nil, fmt.Errorf("ci/models.json: %v", err)
	}
	for i := range t.Arches {
		t.Arches[i].table = &t
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

// Select returns the models to run for an arch, each resolved for one
// emulator generation (Model.Gen): by default every default model on its
// newest generation plus its Cross generations; or the named ones
// (comma-separated; extra models may be named). A plain name is the newest
// generation, NAME@qemuGEN (or NAME@GEN) an older one.
func (a *Arch) Select(names string) ([]Model, error) {
	if names == "" {
		var out []Model
		for _, m := range a.Models {
			if m.Extra {
				continue
			}
			if m.Native {
				out = append(out, m)
				continue
			}
			gens := m.Generations(a.table)
			out = append(out, m.at(gens[len(gens)-1], true))
			for _, g := range m.Cross {
				out = append(out, m.at(g, g == gens[len(gens)-1]))
			}
		}
		return out, nil
	}
	var out []Model
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		base, gen := n, ""
		if i := strings.LastIndex(n, "@"); i >= 0 {
			base, gen = n[:i], strings.TrimPrefix(n[i+1:], "qemu")
		}
		found := false
		for _, m := range a.Models {
			if !strings.EqualFold(m.Name, base) {
				continue
			}
			found = true
			if m.Native {
				if gen != "" {
					return nil, fmt.Errorf("model %q of %s is native: it has no emulator generation", m.Name, a.Arch)
				}
				out = append(out, m)
				break
			}
			gens := m.Generations(a.table)
			newest := gens[len(gens)-1]
			if gen == "" {
				gen = newest
			}
			ok := false
			for _, g := range gens {
				ok = ok || g == gen
			}
			if !ok {
				return nil, fmt.Errorf("model %s of %s does not run under QEMU %s (it runs under: %s)", m.Name, a.Arch, gen, strings.Join(gens, ", "))
			}
			out = append(out, m.at(gen, gen == newest))
			break
		}
		if !found {
			var known []string
			for _, m := range a.Models {
				known = append(known, m.Name)
			}
			return nil, fmt.Errorf("unknown model %q for %s (known: %s)", n, a.Arch, strings.Join(known, ", "))
		}
	}
	// native,native (or max,max@10 where 10 is max's newest) runs once.
	var uniq []Model
	seen := map[string]bool{}
	for _, m := range out {
		if k := m.Name + "@" + m.Gen; !seen[k] {
			seen[k] = true
			uniq = append(uniq, m)
		}
	}
	return uniq, nil
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

// Richest is the default emulated model of the base generation (QEMU 7.2,
// the arch's Qemu binary) that exposes the most features (the first of
// equals), resolved for that generation (run it as --model Label()): the one host tests pick to run an arch's own
// levels, so a new arch needs no entry in any test.
func (a *Arch) Richest() (Model, bool) {
	var best Model
	found := false
	for _, m := range a.Models {
		if m.Native || m.Extra || !m.onBase(a.table) {
			continue
		}
		if !found || len(m.Expect) > len(best.Expect) {
			best, found = m, true
		}
	}
	if found {
		gens := best.Generations(a.table)
		best = best.at(BaseGen, gens[len(gens)-1] == BaseGen)
	}
	return best, found
}

// onBase reports whether the default matrix runs the model under the base
// generation (the arch's Qemu binary, which host tests and
// ci/cross-unit-tests.sh use): its newest generation is the base one, or
// the base one is in its cross set. So the host tests keep their cost when
// a model moves to a newer generation.
func (m Model) onBase(t *Table) bool {
	gens := m.Generations(t)
	if gens[len(gens)-1] == BaseGen {
		return true
	}
	for _, g := range m.Cross {
		if g == BaseGen {
			return true
		}
	}
	return false
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
	Gen     string // emulator generation (Table.Emulators)
	Force   []string
}

// UnitPlan is where ci/cross-unit-tests.sh runs the arch's own unit tests
// under qemu: its arch package on the poorest and the richest default
// emulated models of the base generation (levels skip and run), and the
// runner on the richest; then the arch package on each default model that
// only newer generations have and that detects a feature no base model
// does (riscv64's vector crypto under QEMU 10). Derived, so a new arch
// needs no entry in the script.
func (a *Arch) UnitPlan() []UnitRun {
	var emu []Model
	base := map[string]bool{}
	for _, m := range a.Models {
		if !m.Native && !m.Extra && m.onBase(a.table) {
			mb := m.at(BaseGen, false)
			emu = append(emu, mb)
			for _, f := range mb.Expect {
				base[f] = true
			}
		}
	}
	run := func(m Model, pkg string) UnitRun {
		return UnitRun{Model: m.QemuCPU(), Package: pkg, Gen: m.Gen, Force: m.Force}
	}
	var out []UnitRun
	if len(emu) > 0 {
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
		out = append(out, run(poor, pkg))
		if rich.Name != poor.Name {
			out = append(out, run(rich, pkg))
		}
		out = append(out, run(rich, "runner"))
	}
	for _, m := range a.Models {
		gens := m.Generations(a.table)
		if m.Native || m.Extra || gens[0] == BaseGen {
			continue
		}
		mn := m.at(gens[len(gens)-1], true)
		for _, f := range mn.Expect {
			if !base[f] {
				out = append(out, run(mn, "arch/"+a.Arch))
				break
			}
		}
	}
	return out
}

// NativeModel names the arch's model that runs without an emulator, or "".
func (a *Arch) NativeModel() string {
	for _, m := range a.Models {
		if m.Native {
			return m.Name
		}
	}
	return ""
}
