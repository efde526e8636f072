package driver

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/xarchlab/xarch/wire"
)

// Target is where a runner runs: natively, or under a qemu-user emulator
// with a CPU model.
type Target struct {
	Arch  string
	Model string // model name from the table ("native", "Haswell", ...)
	Qemu  string // emulator binary; "" for native
	CPU   string // qemu -cpu value; "" for the emulator's default
	// Gen is the emulator generation (ci/models.json "emulators"; "" when
	// native) and Emulator the version the binary reports ("qemu 10.0.2").
	Gen      string
	Emulator string
	Binary   string // the runner
	Mask     string // features to turn off (runner --mask)
	Force    string // features to treat as detected (runner --force; ci.Model.Force)
	ABI      bool   // kernels through the ABI trampoline (runner --abi)
	// ABISeed seeds the trampoline's register values (runner --abi-seed;
	// 0: the runner picks one from the clock).
	ABISeed uint64
	// Env is added to the runner's environment (a provider level's
	// capability variable, read before its library initialises), and
	// QemuArgs to the emulator's arguments (-L root, -d in_asm).
	Env      []string
	QemuArgs []string
}

// String is "arch/model".
func (t Target) String() string { return t.Arch + "/" + t.Model }

// Command returns the argv that launches the runner on this target.
func (t Target) Command() []string {
	var argv []string
	if t.Qemu != "" {
		argv = append(argv, t.Qemu)
		if t.CPU != "" {
			argv = append(argv, "-cpu", t.CPU)
		}
		argv = append(argv, t.QemuArgs...)
	}
	argv = append(argv, t.Binary)
	if t.Mask != "" {
		argv = append(argv, "--mask", t.Mask)
	}
	if t.Force != "" {
		argv = append(argv, "--force", t.Force)
	}
	if t.ABI {
		argv = append(argv, "--abi")
		if t.ABISeed != 0 {
			argv = append(argv, "--abi-seed", strconv.FormatUint(t.ABISeed, 10))
		}
	}
	return argv
}

// CrashError is a runner that died or stopped answering during a request.
type CrashError struct {
	Signal string // "SIGILL", "SIGSEGV", ... when one was seen
	Hang   bool   // killed after the request timeout
	// Protocol, when set, says the runner broke the framing (bytes that are
	// not a frame on stdout: a print in a kernel, a corrupted binary); the
	// host then killed it, so its exit signal is the host's, not the
	// kernel's.
	Protocol string
	Exit     string // how the process ended
	Stderr   string // last lines the runner printed
}

func (e *CrashError) Error() string {
	what := "runner crashed"
	switch {
	case e.Protocol != "":
		what = "runner broke the protocol: " + e.Protocol
	case e.Hang:
		what = "runner hung (killed after the request timeout)"
	case e.Signal != "":
		what = "runner crashed with " + e.Signal
	}
	msg := what + " (" + e.Exit + ")"
	if e.Stderr != "" {
		msg += ": " + firstLines(e.Stderr, 3)
	}
	return msg
}

// RemoteError is an error response: the runner is fine, the request was not.
type RemoteError struct{ Msg string }

func (e *RemoteError) Error() string { return e.Msg }

// Runner is one live runner process.
type Runner struct {
	target Target
	p      *proc
	stdin  io.WriteCloser
	frames chan frameOrErr
	stderr *tailBuffer
	Info   wire.Info
}

type frameOrErr struct {
	f   [][]byte
	err error
}

