package speed

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/wire"
)

func pts(sizes []int, ratios []float64, sig []bool) []Point {
	var out []Point
	for i, s := range sizes {
		out = append(out, Point{Size: s, Ratio: ratios[i], P: 0.5, Significant: sig[i]})
	}
	return out
}

// Crossover moves a threshold only on significant points.
func TestCrossover(t *testing.T) {
	sizes := []int{16, 32, 64, 80, 96, 128, 256}
	f, tr := false, true
	for _, c := range []struct {
		name   string
		ratios []float64
		sig    []bool
		want   int
	}{
		{"ties keep the declared value", []float64{0.8, 0.9, 0.95, 1.0, 1.1, 1.2, 1.4}, []bool{f, f, f, f, f, f, f}, 80},
		{"losses below the declared value keep it", []float64{0.8, 0.9, 0.95, 1.0, 1.1, 1.2, 1.4}, []bool{tr, tr, f, f, tr, tr, tr}, 80},
		{"a loss at the declared value moves it up", []float64{0.8, 0.9, 0.95, 0.9, 0.95, 1.2, 1.4}, []bool{tr, tr, f, tr, tr, tr, tr}, 128},
		{"a significant win below moves it down", []float64{0.8, 0.9, 1.05, 1.0, 1.1, 1.2, 1.4}, []bool{tr, f, tr, f, f, tr, tr}, 64},
		{"a win below a later loss does not count", []float64{1.2, 1.2, 1.2, 1.2, 0.9, 1.2, 1.4}, []bool{tr, tr, tr, tr, tr, tr, tr}, 128},
		{"a loss at the largest size goes past it", []float64{1, 1, 1, 1, 1, 1, 0.9}, []bool{f, f, f, f, f, f, tr}, 272},
		{"non-significant wins below do not move it", []float64{1.2, 1.2, 1.2, 1.2, 1.2, 1.2, 1.2}, []bool{f, f, f, f, f, f, f}, 80},
	} {
		got, why := Crossover(80, pts(sizes, c.ratios, c.sig))
		require.Equal(t, c.want, got, "%s: %s", c.name, why)
		require.NotEmpty(t, why)
	}
}

func TestCalibrationSizes(t *testing.T) {
	for _, d := range []int{0, 80, 96, 512, 2048, 100000} {
		s := CalibrationSizes(d)
		require.NotEmpty(t, s)
		require.Equal(t, 16, s[0])
		for i, x := range s {
			require.Zero(t, x%16, "%d: whole blocks", x)
			if i > 0 {
				require.Greater(t, x, s[i-1], "sorted, no repeats")
			}
		}
		if d > 0 && d <= 16384 {
			require.Contains(t, s, (d+15)&^15, "the declared value is timed")
			require.GreaterOrEqual(t, s[len(s)-1], d)
		}
		require.LessOrEqual(t, s[len(s)-1], 16384)
	}
}

// The key names a CPU: model and features, in any order.
func TestCalibrationKey(t *testing.T) {
	a := CalibrationKey("amd64", "AMD EPYC", []string{"avx2", "vaes", "aesni"})
	require.Equal(t, a, CalibrationKey("amd64", "AMD EPYC", []string{"aesni", "avx2", "vaes"}))
	require.NotEqual(t, a, CalibrationKey("amd64", "AMD EPYC", []string{"aesni", "avx2"}))
	require.NotEqual(t, a, CalibrationKey("amd64", "Intel Xeon", []string{"aesni", "avx2", "vaes"}))
	require.NotEqual(t, a, CalibrationKey("arm64", "AMD EPYC", []string{"aesni", "avx2", "vaes"}))
}

func TestCalibrationFile(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(CalibrationDirEnv, dir)
	info := wire.Info{Arch: "amd64", Detected: []string{"aesni", "vaes"}}
	path, err := CalibrationPath(info, "Some CPU")
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "amd64-"+CalibrationKey("amd64", "Some CPU", info.Detected)+".json"), path)
	c, err := LoadCalibration(path)
	require.NoError(t, err)
	require.Nil(t, c, "no file: no calibration")
	want := &Calibration{Format: CalibrationFormat, Arch: "amd64", Thresholds: []Threshold{{Impl: "aes/x", Tuning: "t", Declared: 80, Value: 96}}}
	require.NoError(t, want.Save(path))
	c, err = LoadCalibration(path)
	require.NoError(t, err)
	require.Equal(t, want.Thresholds, c.Thresholds)
	require.True(t, c.Thresholds[0].Moved())
	require.NoError(t, os.WriteFile(path, []byte(`{"format": 99}`), 0o644))
	_, err = LoadCalibration(path)
	require.ErrorContains(t, err, "--redo")

	t.Setenv(CalibrationDirEnv, "")
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	d, err := CalibrationDir()
	require.NoError(t, err)
	require.Equal(t, filepath.Join(dir, "cache", "xarch", "calibration"), d)
}

func TestWriteCalibrationUse(t *testing.T) {
	var b bytes.Buffer
	WriteCalibrationUse(&b, &CalibrationUse{File: "/c/f.json"})
	require.Contains(t, b.String(), "calibration: none for this CPU (/c/f.json")
	b.Reset()
	WriteCalibrationUse(&b, &CalibrationUse{File: "/c/f.json", Found: true})
	require.Contains(t, b.String(), "every threshold at its declared value")
	b.Reset()
	WriteCalibrationUse(&b, &CalibrationUse{File: "/c/f.json", Found: true, Notes: []string{"x y: stale"},
		Applied: []Applied{{Impl: "aes/vaes256", Tuning: "ctr_wide_min_bytes", Declared: 80, Value: 128}}})
	require.Contains(t, b.String(), "calibration: /c/f.json applied: aes/vaes256 ctr_wide_min_bytes 80 -> 128\n")
	require.Contains(t, b.String(), "calibration: x y: stale\n")
	b.Reset()
	WriteCalibrationUse(&b, nil)
	require.Empty(t, b.String())
}
