package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// SIGINT while the sparc64 runner (gccgo) and the reference module are
// built from cold caches: xarch exits 130 reporting the interrupt, not a
// failed build, and leaves no build process and no temporary file.
func TestInterruptDuringColdBuild(t *testing.T) {
	needQemuCLI(t, "qemu-sparc64-static")
	if _, err := exec.LookPath("sparc64-linux-gnu-gccgo-12"); err != nil {
		t.Skipf("gccgo for sparc64 not installed: %v", err)
	}
	bin := xarchBin(t)
	cache := t.TempDir()
	cmd := exec.Command(bin, "fuzz", "--arch", "sparc64", "--model", "UltraSparc-T2", "--impl", "sha256/generic", "--cases", "1", "--seed", "1")
	// A cold Go build cache too, so the build is long enough to interrupt.
	cmd.Env = append(os.Environ(), "XARCH_CACHE="+cache, "GOCACHE="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	var kids []int
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		kids = descendants(cmd.Process.Pid)
		if hasCmdline(kids, "-compiler") && hasCmdline(kids, "refmod") {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	require.True(t, hasCmdline(kids, "-compiler"), "the sparc64 build did not start:\n%s", out.String())
	time.Sleep(300 * time.Millisecond)
	kids = append(kids, descendants(cmd.Process.Pid)...)
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	require.True(t, ok, "%v\n%s", err, out.String())
	require.Equal(t, 130, ee.ExitCode(), out.String())
	require.Contains(t, out.String(), "interrupt")
	require.NotContains(t, out.String(), "build failed")
	require.NotContains(t, out.String(), "building the reference module failed")

	var alive []int
	for i := 0; i < 50; i++ {
		alive = alive[:0]
		for _, k := range kids {
			if syscall.Kill(k, 0) == nil && !zombie(k) {
				alive = append(alive, k)
			}
		}
		if len(alive) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.Empty(t, alive, "build processes left: %v", alive)
	var temps []string
	filepath.Walk(cache, func(p string, fi os.FileInfo, err error) error {
		if err == nil && (strings.Contains(filepath.Base(p), ".tmp") || strings.HasPrefix(filepath.Base(p), "src-")) {
			temps = append(temps, p)
		}
		return nil
	})
	require.Empty(t, temps, "temporary files left")
}

// hasCmdline reports whether one of pids runs with word in its arguments.
func hasCmdline(pids []int, word string) bool {
	for _, p := range pids {
		b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p), "cmdline"))
		if err == nil && bytes.Contains(b, []byte(word)) {
			return true
		}
	}
	return false
}
