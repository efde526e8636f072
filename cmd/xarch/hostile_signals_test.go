package main

import (
	"bytes"
	"fmt"
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
func TestHostileInterruptDuringColdBuild(t *testing.T) {
	needQemuCLI(t, "qemu-sparc64-static")
	if _, err := exec.LookPath("sparc64-linux-gnu-gccgo-12"); err != nil {
		t.Skipf("gccgo for sparc64 not installed: %v", err)
	}
	bin := xarchBin(t)
	cache := t.TempDir()
	cmd, out, kids := startColdBuild(t, bin, cache, t.TempDir())
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	require.True(t, ok, "%v\n%s", err, out.String())
	require.Equal(t, 130, ee.ExitCode(), out.String())
	require.Contains(t, out.String(), "interrupt")
	require.Empty(t, aliveOf(kids), "build processes left")
	require.NotContains(t, out.String(), "build failed")
	require.NotContains(t, out.String(), "building the reference module failed")

	var temps []string
	filepath.Walk(cache, func(p string, fi os.FileInfo, err error) error {
		if err == nil && (strings.Contains(filepath.Base(p), ".tmp") || strings.HasPrefix(filepath.Base(p), "src-")) {
			temps = append(temps, p)
		}
		return nil
	})
	require.Empty(t, temps, "temporary files left")
}

// startColdBuild starts `xarch fuzz` on sparc64 with cold caches and
// returns once both the runner (gccgo) and the reference module builds run,
// with the processes below xarch.
func startColdBuild(t *testing.T, bin, cache, gocache string) (*exec.Cmd, *bytes.Buffer, []int) {
	cmd := exec.Command(bin, "fuzz", "--arch", "sparc64", "--model", "UltraSparc-T2", "--impl", "sha256/generic", "--cases", "1", "--seed", "1")
	// A cold Go build cache too, so the build is long enough to interrupt.
	cmd.Env = append(os.Environ(), "XARCH_CACHE="+cache, "GOCACHE="+gocache)
	out := &bytes.Buffer{}
	cmd.Stdout, cmd.Stderr = out, out
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
	return cmd, out, append(kids, descendants(cmd.Process.Pid)...)
}

// aliveOf waits up to 5 s for pids to end and returns those that did not.
func aliveOf(pids []int) []int {
	var alive []int
	for i := 0; i < 50; i++ {
		alive = alive[:0]
		for _, k := range pids {
			if syscall.Kill(k, 0) == nil && !zombie(k) {
				alive = append(alive, k)
			}
		}
		if len(alive) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return alive
}

// SIGKILL during a cold build: the go commands die with xarch (their
// parent-death signal; they used to be orphaned), and the next run removes
// the temporary folder the killed one could not.
func TestHostileKillDuringColdBuild(t *testing.T) {
	needQemuCLI(t, "qemu-sparc64-static")
	if _, err := exec.LookPath("sparc64-linux-gnu-gccgo-12"); err != nil {
		t.Skipf("gccgo for sparc64 not installed: %v", err)
	}
	bin := xarchBin(t)
	cache := t.TempDir()
	cmd, out, kids := startColdBuild(t, bin, cache, t.TempDir())
	var gos []int
	for _, k := range kids {
		if b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(k), "cmdline")); err == nil && bytes.HasPrefix(b, []byte("go\x00build")) {
			gos = append(gos, k)
		}
	}
	require.NotEmpty(t, gos, "no go build below xarch")
	require.NoError(t, cmd.Process.Kill())
	cmd.Wait()
	require.Empty(t, aliveOf(gos), "go build orphaned by SIGKILL:\n%s", out.String())
	left, _ := filepath.Glob(filepath.Join(cache, "oracle", fmt.Sprintf("src-%d-*", cmd.Process.Pid)))
	require.NotEmpty(t, left, "the killed run left no folder to clean: test is stale")

	cmd2, _, _ := startColdBuild(t, bin, cache, t.TempDir())
	cmd2.Process.Signal(syscall.SIGINT)
	cmd2.Wait()
	left, _ = filepath.Glob(filepath.Join(cache, "oracle", "src-*"))
	require.Empty(t, left, "the next run kept the killed run's temporary folder")
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

// A run stopped by a signal still writes its JSON and JUnit for the cells
// that finished (sha256/generic's vector files, before the planted level
// hangs), marked incomplete, and prints their summary.
func TestHostileInterruptKeepsFinishedCells(t *testing.T) {
	bin := xarchBin(t)
	dir := t.TempDir()
	js, ju := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.xml")
	cmd := exec.Command(bin, "test", "--arch", "amd64", "--model", "native", "--planted",
		"--impl", "sha256/generic,sha256/planted-hang", "--timeout", "300s", "--fuzz-cases", "-1", "--json", js, "--junit", ju)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	// Hung: the runner has used no CPU for a second.
	deadline := time.Now().Add(120 * time.Second)
	last, still := int64(-1), 0
	for time.Now().Before(deadline) && still < 10 {
		time.Sleep(100 * time.Millisecond)
		var cpu int64
		for _, k := range descendants(cmd.Process.Pid) {
			cpu += cpuTicks(k)
		}
		if cpu > 0 && cpu == last {
			still++
		} else {
			still = 0
		}
		last = cpu
	}
	require.Equal(t, 10, still, "the planted level never hung:\n%s", out.String())
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	require.True(t, ok, "%v\n%s", err, out.String())
	require.Equal(t, 130, ee.ExitCode(), out.String())
	require.Contains(t, out.String(), "passed,", "no summary printed")
	b, err := os.ReadFile(js)
	require.NoError(t, err, out.String())
	require.Contains(t, string(b), `"error": "incomplete: stopped by SIGINT`)
	require.Contains(t, string(b), `"impl": "sha256/generic"`)
	require.Contains(t, string(b), `"status": "passed"`)
	require.NotContains(t, string(b), "planted-hang\",\n      \"file\"", "the hanging cell did not finish")
	x, err := os.ReadFile(ju)
	require.NoError(t, err)
	require.Contains(t, string(x), "sha256/generic")
}

// cpuTicks is a process's user+system time in clock ticks (0 if gone).
func cpuTicks(pid int) int64 {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndex(s, ")")+1:])
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	k, _ := strconv.ParseInt(f[12], 10, 64)
	return u + k
}

// Ctrl-C during `xarch speed` is an interrupt, not "runner crashed with
// SIGKILL" (the SIGKILL is xarch's own, sent to stop the runner).
func TestHostileSpeedInterruptIsNotACrash(t *testing.T) {
	bin := xarchBin(t)
	cmd := exec.Command(bin, "speed", "--alg", "sha256", "--count", "50", "--peers", "none")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) && len(descendants(cmd.Process.Pid)) == 0 {
		time.Sleep(100 * time.Millisecond)
	}
	require.NotEmpty(t, descendants(cmd.Process.Pid), "no runner started:\n%s", out.String())
	time.Sleep(time.Second)
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	ee, ok := err.(*exec.ExitError)
	require.True(t, ok, "%v\n%s", err, out.String())
	require.Equal(t, 130, ee.ExitCode(), out.String())
	require.NotContains(t, out.String(), "crash")
	require.NotContains(t, out.String(), "SIGKILL")
}
