package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

// plantModel is the model a planted-level test runs a on: native on the
// host's arch, else its richest emulated model (skipped when its qemu is
// missing, but in CI).
func plantModel(t *testing.T, a ci.Arch) string {
	t.Helper()
	if a.Arch == runtime.GOARCH {
		return "native"
	}
	m, ok := a.Richest()
	if !ok {
		t.Skipf("%s has no emulated model and this host is %s", a.Arch, runtime.GOARCH)
	}
	if _, err := exec.LookPath(a.Qemu); err != nil {
		if suite.IsCI() {
			t.Fatalf("%s missing in CI", a.Qemu)
		}
		t.Skipf("%s not installed", a.Qemu)
	}
	return m.Label()
}

// The default `xarch test --planted` reports each arch's planted register
// clobber as an ABI violation naming the register (the one the clobbering
// self-test kernel is named after: clobberBP, clobberR18, ...; so a new
// arch needs no entry here), natively on amd64 and
// under qemu elsewhere; its repro line reproduces it, and --abi=false
// turns the check off (the level then passes: it hashes right).
func TestPlantedABIClobberEachArch(t *testing.T) {
	bin := xarchBin(t)
	table, err := ci.Load()
	require.NoError(t, err)
	for _, a := range table.Arches {
		a := a
		t.Run(a.Arch, func(t *testing.T) {
			model := plantModel(t, a)
			out, err := exec.Command(bin, "test", "--arch", a.Arch, "--model", model, "--planted",
				"--impl", "sha256/planted-abi", "--fuzz-cases", "20", "--no-progress").CombinedOutput()
			require.Error(t, err, "the planted clobber must fail the run:\n%s", out)
			line := regexp.MustCompile(`(?m)^  ` + a.Arch + `/\S+ sha256/planted-abi: (\S+): .*ABI violation in sha256/planted-abi \(kernel (\S+)\): ` +
				`(\S+) not restored: expected 0x[0-9a-f]+, got 0x[0-9a-f]+\n      repro: (xarch run .*)$`)
			m := line.FindStringSubmatch(string(out))
			require.NotNil(t, m, "no ABI violation naming a register with a repro line:\n%s", out)
			kernel, reg := m[2], m[3]
			require.Contains(t, strings.ToLower(kernel), strings.ToLower(strings.TrimPrefix(reg, "%")),
				"the violation must name the register kernel %s clobbers", kernel)
			repro := m[4]
			require.Contains(t, string(out), "FAILED")
			require.Contains(t, string(out), "ABI violation in sha256/planted-abi", "the fuzz cases report it too")

			// The repro line fails the same way; with --abi=false it runs.
			args := strings.Fields(strings.ReplaceAll(strings.TrimPrefix(repro, "xarch "), "'", ""))
			rout, err := exec.Command(bin, args...).CombinedOutput()
			require.Error(t, err, "repro %s", repro)
			require.Contains(t, string(rout), reg+" not restored")
			rout, err = exec.Command(bin, append(args, "--abi=false")...).CombinedOutput()
			require.NoError(t, err, "repro with --abi=false: %s", rout)
		})
	}
}

// poisonArches must have both poison plants (TestPlantedPoison); an arch
// of ci/models.json not listed runs the ones it has.
var poisonArches = []string{"amd64", "arm64", "ppc64le", "riscv64", "sparc64"}

// poisonSuffixes name the plants: a kernel that reads an argument register
// it never loaded, and one that reads a vector or FP register it never set.
var poisonSuffixes = []string{"/planted-unloaded-arg", "/planted-unset-vector"}

// poisonExtra: plants an arch must have besides those. sparc64's kernel
// reads a %l register after its save, from the window the trampoline
// poisons before the call.
var poisonExtra = map[string][]string{"sparc64": {"sha256/planted-stale-local"}}