// Start launches the runner and performs the hello handshake.
func Start(t Target, timeout time.Duration) (*Runner, error) {
	argv := t.Command()
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("%s: cannot launch %s: %v (run `sudo ci/install-deps.sh`)", t, argv[0], err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	if len(t.Env) > 0 {
		cmd.Env = append(os.Environ(), t.Env...)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	r := &Runner{target: t, stdin: stdin, frames: make(chan frameOrErr, 1), stderr: &tailBuffer{max: 8192}}
	cmd.Stderr = r.stderr
	// Killed whole on a hang or an interrupt (startProc).
	if r.p, err = startProc(cmd); err != nil {
		return nil, fmt.Errorf("%s: starting %s: %v", t, strings.Join(argv, " "), err)
	}
	go func() {
		rec := &recorder{r: stdout}
		br := bufio.NewReaderSize(rec, 1<<16)
		for {
			f, err := wire.Read(br)
			if err != nil && err != io.EOF && err != io.ErrUnexpectedEOF && !errors.Is(err, wire.ErrTruncated) {
				err = &protocolError{err: err, seen: rec.tail()}
			}
			r.frames <- frameOrErr{f, err}
			if err != nil {
				return
			}
		}
	}()
	resp, err := r.Call(timeout, []byte("hello"), []byte(strconv.Itoa(wire.Version)))
	if err != nil {
		r.Close()
		var ce *CrashError
		if errors.As(err, &ce) && ce.Protocol == "" {
			// The runner's own usage error (an unknown --mask feature) is
			// not a crash: it says what it refused on stderr and exits 2.
			for _, l := range strings.Split(ce.Stderr, "\n") {
				if strings.HasPrefix(l, "xarch-runner: ") {
					return nil, fmt.Errorf("%s: the runner refused its arguments: %s", t, strings.TrimPrefix(l, "xarch-runner: "))
				}
			}
		}
		return nil, fmt.Errorf("%s: handshake: %v", t, err)
	}
	if len(resp) != 2 {
		r.Close()
		return nil, fmt.Errorf("%s: handshake: want 2 strings, got %d", t, len(resp))
	}
	if err := json.Unmarshal(resp[1], &r.Info); err != nil {
		r.Close()
		return nil, fmt.Errorf("%s: handshake: bad info: %v", t, err)
	}
	return r, nil
}

// Call sends one request and waits up to timeout for its answer. An error
// response is a *RemoteError; a dead or hung runner is a *CrashError (the
// runner is then gone and must be restarted).
func (r *Runner) Call(timeout time.Duration, args ...[]byte) ([][]byte, error) {
	if err := wire.Write(r.stdin, args...); err != nil {
		return nil, r.crashed(false)
	}
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case fe := <-r.frames:
		if fe.err != nil {
			var pe *protocolError
			if errors.As(fe.err, &pe) {
				err := r.crashed(false).(*CrashError)
				err.Protocol, err.Signal = pe.Error(), ""
				return nil, err
			}
			return nil, r.crashed(false)
		}
		if len(fe.f) == 0 {
			return nil, &RemoteError{Msg: "empty response"}
		}
		switch string(fe.f[0]) {
		case wire.OK:
			return fe.f[1:], nil
		case wire.Error:
			msg := "error"
			if len(fe.f) > 1 {
				msg = string(fe.f[1])
			}
			return nil, &RemoteError{Msg: msg}
		}
		return nil, &RemoteError{Msg: fmt.Sprintf("bad response status %q", fe.f[0])}
	case <-timer.C:
		return nil, r.crashed(true)
	}
}

// crashed kills what is left of the process and describes how it ended.
func (r *Runner) crashed(hang bool) error {
	r.p.kill()
	<-r.p.exited
	if sig := Interrupted(); sig != 0 {
		return &InterruptedError{Sig: sig} // xarch's own SIGKILL, not the kernel's
	}
	e := &CrashError{Hang: hang, Stderr: r.stderr.String()}
	var ee *exec.ExitError
	switch {
	case errors.As(r.p.exit, &ee):
		e.Exit = ee.ProcessState.String()
	case r.p.exit == nil:
		e.Exit = "exit status 0"
	default:
		e.Exit = r.p.exit.Error()
	}
	if !hang {
		e.Signal = CrashSignal(e.Stderr, r.p.exit)
	}
	return e
}

// SignalName spells a signal as crash reports do (SIGILL, ...).
func SignalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGTRAP:
		return "SIGTRAP"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "SIGHUP"
	}
	return "signal " + strconv.Itoa(int(s))
}

// protocolError is a stream from the runner that is not a frame, with the
// bytes that came before the break.
type protocolError struct {
	err  error
	seen []byte
}

func (e *protocolError) Error() string {
	return fmt.Sprintf("%v; last bytes on its stdout: %q (a print to stdout in a kernel corrupts the framing)", e.err, e.seen)
}

// recorder keeps the last bytes read through it.
type recorder struct {
	r   io.Reader
	mu  sync.Mutex
	buf []byte
}

func (c *recorder) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.mu.Lock()
	c.buf = append(c.buf, p[:n]...)
	if len(c.buf) > 256 {
		c.buf = append([]byte(nil), c.buf[len(c.buf)-64:]...)
	}
	c.mu.Unlock()
	return n, err
}

func (c *recorder) tail() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := c.buf
	if len(b) > 64 {
		b = b[len(b)-64:]
	}
	return append([]byte(nil), b...)
}

// Close asks the runner to quit and makes sure it is gone.
func (r *Runner) Close() {
	select {
	case <-r.p.exited:
		return
	default:
	}
	wire.Write(r.stdin, []byte("quit"))
	r.stdin.Close()
	select {
	case <-r.p.exited:
	case <-time.After(2 * time.Second):
		r.p.kill()
		<-r.p.exited
	}
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = append([]byte(nil), t.b[len(t.b)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

// firstLines returns up to n non-empty lines of s, joined by " | ".
func firstLines(s string, n int) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.Contains(l, "TCG doesn't support requested feature") {
			out = append(out, l)
			if len(out) == n {
				break
			}
		}
	}
	return strings.Join(out, " | ")
}
