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
)

// Children and temporary files of xarch other than runners (builds, the
// oracle build, openssl speed): each child runs in its own process group
// with a parent-death signal, so a terminal's Ctrl-C reaches xarch alone and
// xarch stops the group itself; temporary paths are removed on any exit
// xarch sees (defers do not run under os.Exit).

// NewCmd makes the exec.Cmd of a child of xarch: its own process group,
// SIGKILL when xarch dies. Run it with RunTracked so a signal stops it.
func NewCmd(name string, args ...string) *exec.Cmd {
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

// RunTracked starts cmd (made by NewCmd or exec.CommandContext) as a
// tracked child (process.go: KillAll stops its group) and waits for it.
// Work a signal cut short is an *InterruptedError.
func RunTracked(cmd *exec.Cmd) error {
	if sig := Interrupted(); sig != 0 {
		return &InterruptedError{Sig: sig}
	}
	p, err := startProc(cmd)
	if err != nil {
		return err
	}
	<-p.exited
	if sig := Interrupted(); sig != 0 && p.exit != nil {
		return &InterruptedError{Sig: sig}
	}
	return p.exit
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
		removeTemps()
		fmt.Fprintf(os.Stderr, "\nxarch: %v: stopped %d process group(s) (runners, qemu, builds, test binaries); results so far are not complete\n", s, n)
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
