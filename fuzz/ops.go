// Package fuzz is xarch's differential tester: a seeded case generator
// biased to the lengths kernels get wrong, a driver that runs every case on
// every implementation under the runner's buffer discipline (runner/check.go)
// and judges it against the wasm oracle, and a shrinker that reduces a
// failure to its shortest input and prints a one-line reproducer.
//
// Each case runs in one request under several variants: input (and output)
// flush against the trailing PROT_NONE guard page, flush after the leading
// one, misaligned by 1-15 bytes, fed in uneven chunks, and for ciphers in
// place. Lengths come from an edge list (0, 1, block +-1, every length up to
// four blocks, +-1 around each Tuning constant the implementation declares,
// one block and one group past it, 64 KiB) and then at random. A failure is
// shrunk by re-running its variant on shorter prefixes of the data.
//
// Adding an algorithm takes three entries with the same op name: ops below
// (block size, length unit, params), checkOps in runner/check.go (how the
// runner drives the implementation) and ops in oracle/refmod/main.go (the
// reference answer).
package fuzz

import (
	"math/rand/v2"
	"sort"
)

// Op is one primitive the fuzzer drives. Name is the same in the runner's
// check command (runner/check.go) and in the oracle (oracle/refmod), so
// adding an algorithm is one entry here and one on each of those sides.
type Op struct {
	Name  string
	Alg   string // the arch.Impl family that runs it ("sha256", "aes")
	Block int    // block size in bytes: the unit edges are built around
	Unit  int    // data lengths (and chunk sizes) are multiples of Unit
	// Cipher ops write an output as long as the input, which may be the
	// input itself (in place).
	Cipher bool
	// Params makes the fixed arguments (key, iv) of edge/random case j.
	Params func(r *rand.Rand, j int) [][]byte
}

var ops = []Op{
	{Name: "sha256", Alg: "sha256", Block: 64, Unit: 1},
	{Name: "sha224", Alg: "sha256", Block: 64, Unit: 1},
}

func init() {
	for _, mode := range []string{"ecb", "cbc", "ctr", "ofb", "cfb128"} {
		unit := 1
		if mode == "ecb" || mode == "cbc" {
			unit = 16
		}
		for _, dir := range []string{"enc", "dec"} {
			ops = append(ops, Op{Name: "aes-" + mode + "-" + dir, Alg: "aes", Block: 16, Unit: unit, Cipher: true,
				Params: aesParams(mode)})
		}
	}
}

// aesParams cycles the key sizes over the edge list (so every length meets
// every key size across the three nearest edges) and, for CTR, puts the
// counter a few blocks below a carry out of the low 64 bits a quarter of
// the time.
func aesParams(mode string) func(r *rand.Rand, j int) [][]byte {
	return func(r *rand.Rand, j int) [][]byte {
		key := randBytes(r, []int{16, 24, 32}[j%3])
		if mode == "ecb" {
			return [][]byte{key, nil}
		}
		iv := randBytes(r, 16)
		if mode == "ctr" && r.IntN(4) == 0 {
			for i := 8; i < 16; i++ {
				iv[i] = 0xff
			}
			iv[15] -= byte(r.IntN(4))
		}
		return [][]byte{key, iv}
	}
}

// OpsFor lists the ops an algorithm family is fuzzed with, in a fixed order.
func OpsFor(alg string) []Op {
	var out []Op
	for _, o := range ops {
		if o.Alg == alg {
			out = append(out, o)
		}
	}
	return out
}

// Algs lists the algorithm families the fuzzer knows.
func Algs() []string {
	seen := map[string]bool{}
	var out []string
	for _, o := range ops {
		if !seen[o.Alg] {
			seen[o.Alg] = true
			out = append(out, o.Alg)
		}
	}
	sort.Strings(out)
	return out
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := 0; i < n; i += 8 {
		v := r.Uint64()
		for k := 0; k < 8 && i+k < n; k++ {
			b[i+k] = byte(v >> (8 * k))
		}
	}
	return b
}
