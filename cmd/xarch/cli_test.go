package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
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
	impls := map[string]string{"amd64": "sha256/avx2", "arm64": "sha256/armv8", "ppc64le": "sha256/power8", "sparc64": "sha256/sparc64"}
	models := map[string]string{"amd64": "Haswell", "arm64": "cortex-a53", "ppc64le": "power8", "sparc64": "default"}
	for _, a := range table.Arches {
		a := a
		t.Run(a.Arch, func(t *testing.T) {
			if _, err := exec.LookPath(a.Qemu); err != nil {
				if suite.IsCI() {
					t.Fatalf("%s missing in CI", a.Qemu)
				}
				t.Skipf("%s not installed", a.Qemu)
			}
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
