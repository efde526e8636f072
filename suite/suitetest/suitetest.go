// Package suitetest holds the helpers the suite's tests and the families'
// judging tests share: options for a real run, and skips for a missing
// emulator or a host that is not amd64.
package suitetest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
)

// Options runs the suite on arches with the repository's vectors and the
// default cache, ABI checks on, two jobs.
func Options(t *testing.T, arches ...string) suite.Options {
	t.Helper()
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	require.NoError(t, err)
	return suite.Options{
		Arches: arches, VectorsDir: filepath.Join(root, "vectors"), Timeout: 60 * time.Second,
		Jobs: 2, CI: suite.IsCI(), Build: driver.BuildOptions{Root: root, CacheDir: driver.DefaultCacheDir()}, ABI: true,
	}
}

// NeedQemu skips (or fails in CI) when an arch's emulator is missing.
func NeedQemu(t *testing.T, arch string) {
	t.Helper()
	table, err := ci.Load()
	require.NoError(t, err)
	row, err := table.Find(arch)
	require.NoError(t, err)
	if _, err := exec.LookPath(row.Qemu); err != nil {
		if suite.IsCI() {
			t.Fatalf("%s missing in CI: run ci/install-deps.sh", row.Qemu)
		}
		t.Skipf("%s not installed (run sudo ci/install-deps.sh)", row.Qemu)
	}
	if arch == "sparc64" {
		if _, err := exec.LookPath(driver.GCCGoSparc64); err != nil {
			if suite.IsCI() {
				t.Fatalf("%s missing in CI", driver.GCCGoSparc64)
			}
			t.Skipf("%s not installed", driver.GCCGoSparc64)
		}
	}
}

// EmulatedOptions selects models and implementations of one emulated arch.
func EmulatedOptions(t *testing.T, arch, models, impl string) suite.Options {
	t.Helper()
	NeedQemu(t, arch)
	o := Options(t, arch)
	o.Models, o.Impl = models, impl
	return o
}

// NeedNativeAmd64 skips on hosts that are not amd64 (the native tests' target).
func NeedNativeAmd64(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("native tests target amd64 hosts; this host is " + runtime.GOARCH)
	}
}

// RunInVectors runs a package's tests from the vectors directory, where
// the suites name their files (a family host package's TestMain).
func RunInVectors(m *testing.M) {
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	if err == nil {
		err = os.Chdir(filepath.Join(root, "vectors"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}
