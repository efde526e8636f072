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
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// Info and ImplInfo are the hello answer's types (package wire, which the
// host reads without importing the runner).
type (
	Info     = wire.Info
	ImplInfo = wire.ImplInfo
)

// Server holds the feature state the runner was started with.
type Server struct {
	State  arch.State
	forced []string
}

// SetABI turns the ABI checks on or off (arch.ABICheck): every kernel call
// then goes through its arch's trampoline, and a kernel that breaks the
// calling convention fails the request that ran it.
func (s *Server) SetABI(on bool) { arch.ABICheck = on }

// New builds a server whose mask string is parsed by arch.ParseMask.
func New(mask string) (*Server, error) { return NewForced(mask, "") }

// NewForced also treats the features of force (arch.ParseForce) as
// detected: a model whose emulator runs them but whose guest cannot see
// them (ci/models.json "force").
func NewForced(mask, force string) (*Server, error) {
	m, err := arch.ParseMask(mask)
	if err != nil {
		return nil, err
	}
	f, err := arch.ParseForce(force)
	if err != nil {
		return nil, err
	}
	det := arch.Detect()
	for k := range f {
		det[k] = true
	}
	return &Server{State: arch.State{Detected: det, Masked: m}, forced: setList(f)}, nil
}

// Info reports the runner's identity, features and implementation table.
func (s *Server) Info() Info {
	inf := Info{
		Protocol: wire.Version, Arch: runtime.GOARCH, OS: runtime.GOOS,
		Compiler: runtime.Compiler, GoVersion: runtime.Version(),
		Features: arch.KnownFeatures(), Detected: setList(s.State.Detected),
		Masked: setList(s.State.Masked), Forced: s.forced, Best: map[string]string{}, Probes: probeList(), MemProbes: memProbeList(),
		ABI: arch.ABICheck,
	}
	for _, op := range arch.Ops() {
		inf.Ops = append(inf.Ops, op.OpInfo)
	}
	for _, sa := range arch.SpeedAlgs() {
		inf.Speed = append(inf.Speed, sa.SpeedInfo)
	}
	for _, im := range arch.Impls() {
		why := s.State.Missing(im)
		var tuning []arch.Tuning
		for _, t := range im.Tuning {
			t.Tunable = t.Var != nil
			tuning = append(tuning, t)
		}
		inf.Impls = append(inf.Impls, ImplInfo{
			Name: im.Name, Alg: im.Alg, Arch: im.Arch, Requires: im.Requires, Tuning: tuning,
			Rank: im.Rank, NeedsHardware: im.NeedsHardware, Planted: im.Planted,
			Usable: why == "", Why: why, Edges: edgeNames(im),
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
	c, ok := commands[cmd]
	defer func() {
		if p := recover(); p != nil {
			if v, isABI := p.(*arch.ABIViolation); isABI {
				// The commands that take an implementation name it first.
				if v.Impl == "" && strings.HasPrefix(c.usage, "impl,") && len(args) > 0 {
					v.Impl = string(args[0])
				}
				out, err = nil, v
				return
			}
			out, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
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
	// payload: wire.Pack(the op's params..., data); answers the output.
	register("run", 3, "impl, op, payload", cmdRun)
	// Many cases of one op in one request (vector files): cases is
	// wire.Pack(params1..., data1, params2..., ...); the answer is
	// wire.Pack(out1, out2, ...). pieces cuts each message (parsePieces);
	// "" is one call out of place, pieces run in place where the shape
	// allows it.
	register("batch", 4, "impl, op, pieces, cases", cmdBatch)
	// One Monte Carlo checkpoint (the family's definition) inside the
	// runner: args is wire.Pack(arguments...); answers its strings.
	register("mct", 3, "impl, op, args", cmdMCT)
	// Shorthands of run and mct for hash ops, as SHAVS files use them.
	register("hash", 3, "impl, digest, message", cmdHash)
	register("hash-mct", 3, "impl, digest, seed", cmdHashMCT)
	// The ABI kernel table and its checked calls since the last abi
	// command (JSON; the counts restart at 0).
	register("abi", 0, "", cmdABI)
}

func cmdABI(s *Server, args [][]byte) ([][]byte, error) {
	table, goarch := arch.ABIKernels()
	out := struct {
		Arch    string           `json:"arch"`
		On      bool             `json:"on"`
		Kernels []wire.ABIKernel `json:"kernels"`
	}{Arch: goarch, On: arch.ABICheck, Kernels: []wire.ABIKernel{}}
	for _, k := range table {
		out.Kernels = append(out.Kernels, wire.ABIKernel{Name: k.Name, Frame: k.Frame, Calls: k.Calls, SelfTest: k.SelfTest})
		k.Calls = 0 // requests run one at a time: no kernel is running
	}
	js, err := json.Marshal(out)
	if err != nil {
		return nil, err
	}
	return [][]byte{js}, nil
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

// usable looks up an implementation of family that can run on this CPU
// and mask.
func (s *Server) usable(name []byte, family string) (*arch.Impl, error) {
	im, ok := arch.Lookup(string(name))
	if !ok {
		return nil, fmt.Errorf("unknown implementation %q", name)
	}
	if im.Alg != family {
		return nil, fmt.Errorf("implementation %q is %s, not %s", name, im.Alg, family)
	}
	if why := s.State.Missing(im); why != "" {
		return nil, fmt.Errorf("implementation %q not usable here: %s", name, why)
	}
	if err := arch.CheckFuncs(im); err != nil {
		return nil, err
	}
	return im, nil
}

// op finds an op and a usable implementation of its family.
func (s *Server) op(impl, name []byte) (*arch.Impl, *arch.Op, error) {
	op, ok := arch.LookupOp(string(name))
	if !ok {
		return nil, nil, fmt.Errorf("unknown op %q (known: %s)", name, opList())
	}
	im, err := s.usable(impl, op.Family)
	return im, op, err
}

func opList() string {
	var names []string
	for _, o := range arch.Ops() {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

// splitPayload cuts a payload into the op's params and its data.
func splitPayload(op *arch.Op, payload []byte) (params [][]byte, data []byte, err error) {
	parts, err := wire.Unpack(payload)
	if err != nil {
		return nil, nil, fmt.Errorf("payload: %v", err)
	}
	if len(parts) != len(op.Params)+1 {
		return nil, nil, fmt.Errorf("payload: %d strings, %s wants %d params (%s) and the data", len(parts), op.Name, len(op.Params), strings.Join(op.Params, ", "))
	}
	return parts[:len(op.Params)], parts[len(op.Params)], nil
}

// abiCase starts the ABI trampoline's values afresh for one case, from the
// seed and a hash of the case (op, params, data): the case gets the same
// values alone in a repro line as among others in a batch.
func abiCase(op string, params [][]byte, data []byte) {
	if !arch.ABICheck {
		return
	}
	h := uint64(14695981039346656037) // FNV-1a
	add := func(b []byte) {
		for i := 0; i < 8; i++ {
			h = (h ^ uint64(len(b)>>(8*i)&0xff)) * 1099511628211
		}
		for _, c := range b {
			h = (h ^ uint64(c)) * 1099511628211
		}
	}
	add([]byte(op))
	for _, p := range params {
		add(p)
	}
	add(data)
	arch.ABIReseed(h)
}

// runOp runs op once, out of place (or in place on a copy when inPlace).
// An ABI violation is this call's error (batch names the case).
func runOp(im *arch.Impl, op *arch.Op, params [][]byte, data []byte, chunks []int, inPlace bool) (out []byte, err error) {
	abiCase(op.Name, params, data)
	defer func() {
		if p := recover(); p != nil {
			if se, ok := p.(*arch.ScratchError); ok {
				out, err = nil, fmt.Errorf("%s: %v", im.Name, se)
				return
			}
			v, isABI := p.(*arch.ABIViolation)
			if !isABI {
				panic(p)
			}
			v.Impl = im.Name
			out, err = nil, v
		}
	}()
	if len(data)%op.Unit != 0 {
		return nil, fmt.Errorf("%s takes whole %d-byte units, got %d bytes", op.Name, op.Unit, len(data))
	}
	var dst []byte
	if op.InPlace() {
		dst = make([]byte, len(data))
		if inPlace {
			copy(dst, data)
			data = dst
		}
	}
	return arch.RunOp(op, im, params, dst, data, chunks)
}

func cmdRun(s *Server, args [][]byte) ([][]byte, error) {
	im, op, err := s.op(args[0], args[1])
	if err != nil {
		return nil, err
	}
	params, data, err := splitPayload(op, args[2])
	if err != nil {
		return nil, err
	}
	out, err := runOp(im, op, params, data, nil, false)
	if err != nil {
		return nil, err
	}
	return [][]byte{out}, nil
}

// parsePieces reads "" (one call) or comma-separated sizes "1,15,32" that
// are cycled over the message; 0 is an empty call.
func parsePieces(b []byte, unit int) ([]int, error) {
	if len(b) == 0 {
		return nil, nil
	}
	var out []int
	some := false
	for _, f := range strings.Split(string(b), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("pieces %q: %q is not a size", b, f)
		}
		if n%unit != 0 {
			return nil, fmt.Errorf("pieces %q: %d is not a whole number of %d-byte units", b, n, unit)
		}
		some = some || n > 0
		out = append(out, n)
	}
	if !some {
		return nil, fmt.Errorf("pieces %q: every size is 0", b)
	}
	return out, nil
}

// cycle repeats pieces until they cover n bytes.
func cycle(pieces []int, n int) []int {
	if pieces == nil {
		return nil
	}
	var out []int
	for off, i := 0, 0; off < n; i++ {
		k := pieces[i%len(pieces)]
		out = append(out, k)
		off += k
	}
	return out
}

func cmdBatch(s *Server, args [][]byte) ([][]byte, error) {
	im, op, err := s.op(args[0], args[1])
	if err != nil {
		return nil, err
	}
	pieces, err := parsePieces(args[2], op.Unit)
	if err != nil {
		return nil, err
	}
	if pieces != nil && !op.Streams() {
		return nil, fmt.Errorf("%s (%s) cannot be fed in pieces", op.Name, op.Shape)
	}
	cases, err := wire.Unpack(args[3])
	if err != nil {
		return nil, fmt.Errorf("cases: %v", err)
	}
	per := len(op.Params) + 1
	if len(cases)%per != 0 {
		return nil, fmt.Errorf("cases: %d strings, want groups of %d (%s, data)", len(cases), per, strings.Join(op.Params, ", "))
	}
	outs := make([][]byte, 0, len(cases)/per)
	for i := 0; i < len(cases); i += per {
		data := cases[i+per-1]
		out, err := runOp(im, op, cases[i:i+per-1], data, cycle(pieces, len(data)), pieces != nil)
		if err != nil {
			return nil, fmt.Errorf("case %d: %v", i/per, err)
		}
		outs = append(outs, out)
	}
	return [][]byte{wire.Pack(outs...)}, nil
}

func cmdMCT(s *Server, args [][]byte) ([][]byte, error) {
	im, op, err := s.op(args[0], args[1])
	if err != nil {
		return nil, err
	}
	if op.MCT == nil {
		return nil, fmt.Errorf("%s has no Monte Carlo test", op.Name)
	}
	a, err := wire.Unpack(args[2])
	if err != nil {
		return nil, fmt.Errorf("args: %v", err)
	}
	abiCase(op.Name, a, nil)
	return arch.RunMCT(op, im, a)
}

// hashOp finds a hash-shaped op for the hash shorthands.
func (s *Server) hashOp(impl, name []byte) (*arch.Impl, *arch.Op, error) {
	im, op, err := s.op(impl, name)
	if err == nil && op.Shape != wire.ShapeHash {
		err = fmt.Errorf("op %q is a %s, not a hash", name, op.Shape)
	}
	return im, op, err
}

func cmdHash(s *Server, args [][]byte) ([][]byte, error) {
	im, op, err := s.hashOp(args[0], args[1])
	if err != nil {
		return nil, err
	}
	abiCase(op.Name, nil, args[2])
	out, err := arch.RunOp(op, im, nil, nil, args[2], nil)
	if err != nil {
		return nil, err
	}
	return [][]byte{out}, nil
}

func cmdHashMCT(s *Server, args [][]byte) ([][]byte, error) {
	im, op, err := s.hashOp(args[0], args[1])
	if err != nil {
		return nil, err
	}
	abiCase(op.Name, args[2:3], nil)
	return arch.RunMCT(op, im, args[2:3])
}
