package driver

import (
	"fmt"
	"os/exec"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/xarchlab/xarch/ci"
)

// PlanOptions say which targets to construct.
type PlanOptions struct {
	Arches []string
	Models string // comma-separated model names; "" = each arch's default set
	Mask   string
	ABI    bool // runners check every kernel call against the ABI (--abi)
	// ABISeed seeds the trampoline's register values (Target.ABISeed).
	ABISeed uint64
	CI      bool // a missing emulator or toolchain fails instead of skipping
	Build   BuildOptions
	// Evidence traces the OpenSSL levels under QEMU (-d in_asm) for
	// suite/openssl.go; only `xarch test`'s vector pass reads the trace,
	// so its fuzz pass, run and speed start their runners untraced.
	Evidence bool
}

// Planned is one (arch, model) target ready to launch, or the reason it
// cannot run (Skip) or must fail the run (Fail).
type Planned struct {
	Target Target
	Model  ci.Model
	Skip   string
	Fail   string
	// OpenSSL is set on a provider level's target (openssl.go).
	OpenSSL *OpenSSLPlan
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
			p := Planned{Model: m, Target: Target{Arch: a, Model: m.Label(), Mask: o.Mask, Force: strings.Join(m.Force, ","), ABI: o.ABI, ABISeed: o.ABISeed}}
			if m.Native {
				if a != runtime.GOARCH {
					p.Skip = fmt.Sprintf("native %s needs a %s host (this host is %s)", a, a, runtime.GOARCH)
					out = append(out, p)
					continue
				}
			} else {
				p.Target.CPU, p.Target.Gen = m.QemuCPU(), m.Gen
				path, why := table.QemuPath(row, m.Gen)
				p.Target.Qemu = path
				if path == "" {
					p.Target.Qemu = row.Qemu
					if b, ok := row.Emulators[m.Gen]; ok {
						p.Target.Qemu = b
					}
				}
				if why == "" {
					p.Target.Emulator = EmulatorVersion(path)
				} else {
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
	if o.Build.OpenSSL != "" {
		return planOpenSSL(o, out)
	}
	return out, nil
}

var (
	versionMu    sync.Mutex
	versionCache = map[string]string{}
	qemuVersion  = regexp.MustCompile(`version (\d+\.\d+(\.\d+)?)`)
)

// EmulatorVersion is "qemu X.Y.Z" as the binary reports it (cached per
// path), or "qemu (version unknown)".
func EmulatorVersion(path string) string {
	versionMu.Lock()
	defer versionMu.Unlock()
	if v, ok := versionCache[path]; ok {
		return v
	}
	v := "qemu (version unknown)"
	if out, err := exec.Command(path, "--version").Output(); err == nil {
		if m := qemuVersion.FindSubmatch(out); m != nil {
			v = "qemu " + string(m[1])
		}
	}
	versionCache[path] = v
	return v
}

// Schedule returns the order to start the plans in, as indexes: costlier
// models first (ci.Model.Cost, 1 when unset), plan order among equals.
// With a fixed number of workers, a slow target started last runs alone at
// the end of the run.
func Schedule(plans []Planned) []int {
	order := make([]int, len(plans))
	for i := range order {
		order[i] = i
	}
	cost := func(p Planned) float64 {
		if p.Model.Cost > 0 {
			return p.Model.Cost
		}
		return 1
	}
	sort.SliceStable(order, func(a, b int) bool { return cost(plans[order[a]]) > cost(plans[order[b]]) })
	return order
}
