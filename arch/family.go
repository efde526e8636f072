package arch

import (
	"fmt"
	"sort"

	"github.com/xarchlab/xarch/wire"
)

// The family boundary on the target side. A family (sha256.go, sha512.go,
// aesmodes.go) declares once, in one file, the wire ops it serves with
// their shapes, how the runner runs each one on an implementation (whole or
// in pieces), the optional Monte Carlo step, and how the speed command
// times it. The runner knows no family by name: it serves whatever is
// registered here.

// Op is one wire op and how to run it.
type Op struct {
	wire.OpInfo
	// Run computes the op with im's entry points. params are the fixed
	// arguments (OpInfo.Params, in order). For ciphers dst is as long as
	// in and may be in itself; the answer is dst. chunks, when not nil,
	// feeds the data in pieces of those sizes then the rest (streaming
	// shapes only).
	Run func(im *Impl, params [][]byte, dst, in []byte, chunks []int) ([]byte, error)
	// MCT, if set, runs one Monte Carlo checkpoint inside the runner (one
	// request per checkpoint, not per iteration).
	MCT func(im *Impl, args [][]byte) ([][]byte, error)
	// Example, if set, makes a valid input of about n bytes of data from
	// the random bytes read gives, for tests that run every op on every
	// level (archtest.ABILevels). Unset: random params and data are valid.
	Example func(read func([]byte), n int) (params [][]byte, in []byte)
	// WholeMCT, if set, runs the same Monte Carlo checkpoint over a
	// provider's calls (provider.go), for providers that do not run it
	// themselves (MCTer).
	WholeMCT func(w Whole, op *Op, args [][]byte) ([][]byte, error)
}

// SpeedAlg is one algorithm the speed command times, in openssl's
// spelling ("sha512", "aes-128-ctr").
type SpeedAlg struct {
	wire.SpeedInfo
	// Prepare sets up one operation on a buffer of size bytes of
	// wire.SpeedPattern: run(n) does it n times without allocating, last
	// answers the output the host checks against its own computation.
	Prepare func(im *Impl, size int) (run func(n int), last func() []byte, err error)
	// PrepareWhole, if set, is Prepare for a provider level: the same
	// operation and check output over the provider's calls.
	PrepareWhole func(w Whole, op *Op, size int) (run func(n int), last func() []byte, err error)
}

// Family is an algorithm family: its implementations share entry points
// (Impl.Funcs) and serve its ops.
type Family struct {
	Name  string
	Block int // bytes
	Ops   []*Op
	Speed []*SpeedAlg
	// Check says why im's entry points do not fit the family (nil: fine).
	Check func(im *Impl) error
	// Edges, if set, lists the kernel edge cases of im's entry points
	// (edges.go); the runner runs them as a suite of their own.
	Edges func(im *Impl) []Edge
}

var (
	families    = map[string]*Family{}
	opsByName   = map[string]*Op{}
	speedByName = map[string]*SpeedAlg{}
)

// RegisterFamily adds a family and its ops. Op and speed names are global.
func RegisterFamily(f *Family) {
	if _, dup := families[f.Name]; dup {
		panic("arch: duplicate family " + f.Name)
	}
	families[f.Name] = f
	for _, op := range f.Ops {
		if _, dup := opsByName[op.Name]; dup {
			panic("arch: duplicate op " + op.Name)
		}
		op.Family = f.Name
		if op.Block == 0 {
			op.Block = f.Block
		}
		if op.Unit == 0 {
			op.Unit = 1
		}
		op.OpInfo.MCT = op.MCT != nil
		opsByName[op.Name] = op
	}
	for _, sa := range f.Speed {
		if _, dup := speedByName[sa.Name]; dup {
			panic("arch: duplicate speed algorithm " + sa.Name)
		}
		if _, ok := opsByName[sa.Op]; !ok {
			panic("arch: speed algorithm " + sa.Name + " names unknown op " + sa.Op)
		}
		sa.Family = f.Name
		speedByName[sa.Name] = sa
	}
}

// Families lists the registered families by name.
func Families() []*Family {
	var out []*Family
	for _, f := range families {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupFamily finds a family.
func LookupFamily(name string) (*Family, bool) {
	f, ok := families[name]
	return f, ok
}

// Ops lists every registered op, sorted by name.
func Ops() []*Op {
	var out []*Op
	for _, o := range opsByName {
		out = append(out, o)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupOp finds an op by its wire name.
func LookupOp(name string) (*Op, bool) {
	o, ok := opsByName[name]
	return o, ok
}

// SpeedAlgs lists the speed command's algorithms, sorted by name.
func SpeedAlgs() []*SpeedAlg {
	var out []*SpeedAlg
	for _, s := range speedByName {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupSpeed finds a speed algorithm.
func LookupSpeed(name string) (*SpeedAlg, bool) {
	s, ok := speedByName[name]
	return s, ok
}

// CheckFuncs says why im cannot serve its family (unknown family, wrong
// entry points), nil when it can.
func CheckFuncs(im *Impl) error {
	f, ok := families[im.Alg]
	if !ok {
		return fmt.Errorf("implementation %s names unknown family %q", im.Name, im.Alg)
	}
	if WholeOf(im) != nil {
		return nil // a provider serves the family's ops itself (provider.go)
	}
	if f.Check != nil {
		return f.Check(im)
	}
	return nil
}

// Feed calls fn on consecutive pieces of src (and the same pieces of dst):
// the chunk sizes in order, then whatever is left. nil chunks: one call.
func Feed(dst, src []byte, chunks []int, fn func(dst, src []byte) error) error {
	off := 0
	for i, n := range chunks {
		if n > len(src)-off {
			n = len(src) - off
		}
		if err := fn(dst[off:off+n], src[off:off+n]); err != nil {
			return fmt.Errorf("chunk %d (%d bytes at offset %d): %v", i, n, off, err)
		}
		off += n
	}
	if off < len(src) || chunks == nil {
		if err := fn(dst[off:], src[off:]); err != nil {
			return fmt.Errorf("last chunk (%d bytes at offset %d): %v", len(src)-off, off, err)
		}
	}
	return nil
}
