// Package runner serves the wire protocol on the target: it looks up an
// implementation by name, runs it on the request's bytes and answers.
// A bad request or a kernel panic becomes an error response, never a crash.
//
// Target-side code: Go 1.18 language and standard library (gccgo 12).
package runner

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// ImplInfo describes one implementation in the hello answer.
type ImplInfo struct {
	Name          string        `json:"name"`
	Alg           string        `json:"alg"`
	Arch          string        `json:"arch"`
	Requires      []string      `json:"requires,omitempty"`
	Tuning        []arch.Tuning `json:"tuning,omitempty"`
	Rank          int           `json:"rank"`
	NeedsHardware string        `json:"needs_hardware,omitempty"`
	Planted       bool          `json:"planted,omitempty"`
	Usable        bool          `json:"usable"`
	Why           string        `json:"why,omitempty"` // why not usable
}

// Info is the hello answer: what this runner is and what it can run.
type Info struct {
	Protocol  int               `json:"protocol"`
	Arch      string            `json:"arch"`
	OS        string            `json:"os"`
	Compiler  string            `json:"compiler"`
	GoVersion string            `json:"go_version"`
	Features  []arch.Feature    `json:"features"` // every feature this arch knows
	Detected  []string          `json:"detected"`
	Masked    []string          `json:"masked,omitempty"`
	Impls     []ImplInfo        `json:"impls"`
	Best      map[string]string `json:"best"`             // alg -> dispatch choice under the mask
	Probes    []ProbeInfo       `json:"probes,omitempty"` // feature probes the probe command can run
}

// Server holds the feature state the runner was started with.
type Server struct {
	State arch.State
}

// New builds a server whose mask string is parsed by arch.ParseMask.
func New(mask string) (*Server, error) {
	m, err := arch.ParseMask(mask)
	if err != nil {
		return nil, err
	}
	return &Server{State: arch.State{Detected: arch.Detect(), Masked: m}}, nil
}

// Info reports the runner's identity, features and implementation table.
func (s *Server) Info() Info {
	inf := Info{
		Protocol: wire.Version, Arch: runtime.GOARCH, OS: runtime.GOOS,
		Compiler: runtime.Compiler, GoVersion: runtime.Version(),
		Features: arch.KnownFeatures(), Detected: setList(s.State.Detected),
		Masked: setList(s.State.Masked), Best: map[string]string{}, Probes: probeList(),
	}
	for _, im := range arch.Impls() {
		why := s.State.Missing(im)
		inf.Impls = append(inf.Impls, ImplInfo{
			Name: im.Name, Alg: im.Alg, Arch: im.Arch, Requires: im.Requires, Tuning: im.Tuning,
			Rank: im.Rank, NeedsHardware: im.NeedsHardware, Planted: im.Planted,
			Usable: why == "", Why: why,
		})
		if b := s.State.Best(im.Alg); b != nil {
			inf.Best[im.Alg] = b.Name
		}
	}
	return inf
}

