package driver

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// Every process xarch starts (runners, their qemu, gotest's builds and test
// binaries) runs in its own process group with a parent-death signal and is
// in the set KillAll stops: no child outlives an interrupted xarch.

// proc is one started child.
type proc struct {
	cmd    *exec.Cmd
	exited chan struct{}
	exit   error
}

// startProc starts cmd in its own process group, SIGKILLed when xarch
// dies (even of SIGKILL), and tracks it until it exits.
func startProc(cmd *exec.Cmd) (*proc, error) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, exited: make(chan struct{})}
	live.Lock()
	live.m[p] = true
	live.Unlock()
	go func() {
		p.exit = cmd.Wait()
		live.Lock()
		delete(live.m, p)
		live.Unlock()
		close(p.exited)
	}()
	return p, nil
}

// kill kills the whole group (qemu and whatever the child started).
func (p *proc) kill() {
	if p.cmd.Process != nil {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
	}
}

// live are the children started and not yet gone, for KillAll.
var live = struct {
	sync.Mutex
	m map[*proc]bool
}{m: map[*proc]bool{}}

// KillAll kills the process group of every live child (runners, qemu, test
// binaries): what xarch does on SIGINT or SIGTERM before it exits. It waits
// (up to 5 s) until they are gone and returns how many there were.
func KillAll() int {
	live.Lock()
	var ps []*proc
	for p := range live.m {
		p.kill()
		ps = append(ps, p)
	}
	live.Unlock()
	deadline := time.After(5 * time.Second)
	for _, p := range ps {
		select {
		case <-p.exited:
		case <-deadline:
			return len(ps)
		}
	}
	return len(ps)
}

// Command is one process to run to its end (a test binary, a build).
type Command struct {
	Argv    []string
	Dir     string
	Env     []string      // nil: xarch's environment
	Timeout time.Duration // 0: none; after it the group is killed
	Stderr  io.Writer     // nil: stderr joins stdout in Result.Output
}

// Result is how a Command ended.
type Result struct {
	Output   []byte // stdout and stderr, interleaved (stdout only with Command.Stderr)
	Err      error  // nil for exit status 0
	Signal   string // the signal it died of (CrashSignal), when it failed
	TimedOut bool   // killed after Timeout
	Elapsed  time.Duration
}

// Exec runs c as a tracked child (own process group, parent-death signal,
// stopped by KillAll) and waits for it.
func Exec(c Command) Result {
	cmd := exec.Command(c.Argv[0], c.Argv[1:]...)
	cmd.Dir, cmd.Env = c.Dir, c.Env
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if c.Stderr != nil {
		cmd.Stderr = c.Stderr
	}
	start := time.Now()
	p, err := startProc(cmd)
	if err != nil {
		return Result{Err: err}
	}
	var timeout <-chan time.Time
	if c.Timeout > 0 {
		t := time.NewTimer(c.Timeout)
		defer t.Stop()
		timeout = t.C
	}
	res := Result{}
	select {
	case <-p.exited:
	case <-timeout:
		res.TimedOut = true
		p.kill()
		<-p.exited
	}
	res.Elapsed, res.Output, res.Err = time.Since(start), out.Bytes(), p.exit
	if res.Err != nil && !res.TimedOut {
		res.Signal = CrashSignal(out.String(), res.Err)
	}
	return res
}

// sigName matches the Go runtime's report, "SIGILL: illegal instruction".
var sigName = regexp.MustCompile(`(?m)^(SIG[A-Z]{2,6}):`)

// qemuSignal matches qemu's own report of a signal that killed the guest.
var qemuSignal = regexp.MustCompile(`uncaught target signal (\d+)`)

// CrashSignal names the signal a process died of. The runtime's report in
// its output wins: the exit status may be another signal (gccgo under
// qemu faults again while printing SIGILL and dies of SIGSEGV); then
// qemu's report, then the wait status. "" when none is known.
func CrashSignal(output string, exit error) string {
	if m := sigName.FindStringSubmatch(output); m != nil {
		return m[1]
	}
	if m := qemuSignal.FindStringSubmatch(output); m != nil {
		n, _ := strconv.Atoi(m[1])
		return SignalName(syscall.Signal(n))
	}
	var ee *exec.ExitError
	if errors.As(exit, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return SignalName(ws.Signal())
		}
	}
	return ""
}
