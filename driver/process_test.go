package driver

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A timeout kills the whole group: what the child started dies with it.
func TestExecTimeoutKillsGroup(t *testing.T) {
	start := time.Now()
	r := Exec(Command{Argv: []string{"sh", "-c", "sleep 30 & echo $!; wait"}, Timeout: 300 * time.Millisecond})
	require.True(t, r.TimedOut)
	require.Less(t, time.Since(start), 10*time.Second)
	pid, err := strconv.Atoi(strings.TrimSpace(string(r.Output)))
	require.NoError(t, err, "%q", r.Output)
	gone := false
	for i := 0; i < 50 && !gone; i++ {
		gone = syscall.Kill(pid, 0) != nil || zombie(pid)
		time.Sleep(20 * time.Millisecond)
	}
	require.True(t, gone, "the grandchild %d outlived the timeout", pid)
}

// The crash signal: the runtime's report wins over the exit status, then
// qemu's, then the status.
func TestExecCrashSignal(t *testing.T) {
	r := Exec(Command{Argv: []string{"sh", "-c", "kill -SEGV $$"}})
	require.Error(t, r.Err)
	require.Equal(t, "SIGSEGV", r.Signal)
	r = Exec(Command{Argv: []string{"sh", "-c", "echo 'SIGILL: illegal instruction'; kill -SEGV $$"}})
	require.Equal(t, "SIGILL", r.Signal)
	r = Exec(Command{Argv: []string{"sh", "-c", "echo 'qemu: uncaught target signal 4 (Illegal instruction) - core dumped'; exit 132"}})
	require.Equal(t, "SIGILL", r.Signal)
	r = Exec(Command{Argv: []string{"sh", "-c", "exit 3"}})
	require.Error(t, r.Err)
	require.Equal(t, "", r.Signal)
	require.NoError(t, Exec(Command{Argv: []string{"true"}}).Err)

	var stderr strings.Builder
	r = Exec(Command{Argv: []string{"sh", "-c", "echo out; echo err >&2"}, Stderr: &stderr})
	require.Equal(t, "out\n", string(r.Output), "stderr kept apart when asked")
	require.Equal(t, "err\n", stderr.String())
}

// KillAll stops what Exec started, as it stops runners.
func TestKillAllStopsExec(t *testing.T) {
	done := make(chan Result, 1)
	go func() { done <- Exec(Command{Argv: []string{"sleep", "30"}}) }()
	n := 0
	for i := 0; i < 100 && n == 0; i++ {
		time.Sleep(20 * time.Millisecond)
		live.Lock()
		n = len(live.m)
		live.Unlock()
	}
	require.Equal(t, 1, n, "Exec's child is not in the live set")
	require.Equal(t, 1, KillAll())
	select {
	case r := <-done:
		require.Error(t, r.Err)
		require.Equal(t, "SIGKILL", r.Signal)
	case <-time.After(5 * time.Second):
		t.Fatal("KillAll did not stop the child")
	}
}

// zombie: dead, not yet reaped (no reaper in some containers).
func zombie(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndex(s, ")")+1:])
	return len(f) > 0 && f[0] == "Z"
}
