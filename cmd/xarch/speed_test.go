package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/speed"
	"github.com/xarchlab/xarch/suite"
)

// The speed command end to end with tiny windows: the table, the JSON, a
// compare of a run with itself, the emulated banner, and bad input. No
// timing is asserted (shared, noisy machines).
func TestSpeedCLI(t *testing.T) {
	bin := xarchBin(t)
	js := filepath.Join(t.TempDir(), "run.json")
	out, err := exec.Command(bin, "speed", "--bytes", "16,64", "--count", "2", "--seconds", "0.01",
		"--impl", "sha256/generic", "--peers", "go", "--json", js).CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "The 'numbers' are in 1000s of bytes per second processed.")
	require.Contains(t, string(out), "sha256/generic")
	require.Contains(t, string(out), "go sha256")
	require.NotContains(t, string(out), speed.EmulatedBanner)
	rep, err := speed.Load(js)
	require.NoError(t, err)
	require.Len(t, rep.Rows, 2)
	require.Len(t, rep.Rows[0].Cells[0].Samples, 2)

	out, err = exec.Command(bin, "speed", "compare", js, js).CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "~ (p=1.000 n=2)")
	require.NotContains(t, string(out), "%  (p=", "nothing significant")

	qemu := "qemu-aarch64-static"
	if _, err := exec.LookPath(qemu); err != nil {
		if suite.IsCI() {
			t.Fatalf("%s missing in CI", qemu)
		}
		t.Logf("skipping the emulated run: %s not installed", qemu)
	} else {
		out, err = exec.Command(bin, "speed", "--arch", "arm64", "--model", "cortex-a53", "--bytes", "64",
			"--count", "1", "--seconds", "0.01").Output()
		require.NoError(t, err, string(out))
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		require.True(t, strings.HasPrefix(lines[0], speed.EmulatedBanner), lines[0])
		require.Equal(t, speed.EmulatedBanner, lines[len(lines)-1])
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"speed", "--bytes", "0"}, `--bytes: "0" is not a positive size`},
		{[]string{"speed", "--alg", "md5"}, "unknown algorithm \"md5\" (known: aes-128-cbc,"},
		{[]string{"speed", "--impl", "sha256/nope", "--bytes", "16", "--count", "1", "--seconds", "0.01"}, "known: "},
		{[]string{"speed", "--peers", "java"}, `"java" is not go, openssl`},
		{[]string{"speed", "compare"}, "compare wants BASE.json [NEW.json]"},
		{[]string{"speed", "compare", js, "--base-row", "x"}, `base has no row "x"`}, // flags may follow the files
		{[]string{"speed", "compare", "--base-row", "sha256/nope", js}, "base has no row \"sha256/nope\""},
	} {
		out, err := exec.Command(bin, c.args...).CombinedOutput()
		require.Error(t, err, "%v: %s", c.args, out)
		require.Contains(t, string(out), c.want, "%v", c.args)
	}
}
