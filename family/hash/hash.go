// Package hash is what the hash-shaped families (sha256, sha512) share
// above their block functions: the ops of each digest, the SHAVS Monte
// Carlo checkpoint and the speed algorithms. It is not a family itself.
package hash

import (
	"fmt"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// Hash families share everything above the block function: the op of each
// digest (whole or in pieces), the SHAVS Monte Carlo checkpoint, and a
// speed algorithm of the same name. A hash family file only lists its
// digests.

// Hasher is a streaming digest over one implementation's block function.
type Hasher interface {
	Reset()
	Write(p []byte)
	Size() int
	// SumTo pads and writes the digest to out[:Size()]; Reset before reuse.
	SumTo(out []byte)
}

// Variant is one digest of a hash family.
type Variant struct {
	Op   string // wire op and speed name: "sha384"
	Size int    // digest bytes
	New  func(im *arch.Impl) (Hasher, error)
}

// NewFamily builds the family of hash functions vs over one block size.
func NewFamily(name string, block int, check func(im *arch.Impl) error, vs []Variant) *arch.Family {
	f := &arch.Family{Name: name, Block: block, Check: check}
	for _, v := range vs {
		v := v
		f.Ops = append(f.Ops, &arch.Op{
			OpInfo: wire.OpInfo{Name: v.Op, Shape: wire.ShapeHash, Out: v.Size},
			Run: func(im *arch.Impl, _ [][]byte, _, in []byte, chunks []int) ([]byte, error) {
				h, err := v.New(im)
				if err != nil {
					return nil, err
				}
				arch.Feed(in, in, chunks, func(_, p []byte) error { h.Write(p); return nil })
				out := make([]byte, v.Size)
				h.SumTo(out)
				return out, nil
			},
			MCT:      func(im *arch.Impl, args [][]byte) ([][]byte, error) { return hashMCT(im, v, args) },
			WholeMCT: wholeMCT,
		})
		f.Speed = append(f.Speed, &arch.SpeedAlg{
			SpeedInfo: wire.SpeedInfo{Name: v.Op, Op: v.Op},
			Prepare: func(im *arch.Impl, size int) (func(int), func() []byte, error) {
				h, err := v.New(im)
				if err != nil {
					return nil, nil, err
				}
				msg := make([]byte, size)
				wire.SpeedPattern(msg)
				out := make([]byte, v.Size)
				// One shot per operation (init, absorb, pad, output), the
				// work `openssl speed -evp sha256` does per buffer.
				run := func(n int) {
					for i := 0; i < n; i++ {
						h.Reset()
						h.Write(msg)
						h.SumTo(out)
					}
				}
				return run, func() []byte { return append([]byte(nil), out...) }, nil
			},
			PrepareWhole: wholeSpeed,
		})
	}
	return f
}

// wholeMCT is hashMCT over a provider's calls.
func wholeMCT(w arch.Whole, op *arch.Op, args [][]byte) ([][]byte, error) {
	if len(args) != 1 || len(args[0]) != op.Out {
		return nil, fmt.Errorf("%s Monte Carlo takes one %d-byte seed", op.Name, op.Out)
	}
	buf := make([]byte, 0, 3*op.Out)
	a, b, c := args[0], args[0], args[0]
	for i := 0; i < 1000; i++ {
		buf = append(append(append(buf[:0], a...), b...), c...)
		next, err := w.Run(op, nil, nil, buf, nil)
		if err != nil {
			return nil, err
		}
		a, b, c = b, c, next
	}
	return [][]byte{c}, nil
}

// wholeSpeed: one provider call hashes one buffer.
func wholeSpeed(w arch.Whole, op *arch.Op, size int) (func(int), func() []byte, error) {
	msg := make([]byte, size)
	wire.SpeedPattern(msg)
	out, err := w.Run(op, nil, nil, msg, nil)
	if err != nil {
		return nil, nil, err
	}
	run := func(n int) {
		for i := 0; i < n; i++ {
			out, _ = w.Run(op, nil, nil, msg, nil)
		}
	}
	return run, func() []byte { return append([]byte(nil), out...) }, nil
}

// hashMCT runs one SHAVS Monte Carlo checkpoint: MD0 = MD1 = MD2 = seed,
// then MDi = H(MDi-3 || MDi-2 || MDi-1) for i = 3..1002; answers MD1002.
func hashMCT(im *arch.Impl, v Variant, args [][]byte) ([][]byte, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("%s Monte Carlo takes one argument (the seed), got %d", v.Op, len(args))
	}
	seed := args[0]
	if len(seed) != v.Size {
		return nil, fmt.Errorf("seed must be %d bytes, got %d", v.Size, len(seed))
	}
	h, err := v.New(im)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 0, 3*v.Size)
	a, b, c := seed, seed, seed
	for i := 0; i < 1000; i++ {
		buf = append(append(append(buf[:0], a...), b...), c...)
		h.Reset()
		h.Write(buf)
		next := make([]byte, v.Size)
		h.SumTo(next)
		a, b, c = b, c, next
	}
	return [][]byte{c}, nil
}