func setList(m map[string]bool) []string {
	var out []string
	for k, v := range m {
		if v {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// Serve answers frames from r on w until EOF (returns nil), quit (returns
// nil) or a broken stream (answers with an error, then returns it: framing
// cannot resynchronise after a bad header).
func (s *Server) Serve(r io.Reader, w io.Writer) error {
	debug.SetPanicOnFault(true)
	for {
		req, err := wire.Read(r)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			wire.Write(w, []byte(wire.Error), []byte("bad frame: "+err.Error()))
			return err
		}
		cmd := string(req[0])
		resp, err := s.call(cmd, req[1:])
		if err != nil {
			resp = [][]byte{[]byte(wire.Error), []byte(cmd + ": " + err.Error())}
		} else {
			resp = append([][]byte{[]byte(wire.OK)}, resp...)
		}
		if werr := wire.Write(w, resp...); werr != nil {
			return werr
		}
		if cmd == "quit" && err == nil {
			return nil
		}
	}
}

// call runs one command; a panic (including a memory fault in a kernel,
// thanks to SetPanicOnFault) becomes an error.
func (s *Server) call(cmd string, args [][]byte) (out [][]byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			out, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	c, ok := commands[cmd]
	if !ok {
		return nil, fmt.Errorf("unknown command (known: %s)", commandList())
	}
	if len(args) != c.nargs {
		return nil, fmt.Errorf("want %d arguments (%s), got %d", c.nargs, c.usage, len(args))
	}
	return c.run(s, args)
}

type command struct {
	nargs int
	usage string
	run   func(s *Server, args [][]byte) ([][]byte, error)
}

// commands is the dispatch table; each file adds its commands with register.
var commands = map[string]command{}

func register(name string, nargs int, usage string, run func(s *Server, args [][]byte) ([][]byte, error)) {
	if _, dup := commands[name]; dup {
		panic("runner: duplicate command " + name)
	}
	commands[name] = command{nargs, usage, run}
}

func init() {
	register("hello", 1, "host protocol version", cmdHello)
	register("quit", 0, "", func(*Server, [][]byte) ([][]byte, error) { return nil, nil })
	register("hash", 3, "impl, digest, message", cmdHash)
	// One SHAVS Monte Carlo checkpoint: 1000 iterations inside the runner.
	register("hash-mct", 3, "impl, digest, seed", cmdHashMCT)
}

func commandList() string {
	var names []string
	for k := range commands {
		names = append(names, k)
	}
	sort.Strings(names)
	return fmt.Sprint(names)
}

func cmdHello(s *Server, args [][]byte) ([][]byte, error) {
	v, err := strconv.Atoi(string(args[0]))
	if err != nil {
		return nil, fmt.Errorf("host protocol version %q is not a number", args[0])
	}
	if v != wire.Version {
		return nil, fmt.Errorf("protocol mismatch: host speaks %d, runner %d (rebuild the runner)", v, wire.Version)
	}
	js, err := json.Marshal(s.Info())
	if err != nil {
		return nil, err
	}
	return [][]byte{[]byte(strconv.Itoa(wire.Version)), js}, nil
}

// usable looks up an implementation of alg that can run on this CPU and mask.
func (s *Server) usable(name []byte, alg string) (*arch.Impl, error) {
	im, ok := arch.Lookup(string(name))
	if !ok {
		return nil, fmt.Errorf("unknown implementation %q", name)
	}
	if im.Alg != alg {
		return nil, fmt.Errorf("implementation %q is %s, not %s", name, im.Alg, alg)
	}
	if why := s.State.Missing(im); why != "" {
		return nil, fmt.Errorf("implementation %q not usable here: %s", name, why)
	}
	return im, nil
}

// digest is one hash function a block kernel serves.
type digest struct {
	alg  string // the kernel family it needs
	size int
	sum  func(im *arch.Impl, msg []byte) []byte
}

// Digests maps the names used on the wire to hash functions.
var digests = map[string]digest{
	"sha256": {arch.SHA256, 32, func(im *arch.Impl, msg []byte) []byte { d := arch.SHA256Sum(arch.SHA256BlockOf(im), msg); return d[:] }},
	"sha224": {arch.SHA256, 28, func(im *arch.Impl, msg []byte) []byte { d := arch.SHA224Sum(arch.SHA256BlockOf(im), msg); return d[:] }},
}

func (s *Server) digest(impl, name []byte) (*arch.Impl, digest, error) {
	d, ok := digests[string(name)]
	if !ok {
		return nil, d, fmt.Errorf("unknown digest %q (known: sha224, sha256)", name)
	}
	im, err := s.usable(impl, d.alg)
	return im, d, err
}

func cmdHash(s *Server, args [][]byte) ([][]byte, error) {
	im, d, err := s.digest(args[0], args[1])
	if err != nil {
		return nil, err
	}
	return [][]byte{d.sum(im, args[2])}, nil
}

// cmdHashMCT runs one SHAVS Monte Carlo checkpoint: MD0 = MD1 = MD2 = seed,
// then MDi = H(MDi-3 || MDi-2 || MDi-1) for i = 3..1002; returns MD1002.
func cmdHashMCT(s *Server, args [][]byte) ([][]byte, error) {
	im, d, err := s.digest(args[0], args[1])
	if err != nil {
		return nil, err
	}
	seed := args[2]
	if len(seed) != d.size {
		return nil, fmt.Errorf("seed must be %d bytes, got %d", d.size, len(seed))
	}
	buf := make([]byte, 0, 3*d.size)
	a, b, c := seed, seed, seed
	for i := 0; i < 1000; i++ {
		buf = append(append(append(buf[:0], a...), b...), c...)
		a, b, c = b, c, d.sum(im, buf)
	}
	return [][]byte{c}, nil
}
