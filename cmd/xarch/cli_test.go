package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

// xarchBin builds the CLI once per test binary.
func xarchBin(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "xarch")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	return bin
}

// `xarch run --vector` reproduces one vector's digest on every arch.
func TestRunReproducesVectorEachArch(t *testing.T) {
	bin := xarchBin(t)
	table, err := ci.Load()
	require.NoError(t, err)
	// Each arch's richest default model from ci/models.json and the
	// SHA-256 level dispatch picks there (xarch info --json): no per-arch
	// table here, so a new arch is covered as soon as it is in the table.
	impls, models := map[string]string{}, map[string]string{}
	for _, a := range table.Arches {
		a := a
		t.Run(a.Arch, func(t *testing.T) {
			m, ok := a.Richest()
			if !ok {
				t.Skipf("%s has no emulated model", a.Arch)
			}
			if _, err := exec.LookPath(a.Qemu); err != nil {
				if suite.IsCI() {
					t.Fatalf("%s missing in CI", a.Qemu)
				}
				t.Skipf("%s not installed", a.Qemu)
			}
			models[a.Arch] = m.Label()
			js, err := exec.Command(bin, "info", "--arch", a.Arch, "--model", m.Label(), "--json").Output()
			require.NoError(t, err)
			var inf wire.Info
			require.NoError(t, json.Unmarshal(js, &inf))
			impls[a.Arch] = inf.Best["sha256"]
			require.NotEmpty(t, impls[a.Arch], "no SHA-256 level on %s/%s", a.Arch, m.Name)
			t.Logf("%s/%s: %s", a.Arch, m.Name, impls[a.Arch])
			cmd := exec.Command(bin, "run", "--arch", a.Arch, "--model", models[a.Arch], "--impl", impls[a.Arch],
				"--vector", "nist/sha/SHA256LongMsg.rsp:14")
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, string(out))
			require.Contains(t, string(out), "matches the vector")

			// The same through --in, as the repro lines print it.
			cmd = exec.Command(bin, "run", "--arch", a.Arch, "--model", models[a.Arch], "--impl", impls[a.Arch], "--in", "616263")
			out, err = cmd.Output()
			require.NoError(t, err)
			require.Equal(t, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", strings.TrimSpace(string(out)))
		})
	}
}

func TestBadInputsAreClearErrors(t *testing.T) {
	bin := xarchBin(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"test", "--arch", "mips"}, `unknown arch "mips"`},
		{[]string{"test", "--arch", "arm64", "--model", "cortex-z9"}, `unknown model "cortex-z9"`},
		{[]string{"test"}, "--arch is required"},
		{[]string{"run", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic", "--in", "zz"}, "not hex"},
		{[]string{"run", "--arch", "amd64", "--model", "native", "--impl", "sha256/nope", "--in", "00"}, `unknown implementation "sha256/nope"`},
		{[]string{"run", "--arch", "amd64", "--model", "native", "--mask", "bogus", "--impl", "sha256/generic", "--in", "00"}, `unknown feature "bogus"`},
		{[]string{"frob"}, `unknown command "frob"`},
	} {
		out, err := exec.Command(bin, c.args...).CombinedOutput()
		require.Error(t, err, "%v", c.args)
		require.Contains(t, string(out), c.want, "%v", c.args)
	}
	_ = os.Getenv
}
