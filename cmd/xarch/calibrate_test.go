package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/speed"
)

// TestCalibrationOffInCorrectnessRuns: a calibration file for this CPU that
// moves aes-gcm/planted-wide512's threshold (its wide path, from 512 bytes,
// drops a GHASH block) above every length would hide the bug. xarch speed
// applies it (the planted level then times right at 1024 bytes, and fails
// its check with --no-calibration); xarch test and xarch fuzz must still
// catch the bug, so they test the declared threshold, not the file's.
func TestCalibrationOffInCorrectnessRuns(t *testing.T) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skip("runs natively")
	}
	bin := xarchBin(t)
	dir := t.TempDir()
	env := append(os.Environ(), speed.CalibrationDirEnv+"="+dir)
	run := func(args ...string) (string, error) {
		cmd := exec.Command(bin, args...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() != 1 {
			t.Fatalf("%v: exit %d, want 0 or 1 (a usage mistake is not a finding):\n%s", args, ee.ExitCode(), out)
		}
		return string(out), err
	}
	out, err := run("speed", "calibrate", "--path")
	require.NoError(t, err, out)
	path := strings.TrimSpace(out)
	require.Equal(t, dir, filepath.Dir(path))
	im := "aes-gcm/planted-wide512"
	cal := &speed.Calibration{Format: speed.CalibrationFormat, Arch: runtime.GOARCH, Thresholds: []speed.Threshold{
		{Impl: im, Tuning: "wide_min_bytes", Speed: "aes-128-gcm", Declared: 512, Value: 1 << 30, Why: "absurd, on purpose"},
	}}
	require.NoError(t, cal.Save(path))

	speedArgs := []string{"speed", "--planted", "--impl", im, "--alg", "aes-128-gcm", "--bytes", "1024",
		"--count", "1", "--seconds", "0.01", "--peers", "none"}
	out, err = run(speedArgs...)
	require.NoError(t, err, "speed applies the calibration, so the wide path never runs:\n%s", out)
	require.Contains(t, out, "calibration: "+path+" applied: "+im+" wide_min_bytes 512 -> 1073741824")
	out, err = run(append(speedArgs, "--no-calibration")...)
	require.Error(t, err, "without it the planted wide path answers wrong:\n%s", out)

	out, err = run("test", "--arch", runtime.GOARCH, "--model", "native", "--planted", "--impl", im,
		"--fuzz-cases", "50", "--no-progress")
	require.Error(t, err, "xarch test must test the declared threshold and catch the plant:\n%s", out)
	require.Contains(t, out, im)
	require.NotContains(t, out, "calibration")
	out, err = run("fuzz", "--arch", runtime.GOARCH, "--model", "native", "--planted", "--impl", im,
		"--cases", "300")
	require.Error(t, err, "xarch fuzz must reach the declared threshold +-1 and catch the plant:\n%s", out)
	require.Contains(t, out, im)
	require.NotContains(t, out, "calibration")
}
