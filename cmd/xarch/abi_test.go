package main

import (
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
)

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
			model := "native"
			if a.Arch != runtime.GOARCH {
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
				model = m.Label()
			}
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

// The trampoline poisons every register the convention leaves free: the
// planted levels that read an argument register they never loaded, and a
// vector register they never set, fail the default `xarch test` (they pass
// with --abi=false, called directly from Go), and the repro line fails
// again. amd64 has them so far; natively on an amd64 host.
func TestPlantedPoisonAMD64(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the poison plants run natively on amd64")
	}
	bin := xarchBin(t)
	for _, impl := range []string{"sha256/planted-unloaded-arg", "sha256/planted-unset-vector"} {
		impl := impl
		t.Run(impl, func(t *testing.T) {
			out, err := exec.Command(bin, "test", "--arch", "amd64", "--model", "native", "--planted",
				"--impl", impl, "--fuzz-cases", "5", "--no-progress").CombinedOutput()
			require.Error(t, err, "the poisoned register must fail the run:\n%s", out)
			m := regexp.MustCompile(`(?m)^  amd64/\S+ ` + regexp.QuoteMeta(impl) + `: \S+: .*(expected MD|panic).*\n      repro: (xarch run .*)$`).FindStringSubmatch(string(out))
			require.NotNil(t, m, "no failed case with a repro line:\n%s", out)
			args := strings.Fields(strings.ReplaceAll(strings.TrimPrefix(m[2], "xarch "), "'", ""))
			rout, err := exec.Command(bin, args...).CombinedOutput()
			require.Error(t, err, "repro %s:\n%s", m[2], rout)
			rout, err = exec.Command(bin, append(args, "--abi=false")...).CombinedOutput()
			require.NoError(t, err, "repro with --abi=false: %s", rout)
		})
	}
}
