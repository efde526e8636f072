package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
)

// cmdInfo prints what each target's runner detects and offers.
func cmdInfo(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch info", flag.ContinueOnError)
	var c common
	c.register(fs)
	asJSON := fs.Bool("json", false, "print the runners' hello answers as JSON")
	if err := c.parse(fs, args); err != nil {
		return 2, err
	}
	arches, err := c.resolve()
	if err != nil {
		return 2, err
	}
	table, _ := ci.Load()
	code := 0
	for _, a := range arches {
		row, _ := table.Find(a)
		models, err := row.Select(c.model)
		if err != nil {
			return 2, err
		}
		for _, m := range models {
			t, err := c.target(a, m.Label())
			if err == nil {
				var s *driver.Session
				if s, err = driver.NewSession(t, c.timeout); err == nil {
					inf := s.Info()
					s.Close()
					if *asJSON {
						b, _ := json.MarshalIndent(inf, "", "  ")
						fmt.Println(string(b))
						continue
					}
					fmt.Printf("== %s  (%s %s, %s)\n   emulator: %s\n   detected: %s\n", t, inf.Compiler, inf.GoVersion, strings.Join(t.Command(), " "), suite.EmulatorOf(t), strings.Join(inf.Detected, " "))
					if len(inf.Masked) > 0 {
						fmt.Printf("   masked:   %s\n", strings.Join(inf.Masked, " "))
					}
					if mm := m.Mismatch(inf.Detected); mm != "" {
						fmt.Printf("   model table mismatch: %s\n", mm)
					}
					tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
					for _, im := range inf.Impls {
						state := "usable"
						if !im.Usable {
							state = "not usable: " + im.Why
						}
						if im.NeedsHardware != "" && t.Qemu != "" {
							state = "needs hardware: " + im.NeedsHardware
						}
						fmt.Fprintf(tw, "   %s\trank %d\trequires %s\t%s\n", im.Name, im.Rank, strings.Join(im.Requires, ","), state)
					}
					tw.Flush()
					fmt.Printf("   dispatch: %v\n", inf.Best)
					if len(inf.Forced) > 0 {
						fmt.Printf("   forced:   %s (ci/models.json force: the emulator has them, the guest cannot detect them)\n", strings.Join(inf.Forced, " "))
					}
					var ops []string
					for _, o := range inf.Ops {
						d := o.Name
						if len(o.Params) > 0 {
							d += "(" + strings.Join(o.Params, ",") + ")"
						}
						ops = append(ops, d)
					}
					fmt.Printf("   ops:      %s (xarch run --op NAME --param NAME=HEX --in HEX)\n", strings.Join(ops, " "))
					if len(inf.Probes) > 0 {
						var ps []string
						for _, p := range inf.Probes {
							ps = append(ps, p.Feature+":"+p.Instr)
						}
						fmt.Printf("   probes:   %s (xarch test runs them before the kernels)\n", strings.Join(ps, " "))
					}
					if len(inf.MemProbes) > 0 {
						var ps []string
						for _, p := range inf.MemProbes {
							ps = append(ps, p.Feature+":"+p.Form)
						}
						fmt.Printf("   memory:   %s (memory-operand probes at a PROT_NONE page)\n", strings.Join(ps, ", "))
					}
					continue
				}
			}
			fmt.Fprintf(os.Stderr, "%s/%s: %v\n", a, m.Label(), err)
			code = 1
		}
	}
	return code, nil
}

// cmdModels prints the model table.
//
// --arches and --unit-plan print what scripts need (the Makefile's vet
// loop, ci/cross-unit-tests.sh), so a new arch in ci/models.json reaches
// them without an edit.
func cmdModels(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch models", flag.ContinueOnError)
	arches := fs.Bool("arches", false, "print the arch names, one per line")
	compiler := fs.String("compiler", "", "with --arches: only arches built by this compiler (gc or gccgo)")
	unitPlan := fs.Bool("unit-plan", false, "print the target-side unit test plan: ARCH, COMPILER, QEMU, MODEL, PACKAGE, FORCE per line, tab-separated (QEMU is the emulator's path, FORCE the model's forced features or -)")
	if err := fs.Parse(args); err != nil {
		return 2, nil
	}
	if fs.NArg() > 0 {
		return 2, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	table, err := ci.Load()
	if err != nil {
		return 2, err
	}
	if *arches {
		for _, a := range table.Arches {
			if *compiler == "" || a.CompilerName() == *compiler {
				fmt.Println(a.Arch)
			}
		}
		return 0, nil
	}
	if *unitPlan {
		for _, a := range table.Arches {
			for _, u := range a.UnitPlan() {
				model := u.Model
				if model == "" {
					model = "-"
				}
				qemu, missing := table.QemuPath(&a, u.Gen)
				if missing != "" {
					qemu = a.Qemu // the script reports it missing
					if u.Gen != ci.BaseGen {
						qemu = "missing:" + u.Gen
					}
				}
				force := strings.Join(u.Force, ",")
				if force == "" {
					force = "-"
				}
				fmt.Printf("%s\t%s\t%s\t%s\t%s\t%s\n", a.Arch, a.CompilerName(), qemu, model, u.Package, force)
			}
		}
		return 0, nil
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ARCH\tMODEL\tEMULATOR\tHOW\tDEFAULT\tEXPECTED FEATURES")
	for _, a := range table.Arches {
		def := map[string]bool{}
		if sel, err := a.Select(""); err == nil {
			for _, m := range sel {
				def[m.Label()] = true
			}
		}
		for _, m0 := range a.Models {
			gens := m0.Generations(table)
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
					path, why := table.QemuPath(&a, m.Gen)
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
						emu = driver.EmulatorVersion(path)
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
	return 0, nil
}
