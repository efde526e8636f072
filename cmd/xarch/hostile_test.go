package main

// Hostile input: what a careless or unlucky user does to xarch, one test per
// class of failure that used to slip through (processes left behind, a
// repro that checks nothing, silent success on a mistake, wrong attribution,
// lost work, bad values accepted, a cache trusted blindly).

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/suite"
)

// runXarch runs the CLI with a private cache (built runners are copied from
// the shared cache only by building again, so tests that damage the cache
// use their own) and returns stdout+stderr and the exit code.
func runXarch(t *testing.T, bin string, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return out.String(), code
}

// Usage mistakes are errors with exit status 2 and a message, never a run
// that "passes".
func TestUsageMistakesExit2(t *testing.T) {
	bin := xarchBin(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"test", "--arch", "amd64", "--model", "native", "stray", "--impl", "sha256/generic"}, `unexpected argument "stray"`},
		{[]string{"test", "--arch", "amd64", "--model", "native", "--impl", "sha256"}, `--impl "sha256": name a level`},
		{[]string{"test", "--arch", "amd64", "--model", "native", "--timeout", "0"}, "--timeout 0s: must be positive"},
		{[]string{"fuzz", "--arch", "amd64", "--model", "native", "--time", "-5s"}, "--time -5s: must be positive"},
		{[]string{"run", "--arch", "amd64", "--impl", "sha256/generic", "--in", "00", "extra"}, `unexpected argument "extra"`},
		{[]string{"test", "--arch", "nosuch"}, `unknown arch "nosuch"`},
		{[]string{"test", "--arch", "amd64", "--model", "Pentium"}, `unknown model "Pentium"`},
		{[]string{"test", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic", "--json", "/proc/nope/x.json"}, "report file /proc/nope/x.json"},
		{[]string{"speed", "--tune", "nonsense"}, "want IMPL:NAME=V1,V2"},
		{[]string{"run", "--arch", "amd64", "--impl", "sha256/generic", "--op", "sha256", "--param", "key", "--in", "00"}, "want NAME=HEX"},
	} {
		out, code := runXarch(t, bin, nil, c.args...)
		require.Equal(t, 2, code, "%v:\n%s", c.args, out)
		require.Contains(t, out, c.want, "%v", c.args)
		require.NotContains(t, out, "passed,", "%v ran something", c.args)
	}
}

// A --mask feature the runner does not know is a usage error of the
// runner, named as such, not a crash.
func TestUnknownMaskIsNotACrash(t *testing.T) {
	bin := xarchBin(t)
	out, code := runXarch(t, bin, nil, "test", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic", "--mask", "nosuch")
	require.Equal(t, 1, code, out)
	require.Contains(t, out, `the runner refused its arguments: unknown feature "nosuch" in mask`)
	require.NotContains(t, out, "crash")
}

// A kernel that prints to stdout breaks the framing: reported as a
// protocol error with the bytes seen, not as the SIGKILL the host sent.
func TestKernelPrintIsAProtocolError(t *testing.T) {
	bin := xarchBin(t)
	out, code := runXarch(t, bin, nil, "test", "--arch", "amd64", "--model", "native", "--planted",
		"--impl", "sha256/planted-stdout", "--fuzz-cases", "-1")
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "runner broke the protocol")
	require.Contains(t, out, `debug: block`)
	require.NotContains(t, out, "SIGKILL")
}

// `--arch amd64,amd64` runs amd64 once: the report has no duplicate.
func TestRepeatedArchRunsOnce(t *testing.T) {
	bin := xarchBin(t)
	js := filepath.Join(t.TempDir(), "r.json")
	out, code := runXarch(t, bin, nil, "test", "--arch", "amd64,amd64", "--model", "native", "--impl", "sha256/generic",
		"--fuzz-cases", "-1", "--json", js)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "arches [amd64]")
	b, err := os.ReadFile(js)
	require.NoError(t, err)
	var rep struct {
		Results []struct{ Arch, Model, Impl, File string }
	}
	require.NoError(t, json.Unmarshal(b, &rep))
	seen := map[string]bool{}
	for _, r := range rep.Results {
		k := r.Arch + " " + r.Model + " " + r.Impl + " " + r.File
		require.False(t, seen[k], "duplicate result %s", k)
		seen[k] = true
	}
	require.NotEmpty(t, seen)
}

