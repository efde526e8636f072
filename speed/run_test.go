package speed

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/driver"
)

func nativeTarget(t *testing.T) driver.Target {
	t.Helper()
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" && runtime.GOARCH != "ppc64le" {
		t.Skip("no native runner for " + runtime.GOARCH)
	}
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	require.NoError(t, err)
	bin, _, err := driver.Build(driver.BuildOptions{Root: root, CacheDir: driver.DefaultCacheDir()}, runtime.GOARCH)
	require.NoError(t, err)
	return driver.Target{Arch: runtime.GOARCH, Model: "native", Binary: bin}
}

// A real run with tiny windows: the plumbing, not the numbers (no timed
// assertions: the machines are shared and noisy).
func TestRunNative(t *testing.T) {
	tg := nativeTarget(t)
	o := Options{Algs: []string{"sha256", "sha224", "aes-128-ctr"}, Sizes: []int{16, 1000}, Seconds: 0.003, Count: 2, Multi: 2,
		Peers: []string{PeerGo}, Target: tg}
	rep, err := Run(context.Background(), o)
	require.NoError(t, err)
	require.False(t, rep.Target.Emulated)
	require.NotEmpty(t, rep.Host.CPUModel)
	require.Equal(t, ClockCPU, rep.Config.Clock)

	names := map[string]bool{}
	best := 0
	for _, row := range rep.Rows {
		names[row.Alg+" "+row.Label()] = true
		if row.Best {
			best++
		}
		require.Len(t, row.Cells, 2)
		for _, c := range row.Cells {
			require.Len(t, c.Samples, 2, "%s %d", row.Label(), c.Size)
			for _, v := range c.Samples {
				require.Greater(t, v, 0.0)
			}
		}
	}
	require.True(t, names["sha256 sha256/generic"], "rows: %v", names)
	require.True(t, names["sha224 sha256/generic"], "rows: %v", names)
	require.True(t, names["sha256 go sha256"], "rows: %v", names)
	require.True(t, names["aes-128-ctr aes/generic"], "rows: %v", names)
	require.True(t, names["aes-128-ctr go aes-128-ctr"], "rows: %v", names)
	require.Equal(t, 3, best, "one dispatch level per algorithm")

	// The report of a real run survives the JSON round trip and compares
	// with itself as unchanged.
	path := filepath.Join(t.TempDir(), "r.json")
	require.NoError(t, rep.Save(path))
	back, err := Load(path)
	require.NoError(t, err)
	d, err := Compare(back, rep, nil)
	require.NoError(t, err)
	for _, rd := range d.Rows {
		for _, c := range rd.Cells {
			require.False(t, c.Significant)
		}
	}
	var out bytes.Buffer
	WriteTable(&out, rep)
	require.Contains(t, out.String(), "sha256/generic")

	// Everything masked: only generic is left, the rest are skips with the
	// reason.
	tg.Mask = "all"
	o = Options{Algs: []string{"sha256"}, Sizes: []int{64}, Seconds: 0.002, Count: 1, Multi: 1, Target: tg}
	rep, err = Run(context.Background(), o)
	require.NoError(t, err)
	require.Len(t, rep.Rows, 1)
	require.Equal(t, "sha256/generic", rep.Rows[0].Name)
	if runtime.GOARCH == "amd64" {
		require.NotEmpty(t, rep.Skipped)
		require.Contains(t, rep.Skipped[0].Why, "masked")
	}

	// Naming an implementation that does not exist is an error that lists
	// the known ones.
	o.Impls = []string{"sha256/nope"}
	_, err = Run(context.Background(), o)
	require.ErrorContains(t, err, "sha256/generic")
}
