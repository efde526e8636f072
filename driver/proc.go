package driver

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Children and temporary files of xarch other than runners (builds, the
// oracle build, openssl speed): each child runs in its own process group
// with a parent-death signal, so a terminal's Ctrl-C reaches xarch alone and
// xarch stops the group itself; temporary paths are removed on any exit
// xarch sees (defers do not run under os.Exit).

// Command makes the exec.Cmd of a child of xarch: its own process group,
// SIGKILL when xarch dies. Run it with RunTracked so a signal stops it.
func Command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	Detach(cmd)
	return cmd
}

// Detach puts cmd in its own process group with a parent-death signal; the
// cancel of a CommandContext kills the whole group.
func Detach(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if cmd.Cancel == nil {
		return // not made by CommandContext, which sets it
	}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}

var children = struct {
	sync.Mutex
	m map[*exec.Cmd]chan struct{}
}{m: map[*exec.Cmd]chan struct{}{}}

// RunTracked starts cmd (made by Command) and waits for it; while it runs,
// KillAll stops its process group.
func RunTracked(cmd *exec.Cmd) error {
	if cmd.SysProcAttr == nil {
		Detach(cmd)
	}
	children.Lock()
	if sig := Interrupted(); sig != 0 {
		children.Unlock()
		return &InterruptedError{Sig: sig}
	}
	if err := cmd.Start(); err != nil {
		children.Unlock()
		return err
	}
	done := make(chan struct{})
	children.m[cmd] = done
	children.Unlock()
	err := cmd.Wait()
	children.Lock()
	delete(children.m, cmd)
	children.Unlock()
	close(done)
	if sig := Interrupted(); sig != 0 && err != nil {
		return &InterruptedError{Sig: sig}
	}
	return err
}

// CombinedOutput is cmd.CombinedOutput through RunTracked.
func CombinedOutput(cmd *exec.Cmd) ([]byte, error) {
	var b buffer
	cmd.Stdout, cmd.Stderr = &b, &b
	err := RunTracked(cmd)
	return b.bytes(), err
}

type buffer struct {
	mu sync.Mutex
	b  []byte
}

func (b *buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	b.b = append(b.b, p...)
	b.mu.Unlock()
	return len(p), nil
}

func (b *buffer) bytes() []byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]byte(nil), b.b...)
}

// killChildren kills every tracked child's group and waits (up to the
// deadline) until each is reaped.
func killChildren(deadline <-chan time.Time) int {
	children.Lock()
	var waits []chan struct{}
	for cmd, done := range children.m {
		if cmd.Process != nil {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
		waits = append(waits, done)
	}
	children.Unlock()
	for _, w := range waits {
		select {
		case <-w:
		case <-deadline:
			return len(waits)
		}
	}
	return len(waits)
}

var temps = struct {
	sync.Mutex
	m map[string]int
}{m: map[string]int{}}

// TempPath registers a temporary file or folder for removal when a signal
// stops xarch; the returned func unregisters it (call it once the path is
// renamed or removed).
func TempPath(p string) (release func()) {
	temps.Lock()
	temps.m[p]++
	temps.Unlock()
	return func() {
		temps.Lock()
		if temps.m[p]--; temps.m[p] <= 0 {
			delete(temps.m, p)
		}
		temps.Unlock()
	}
}

func removeTemps() {
	temps.Lock()
	defer temps.Unlock()
	for p := range temps.m {
		os.RemoveAll(p)
	}
}

var interrupted atomic.Int32

// Interrupted is the signal that is stopping xarch (0: none).
func Interrupted() syscall.Signal { return syscall.Signal(interrupted.Load()) }

// InterruptedError is the error of work cut short by a signal: not a
// build or kernel failure.
type InterruptedError struct{ Sig syscall.Signal }

func (e *InterruptedError) Error() string { return "interrupted (" + SignalName(e.Sig) + ")" }

var hooks struct {
	sync.Mutex
	fs []func(sig syscall.Signal)
}

// OnInterrupt registers f to run when a signal stops xarch, before its
// children are killed: a run saves the results it has so far.
func OnInterrupt(f func(sig syscall.Signal)) {
	hooks.Lock()
	hooks.fs = append(hooks.fs, f)
	hooks.Unlock()
}

// HandleSignals makes SIGINT, SIGTERM and SIGHUP stop xarch cleanly: the
// OnInterrupt hooks run, every runner's and child's process group is
// killed, temporary paths are removed, and xarch exits with 128+signal.
// SIGKILL is covered by the parent-death signals.
func HandleSignals() {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP)
	go func() {
		s := (<-ch).(syscall.Signal)
		interrupted.Store(int32(s))
		hooks.Lock()
		fs := append([]func(syscall.Signal){}, hooks.fs...)
		hooks.Unlock()
		for _, f := range fs {
			f(s)
		}
		n := KillAll()
		c := killChildren(time.After(5 * time.Second))
		removeTemps()
		fmt.Fprintf(os.Stderr, "\nxarch: %v: stopped %d runner(s) and %d other process(es); results so far are not complete\n", s, n, c)
		os.Exit(128 + int(s))
	}()
}

// WaitIfInterrupted blocks forever when a signal is stopping xarch: the
// handler exits with 128+signal; the failure the signal caused elsewhere
// must not be reported, or win the race to exit.
func WaitIfInterrupted() {
	if Interrupted() != 0 {
		select {}
	}
}

// RemoveStale removes the entries of dir named prefix+PID... whose
// process is gone: the temporary files of an xarch killed by SIGKILL,
// which no handler could remove.
func RemoveStale(dir, prefix string) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok {
			continue
		}
		end := 0
		for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
			end++
		}
		pid, err := strconv.Atoi(rest[:end])
		if err != nil || pid <= 0 {
			continue
		}
		if syscall.Kill(pid, 0) == syscall.ESRCH {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}
