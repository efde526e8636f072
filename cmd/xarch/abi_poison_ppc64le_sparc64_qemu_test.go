package main

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
)

// The poison plants of ppc64le and sparc64 (R3 and F0; %o1 and %d2), under
// qemu on each arch's default model: the default run fails with a repro
// line, the repro fails again, and with --abi=false (called directly) it
// passes. checkPlantedPoison is one arch's and plant's check, ready to be a
// row of a per-arch table. (The file's name does not end in _sparc64_test:
// that suffix would build it for sparc64 only.)
func TestPlantedPoisonPPC64LESPARC64(t *testing.T) {
	bin := xarchBin(t)
	table, err := ci.Load()
	require.NoError(t, err)
	for _, c := range []struct{ arch, model string }{{"ppc64le", "power9"}, {"sparc64", "default"}} {
		c := c
		a, err := table.Find(c.arch)
		require.NoError(t, err)
		t.Run(c.arch, func(t *testing.T) {
			if _, err := exec.LookPath(a.Qemu); err != nil {
				if suite.IsCI() {
					t.Fatalf("%s missing in CI", a.Qemu)
				}
				t.Skipf("%s not installed", a.Qemu)
			}
			for _, impl := range []string{"sha256/planted-unloaded-arg", "sha256/planted-unset-vector"} {
				impl := impl
				t.Run(impl, func(t *testing.T) { checkPlantedPoison(t, bin, c.arch, c.model, impl) })
			}
		})
	}
}

// checkPlantedPoison runs one poison plant on goarch/model: the default
// `xarch test --planted` must fail a case (a wrong digest, or a panic from
// a poisoned pointer) with a repro line, which fails again and passes with
// --abi=false.
func checkPlantedPoison(t *testing.T, bin, goarch, model, impl string) {
	out, err := exec.Command(bin, "test", "--arch", goarch, "--model", model, "--planted",
		"--impl", impl, "--fuzz-cases", "5", "--no-progress").CombinedOutput()
	require.Error(t, err, "the poisoned register must fail the run:\n%s", out)
	m := regexp.MustCompile(`(?m)^  ` + goarch + `/\S+ ` + regexp.QuoteMeta(impl) + `: \S+: .*(expected MD|panic).*\n      repro: (xarch run .*)$`).FindStringSubmatch(string(out))
	require.NotNil(t, m, "no failed case with a repro line:\n%s", out)
	args := strings.Fields(strings.ReplaceAll(strings.TrimPrefix(m[2], "xarch "), "'", ""))
	rout, err := exec.Command(bin, args...).CombinedOutput()
	require.Error(t, err, "repro %s:\n%s", m[2], rout)
	rout, err = exec.Command(bin, append(args, "--abi=false")...).CombinedOutput()
	require.NoError(t, err, "repro with --abi=false: %s", rout)
}
