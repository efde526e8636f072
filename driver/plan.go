package driver

import (
	"fmt"
	"os/exec"
	"runtime"
	"strings"

	"github.com/xarchlab/xarch/ci"
)

// PlanOptions say which targets to construct.
type PlanOptions struct {
	Arches []string
	Models string // comma-separated model names; "" = each arch's default set
	Mask   string
	ABI    bool // runners check every kernel call against the ABI (--abi)
	CI     bool // a missing emulator or toolchain fails instead of skipping
	Build  BuildOptions
}

// Planned is one (arch, model) target ready to launch, or the reason it
// cannot run (Skip) or must fail the run (Fail).
type Planned struct {
	Target Target
	Model  ci.Model
	Skip   string
	Fail   string
}

// Plan turns arches and models into targets: the one constructor `xarch
// test`, `fuzz`, `speed` and `run` share, so a new arch or model property
// (qemu binary, -cpu value, forced features) is handled in one place. It
// builds each arch's runner once (content-addressed cache).
func Plan(o PlanOptions) ([]Planned, error) {
	table, err := ci.Load()
	if err != nil {
		return nil, err
	}
	var out []Planned
	for _, a := range o.Arches {
		row, err := table.Find(a)
		if err != nil {
			return nil, err
		}
		models, err := row.Select(o.Models)
		if err != nil {
			return nil, err
		}
		bin, buildErr := "", error(nil)
		for _, m := range models {
			p := Planned{Model: m, Target: Target{Arch: a, Model: m.Name, Mask: o.Mask, Force: strings.Join(m.Force, ","), ABI: o.ABI}}
			if m.Native {
				if a != runtime.GOARCH {
					p.Skip = fmt.Sprintf("native %s needs a %s host (this host is %s)", a, a, runtime.GOARCH)
					out = append(out, p)
					continue
				}
			} else {
				p.Target.Qemu, p.Target.CPU = row.Qemu, m.QemuCPU()
				if _, err := exec.LookPath(row.Qemu); err != nil {
					why := row.Qemu + " is not installed (run `sudo ci/install-deps.sh`, Debian package qemu-user-static)"
					if o.CI {
						p.Fail = why
					} else {
						p.Skip = why
					}
					out = append(out, p)
					continue
				}
			}
			if bin == "" && buildErr == nil {
				bin, _, buildErr = Build(o.Build, a)
			}
			if buildErr != nil {
				if !o.CI && strings.Contains(buildErr.Error(), "is not installed") {
					p.Skip = buildErr.Error()
				} else {
					p.Fail = buildErr.Error()
				}
			}
			p.Target.Binary = bin
			out = append(out, p)
		}
	}
	return out, nil
}
