package driver

import (
	"crypto/sha256"
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
)

func nativeRunner(t *testing.T) Target {
	t.Helper()
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" && runtime.GOARCH != "ppc64le" {
		t.Skip("no native runner for " + runtime.GOARCH)
	}
	wd, _ := os.Getwd()
	root, err := FindRoot(wd)
	require.NoError(t, err)
	bin, _, err := Build(BuildOptions{Root: root, CacheDir: DefaultCacheDir()}, runtime.GOARCH)
	require.NoError(t, err)
	return Target{Arch: runtime.GOARCH, Model: "native", Binary: bin}
}

func TestNativeRunnerProtocol(t *testing.T) {
	tg := nativeRunner(t)
	s, err := NewSession(tg, 10*time.Second)
	require.NoError(t, err)
	defer s.Close()
	info := s.Info()
	require.Equal(t, runtime.GOARCH, info.Arch)
	require.Equal(t, "gc", info.Compiler)
	require.NotEmpty(t, info.Impls)

	out, err := s.Call([]byte("hash"), []byte("sha256/generic"), []byte("sha256"), []byte("abc"))
	require.NoError(t, err)
	want := sha256.Sum256([]byte("abc"))
	require.Equal(t, want[:], out[0])

	_, err = s.Call([]byte("frobnicate"))
	var re *RemoteError
	require.ErrorAs(t, err, &re)
	require.Contains(t, re.Msg, "unknown command")

	// An error response leaves the runner alive: no restart.
	_, err = s.Call([]byte("hash"), []byte("sha256/generic"), []byte("sha256"), nil)
	require.NoError(t, err)
	require.Equal(t, 0, s.Restarts)
}

func TestCachedBuildIsReused(t *testing.T) {
	tg := nativeRunner(t)
	wd, _ := os.Getwd()
	root, _ := FindRoot(wd)
	bin, built, err := Build(BuildOptions{Root: root, CacheDir: DefaultCacheDir()}, runtime.GOARCH)
	require.NoError(t, err)
	require.False(t, built, "second build of unchanged sources comes from the cache")
	require.Equal(t, tg.Binary, bin)
}

func TestMissingEmulatorIsAClearError(t *testing.T) {
	_, err := Start(Target{Arch: "arm64", Model: "x", Qemu: "qemu-nonexistent-static", Binary: "/bin/true"}, time.Second)
	require.ErrorContains(t, err, "cannot launch qemu-nonexistent-static")
	require.ErrorContains(t, err, "install-deps.sh")
}

func TestRunnerThatDiesAtOnce(t *testing.T) {
	// /bin/false answers nothing and exits 1: a crash during the handshake.
	_, err := Start(Target{Arch: "amd64", Model: "native", Binary: "/bin/false"}, 5*time.Second)
	require.ErrorContains(t, err, "handshake")
	require.ErrorContains(t, err, "exit status 1")
}

// Costlier models start first; plan order otherwise.
func TestScheduleStartsCostlyFirst(t *testing.T) {
	p := func(name string, cost float64) Planned {
		return Planned{Target: Target{Model: name}, Model: ci.Model{Name: name, Cost: cost}}
	}
	plans := []Planned{p("a", 0), p("b", 2), p("c", 1), p("d", 6), p("e", 0)}
	require.Equal(t, []int{3, 1, 0, 2, 4}, Schedule(plans))
}
