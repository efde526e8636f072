package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"

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
					suite.PrintInfo(os.Stdout, t, m, inf)
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
		table.WriteUnitPlan(os.Stdout)
		return 0, nil
	}
	table.WriteModels(os.Stdout, driver.EmulatorVersion)
	return 0, nil
}