// A fuzz repro of a case outside the default budget runs that case.
func TestFuzzReproRunsItsCase(t *testing.T) {
	bin := xarchBin(t)
	out, code := runXarch(t, bin, nil, "fuzz", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic",
		"--seed", "1", "--case", "987654")
	require.Equal(t, 0, code, out)
	require.Regexp(t, `seed 1, 1 cases`, out)
}

// A truncated cached runner and a damaged reference module are noticed by
// their checksums and rebuilt, naming the path; the run then passes.
func TestDamagedCacheIsRebuilt(t *testing.T) {
	bin := xarchBin(t)
	cache := t.TempDir()
	env := []string{"XARCH_CACHE=" + cache}
	args := []string{"test", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic", "--fuzz-cases", "10"}
	out, code := runXarch(t, bin, env, args...)
	require.Equal(t, 0, code, out)
	runners, _ := filepath.Glob(filepath.Join(cache, "runners", "amd64-*", "xarch-runner"))
	require.Len(t, runners, 1)
	mods, _ := filepath.Glob(filepath.Join(cache, "oracle", "refmod-*.wasm"))
	require.Len(t, mods, 1)
	require.NoError(t, os.Truncate(runners[0], 4096))
	require.NoError(t, os.WriteFile(mods[0], []byte("\x00asm garbage"), 0o644))
	out, code = runXarch(t, bin, env, args...)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "cached amd64 runner "+runners[0]+" is damaged")
	require.Contains(t, out, "cached reference module "+mods[0]+" is damaged")
	require.NotContains(t, out, "SIGSEGV")

	out, code = runXarch(t, bin, env, "cache", "clean")
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "removed "+filepath.Join(cache, "runners"))
	left, _ := filepath.Glob(filepath.Join(cache, "runners", "*"))
	require.Empty(t, left)
}

// Interrupting xarch while a kernel hangs leaves no runner or qemu behind:
// SIGINT and SIGTERM kill the process groups, SIGKILL leaves it to the
// runners' parent-death signal.
func TestInterruptLeavesNoProcess(t *testing.T) {
	needQemuCLI(t, "qemu-aarch64-static")
	bin := xarchBin(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL} {
		t.Run(sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "test", "--arch", "arm64", "--model", "cortex-a53,max", "--planted",
				"--impl", "sha256/planted-hang", "--timeout", "300s", "--fuzz-cases", "-1")
			require.NoError(t, cmd.Start())
			var kids []int
			deadline := time.Now().Add(90 * time.Second)
			for len(kids) < 2 && time.Now().Before(deadline) {
				time.Sleep(200 * time.Millisecond)
				kids = descendants(cmd.Process.Pid)
			}
			require.NotEmpty(t, kids, "no runner started")
			time.Sleep(500 * time.Millisecond) // inside the hanging request
			require.NoError(t, cmd.Process.Signal(sig))
			err := cmd.Wait()
			require.Error(t, err)
			gone := func() []int {
				var alive []int
				for _, k := range kids {
					if syscall.Kill(k, 0) == nil && !zombie(k) {
						alive = append(alive, k)
					}
				}
				return alive
			}
			var alive []int
			for i := 0; i < 50; i++ {
				if alive = gone(); len(alive) == 0 {
					break
				}
				time.Sleep(100 * time.Millisecond)
			}
			require.Empty(t, alive, "processes left after %v: %v (were %v)", sig, alive, kids)
		})
	}
}

// descendants lists the processes below pid (from /proc).
func descendants(pid int) []int {
	parent := map[int]int{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so cut at ')'.
		s := string(b)
		f := strings.Fields(s[strings.LastIndex(s, ")")+1:])
		if len(f) > 1 {
			pp, _ := strconv.Atoi(f[1])
			parent[p] = pp
		}
	}
	var out []int
	for p := range parent {
		for q := parent[p]; q > 1; q = parent[q] {
			if q == pid {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

func zombie(pid int) bool {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return true
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndex(s, ")")+1:])
	return len(f) > 0 && f[0] == "Z"
}

func needQemuCLI(t *testing.T, qemu string) {
	t.Helper()
	if _, err := exec.LookPath(qemu); err != nil {
		if suite.IsCI() {
			t.Fatalf("%s is needed in CI: %v", qemu, err)
		}
		t.Skipf("%s not installed: %v", qemu, err)
	}
}
