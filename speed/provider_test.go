package speed

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/driver"
)

// A provider level (OpenSSL's libcrypto, detected mask) timed in its own
// runner lands in the same report as the main runner's levels, JSON and
// all; a level that cannot run here is listed as not timed, with no row.
// The plumbing, not the numbers.
func TestProviderRowsInJSON(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("the provider runs natively on amd64 only")
	}
	tg := nativeTarget(t)
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	require.NoError(t, err)
	plans, err := driver.Plan(driver.PlanOptions{Arches: []string{"amd64"},
		Build: driver.BuildOptions{Root: root, CacheDir: driver.DefaultCacheDir(), OpenSSL: "installed,only"}})
	require.NoError(t, err)
	var prov *Provider
	var why []string
	for _, p := range plans {
		if p.OpenSSL == nil {
			continue
		}
		if p.Skip != "" || p.Fail != "" || !p.OpenSSL.Level.Detected() {
			why = append(why, p.OpenSSL.Name+": "+p.Skip+p.Fail)
			continue
		}
		if prov == nil {
			prov = &Provider{Name: p.OpenSSL.Name, Target: p.Target, Source: "libcrypto " + p.OpenSSL.Lib}
		}
	}
	if prov == nil {
		if isCI() {
			t.Fatalf("no runnable OpenSSL level in CI: %v", why)
		}
		t.Skipf("no runnable OpenSSL level here (ci/install-deps.sh installs them): %v", why)
	}
	missing := Provider{Name: "openssl9.9-nosuchbit", Skip: "missing feature NOSUCHBIT"}
	o := Options{Algs: []string{"aes-128-gcm", "rsa2048"}, Sizes: []int{16, 1000}, Seconds: 0.003, Count: 2, Multi: 1,
		Target: tg, Providers: []Provider{*prov, missing},
		Impls: []string{"aes-gcm/generic", "aes-gcm/" + prov.Name, "mont/generic", "mont/" + prov.Name, "aes-gcm/" + missing.Name, "mont/" + missing.Name}}
	rep, err := Run(context.Background(), o)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "run.json")
	require.NoError(t, rep.Save(path))
	back, err := Load(path)
	require.NoError(t, err)

	kinds := map[string]string{}
	for _, row := range back.Rows {
		kinds[row.Alg+" "+row.Label()] = row.Kind
		for _, c := range row.Cells {
			require.Len(t, c.Samples, 2, "%s %s", row.Label(), row.CellName(c.Size))
			for _, v := range c.Samples {
				require.Greater(t, v, 0.0, row.Label())
			}
		}
	}
	require.Equal(t, KindImpl, kinds["aes-128-gcm aes-gcm/generic"], "rows: %v", kinds)
	require.Equal(t, KindProvider, kinds["aes-128-gcm aes-gcm/"+prov.Name], "rows: %v", kinds)
	require.Equal(t, KindImpl, kinds["rsa2048 mont/generic"], "rows: %v", kinds)
	require.Equal(t, KindProvider, kinds["rsa2048 mont/"+prov.Name], "rows: %v", kinds)
	require.Len(t, kinds, 4, "rows: %v", kinds)
	skipped := map[string]string{}
	for _, s := range back.Skipped {
		skipped[s.Alg+" "+s.Name] = s.Why
	}
	require.Equal(t, missing.Skip, skipped["aes-128-gcm aes-gcm/"+missing.Name], "skipped: %v", skipped)
	require.Equal(t, missing.Skip, skipped["rsa2048 mont/"+missing.Name], "skipped: %v", skipped)
	// Never a dispatch loss: a provider is not a lower level.
	for _, l := range back.DispatchLosses {
		require.NotContains(t, l.Lower, "openssl", "%+v", l)
	}
}