// The trampoline poisons every register the convention leaves free: on
// every arch (natively on the host's, under qemu elsewhere) the planted
// levels that read a register they never set fail the default `xarch
// test`, which prints its ABI seed in the header and the JSON identity; a
// repro line carries that seed and fails again with the same values (the
// same wrong digest: another seed gives another), and with --abi=false the
// level passes (called directly from Go, it finds what it assumes). The
// same for each arch's poisonExtra.
func TestPlantedPoison(t *testing.T) {
	bin := xarchBin(t)
	table, err := ci.Load()
	require.NoError(t, err)
	for _, a := range table.Arches {
		a := a
		t.Run(a.Arch, func(t *testing.T) {
			model := plantModel(t, a)
			// The plants this arch's runner has, from its own table.
			out, err := exec.Command(bin, "info", "--arch", a.Arch, "--model", model, "--planted", "--json").Output()
			require.NoError(t, err, "xarch info: %s", out)
			var inf wire.Info
			require.NoError(t, json.Unmarshal(out, &inf))
			var plants []string
			for _, suf := range poisonSuffixes {
				for _, im := range inf.Impls {
					if im.Planted && strings.HasSuffix(im.Name, suf) {
						plants = append(plants, im.Name)
						break
					}
				}
			}
			required := false
			for _, r := range poisonArches {
				required = required || r == a.Arch
			}
			if required {
				require.Len(t, plants, len(poisonSuffixes), "%s must have a level ending in each of %v", a.Arch, poisonSuffixes)
			} else if len(plants) == 0 {
				t.Skipf("%s has no poison plants yet (not in poisonArches)", a.Arch)
			}
			for _, name := range poisonExtra[a.Arch] {
				found := false
				for _, im := range inf.Impls {
					found = found || (im.Planted && im.Name == name)
				}
				require.True(t, found, "%s must have the planted level %s", a.Arch, name)
				plants = append(plants, name)
			}

			js := filepath.Join(t.TempDir(), "run.json")
			out, err = exec.Command(bin, "test", "--arch", a.Arch, "--model", model, "--planted",
				"--impl", strings.Join(plants, ","), "--fuzz-cases", "3", "--no-progress", "--json", js).CombinedOutput()
			require.Error(t, err, "the poisoned registers must fail the run:\n%s", out)
			hm := regexp.MustCompile(`(?m)^xarch test: .*, ABI seed (\d+)`).FindSubmatch(out)
			require.NotNil(t, hm, "no ABI seed in the header:\n%s", out)
			seed := string(hm[1])
			b, err := os.ReadFile(js)
			require.NoError(t, err)
			var rep struct {
				Identity struct {
					ABISeed uint64 `json:"abi_seed"`
				} `json:"identity"`
			}
			require.NoError(t, json.Unmarshal(b, &rep))
			require.Equal(t, seed, fmt.Sprint(rep.Identity.ABISeed), "the JSON identity's abi_seed")

			for _, impl := range plants {
				m := regexp.MustCompile(`(?m)^  ` + a.Arch + `/\S+ ` + regexp.QuoteMeta(impl) + `: \S+: .*(?:expected MD \S+, got (\S+)|panic.*)\n      repro: (xarch run .*)$`).FindSubmatch(out)
				require.NotNil(t, m, "%s: no failed case with a repro line:\n%s", impl, out)
				got, repro := string(m[1]), string(m[2])
				require.Contains(t, repro, " --abi-seed "+seed+" ", "%s: the repro line carries the run's seed", impl)
				args := strings.Fields(strings.ReplaceAll(strings.TrimPrefix(repro, "xarch "), "'", ""))
				rout, err := exec.Command(bin, args...).CombinedOutput()
				require.Error(t, err, "repro %s:\n%s", repro, rout)
				if got != "" {
					// The same poison values: the same wrong digest; other
					// values, another.
					require.Contains(t, string(rout), got, "repro %s", repro)
					other, err := exec.Command(bin, append(args, "--abi-seed", "12345")...).CombinedOutput()
					require.Error(t, err, "repro with another seed:\n%s", other)
					require.NotContains(t, string(other), got, "another --abi-seed gives the same digest")
				}
				rout, err = exec.Command(bin, append(args, "--abi=false")...).CombinedOutput()
				require.NoError(t, err, "repro with --abi=false: %s", rout)
			}
		})
	}
}
