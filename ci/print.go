package ci

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// WriteUnitPlan prints the target-side unit test plan, one run per line:
// ARCH, COMPILER, QEMU, MODEL, PACKAGE, FORCE, tab-separated (QEMU is the
// emulator's path, or missing:GEN; FORCE the model's forced features or -).
func (t *Table) WriteUnitPlan(w io.Writer) {
	for _, a := range t.Arches {
		for _, u := range a.UnitPlan() {
			model := u.Model
			if model == "" {
				model = "-"
			}
			qemu, missing := t.QemuPath(&a, u.Gen)
			if missing != "" {
				qemu = a.Qemu // the script reports it missing
				if u.Gen != BaseGen {
					qemu = "missing:" + u.Gen
				}
			}
			force := strings.Join(u.Force, ",")
			if force == "" {
				force = "-"
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\n", a.Arch, a.CompilerName(), qemu, model, u.Package, force)
		}
	}
}

// WriteModels prints every (model, generation) with its emulator (version
// names the version an emulator binary reports), how it runs, whether it
// is in the default set and its expected features.
func (t *Table) WriteModels(w io.Writer, version func(path string) string) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ARCH\tMODEL\tEMULATOR\tHOW\tDEFAULT\tEXPECTED FEATURES")
	for _, a := range t.Arches {
		def := map[string]bool{}
		if sel, err := a.Select(""); err == nil {
			for _, m := range sel {
				def[m.Label()] = true
			}
		}
		for _, m0 := range a.Models {
			gens := m0.Generations(t)
			if m0.Native {
				gens = []string{""}
			}
			for i := len(gens) - 1; i >= 0; i-- {
				sel, err := a.Select(m0.Name + map[bool]string{true: "", false: "@qemu" + gens[i]}[gens[i] == ""])
				if err != nil || len(sel) != 1 {
					continue
				}
				m := sel[0]
				how, emu := "native", "native"
				if !m.Native {
					path, why := t.QemuPath(&a, m.Gen)
					bin := a.Qemu
					if b, ok := a.Emulators[m.Gen]; ok {
						bin = b
					}
					if path != "" {
						bin = path
					}
					how = bin + " -cpu " + fmt.Sprintf("%q", m.QemuCPU())
					emu = "QEMU " + m.Gen + " (not installed)"
					if why == "" {
						emu = version(path)
					}
				}
				d := "no"
				if def[m.Label()] {
					d = "yes"
				}
				exp := strings.Join(m.Expect, ",")
				if m.Expect == nil {
					exp = "(not checked)"
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", a.Arch, m.Label(), emu, how, d, exp)
			}
		}
	}
	tw.Flush()
}
