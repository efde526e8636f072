// Package fuzz is xarch's differential tester: a seeded case generator
// biased to the lengths kernels get wrong, a driver that runs every case on
// every implementation under the runner's buffer discipline (runner/check.go)
// and judges it against the wasm oracle, and a shrinker that reduces a
// failure to its shortest input and prints a one-line reproducer.
//
// Each case runs in one request under several variants: input (and output)
// flush against the trailing PROT_NONE guard page, flush after the leading
// one, misaligned by 1-15 bytes, fed in uneven chunks where the op's shape
// streams, and in place where it allows that. Lengths come from an edge list
// (0, 1, block +-1, every length up to four blocks, +-1 around each Tuning
// constant the implementation declares, one block and one group past it,
// 64 KiB) and then at random. A failure is shrunk by re-running its variant
// on shorter prefixes of the data.
//
// The fuzzer knows no family by name: an op's shape, block and unit come
// from its declaration on the target side (arch.Family), how its params are
// made from its host spec (algs.Spec), its answer from the oracle.
package fuzz

import (
	"fmt"
	"math/rand/v2"
	"sort"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/arch"
)

// Op is one primitive the fuzzer drives.
type Op struct {
	Name  string
	Alg   string // the family that runs it
	Block int    // block size in bytes: the unit edges are built around
	Unit  int    // data lengths (and chunk sizes) are multiples of Unit
	// Cipher ops write an output as long as the input, which may be the
	// input itself (in place); the data may be fed in chunks.
	Cipher bool
	// Stream: the data may be fed in chunks.
	Stream bool
	// Params makes the fixed arguments (key, iv) of edge/random case j.
	Params func(r *rand.Rand, j int) [][]byte
	// Data, if set, turns the generated data into the op's input (see
	// algs.OpSpec.Data).
	Data func(r *rand.Rand, j int, params [][]byte, data []byte) []byte
}

// opFor joins an op's target declaration with its host spec.
func opFor(o *arch.Op, s *algs.OpSpec) Op {
	return Op{Name: o.Name, Alg: o.Family, Block: o.Block, Unit: o.Unit, Cipher: o.InPlace(), Stream: o.Streams(),
		Params: s.Params, Data: s.Data}
}

// OpsFor lists the ops a family is fuzzed with, in a fixed order (the
// order of its spec).
func OpsFor(alg string) []Op {
	spec, ok := algs.Lookup(alg)
	if !ok {
		return nil
	}
	var out []Op
	for i := range spec.Ops {
		s := &spec.Ops[i]
		o, ok := arch.LookupOp(s.Name)
		if !ok || s.NoFuzz != "" {
			continue
		}
		out = append(out, opFor(o, s))
	}
	return out
}

// Algs lists the families the fuzzer knows.
func Algs() []string {
	var out []string
	for _, s := range algs.All() {
		if len(OpsFor(s.Family)) > 0 {
			out = append(out, s.Family)
		}
	}
	sort.Strings(out)
	return out
}

func randBytes(r *rand.Rand, n int) []byte { return algs.RandBytes(r, n) }

// describeParams names the params of a case for reports.
func describeParams(op Op, params [][]byte) string {
	o, ok := arch.LookupOp(op.Name)
	if !ok {
		return ""
	}
	s := ""
	for i, p := range params {
		if i < len(o.Params) && len(p) > 0 {
			s += fmt.Sprintf(" %s %x", o.Params[i], p)
		}
	}
	return s
}
