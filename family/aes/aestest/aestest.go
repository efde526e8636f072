// Package aestest holds the AES conformance checks every arch/<goarch>
// test package runs on its AES levels (target side, Go 1.18).
package aestest

import (
	"bytes"
	cryptoaes "crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
)

// Options tunes AESLevels for one architecture.
type Options struct {
	// Generic also checks the generic and planted levels of family/aes.
	Generic bool
	// MaxBlocks raises the longest length of the mode sweep above its
	// default, 3 groups of the widest interleave plus one block.
	MaxBlocks int
	// MustRun fails the test, instead of skipping it, when no level is
	// usable (for arches with a level every CPU runs).
	MustRun bool
}

var aesKeySizes = []int{16, 24, 32}

// Width is the widest interleave a level's Tuning declares
// ("interleave" or any "*_interleave"), at least 1.
func Width(im *arch.Impl) int {
	w := 1
	for _, t := range im.Tuning {
		k := t.Name
		if (k == "interleave" || strings.HasSuffix(k, "_interleave")) && k != "tail_interleave" && t.Value > w {
			w = t.Value
		}
	}
	return w
}

// Tail is the group size a level uses after its full groups
// ("tail_interleave" or "tail_step"), at least 1.
func Tail(im *arch.Impl) int {
	for _, k := range []string{"tail_interleave", "tail_step"} {
		if v := im.Tune(k); v > 0 {
			return v
		}
	}
	return 1
}

// Add128 returns c + n as a 128-bit big-endian counter, wrapping at 2^128,
// spelled out so the CTR reference does not rest on crypto/cipher's.
func Add128(c [16]byte, n uint64) [16]byte {
	hi, lo := binary.BigEndian.Uint64(c[:8]), binary.BigEndian.Uint64(c[8:])
	lo2 := lo + n
	if lo2 < lo {
		hi++
	}
	binary.BigEndian.PutUint64(c[:8], hi)
	binary.BigEndian.PutUint64(c[8:], lo2)
	return c
}

// aesMode is one kernel entry point and its reference; st is the IV or
// counter (ignored by ECB) and both leave it as the mode defines.
type aesMode struct {
	name    string
	chained bool
	kern    func(k *aes.Key, st *[16]byte, dst, src []byte)
	ref     func(b cipher.Block, st *[16]byte, dst, src []byte)
}

// aesModes lists the entry points f provides: ECB always, CBC and CTR
// kernels where present (nil ones are the mode layer's job).
func aesModes(f *aes.Funcs) []aesMode {
	m := []aesMode{
		{"ECB-enc", false, func(k *aes.Key, _ *[16]byte, d, s []byte) { f.Encrypt(k, d, s) },
			func(b cipher.Block, _ *[16]byte, d, s []byte) {
				for i := 0; i < len(s); i += 16 {
					b.Encrypt(d[i:i+16], s[i:i+16])
				}
			}},
		{"ECB-dec", false, func(k *aes.Key, _ *[16]byte, d, s []byte) { f.Decrypt(k, d, s) },
			func(b cipher.Block, _ *[16]byte, d, s []byte) {
				for i := 0; i < len(s); i += 16 {
					b.Decrypt(d[i:i+16], s[i:i+16])
				}
			}},
	}
	if f.CBCEncrypt != nil {
		m = append(m, aesMode{"CBC-enc", true, f.CBCEncrypt, func(b cipher.Block, iv *[16]byte, d, s []byte) {
			cipher.NewCBCEncrypter(b, iv[:]).CryptBlocks(d, s)
			if len(d) > 0 {
				copy(iv[:], d[len(d)-16:])
			}
		}})
	}
	if f.CBCDecrypt != nil {
		m = append(m, aesMode{"CBC-dec", true, f.CBCDecrypt, func(b cipher.Block, iv *[16]byte, d, s []byte) {
			next := *iv
			if len(s) > 0 {
				copy(next[:], s[len(s)-16:])
			}
			cipher.NewCBCDecrypter(b, iv[:]).CryptBlocks(d, s)
			*iv = next
		}})
	}
	if f.CTR != nil {
		m = append(m, aesMode{"CTR", true, f.CTR, aesRefCTR})
	}
	return m
}

// aesRefCTR encrypts the counters itself, stepping them with Add128.
func aesRefCTR(b cipher.Block, ctr *[16]byte, d, s []byte) {
	var ks [16]byte
	for i := 0; i < len(s); i += 16 {
		b.Encrypt(ks[:], ctr[:])
		for j := 0; j < 16; j++ {
			d[i+j] = s[i+j] ^ ks[j]
		}
		*ctr = Add128(*ctr, 1)
	}
}

// aesCase is one comparison: a mode of a level on msg from state st, out
// of place with src at sOff and dst at dOff, then in place at each.
type aesCase struct {
	level      string
	k          *aes.Key
	b          cipher.Block
	key        []byte
	m          aesMode
	st         [16]byte
	msg        []byte
	sOff, dOff int
}

func (c *aesCase) String() string {
	return fmt.Sprintf("%s %s AES-%d, %d blocks, src+%d dst+%d, state %x, key %x",
		c.level, c.m.name, 8*len(c.key), len(c.msg)/16, c.sOff, c.dOff, c.st, c.key)
}

// run returns "" or what went wrong. Out of place, poison surrounds dst
// and src, and src must come back unchanged; in place, the bytes around
// the buffer must too.
func (c *aesCase) run() string {
	n := len(c.msg)
	want := make([]byte, n)
	wantSt := c.st
	c.m.ref(c.b, &wantSt, want, c.msg)

	sbuf, src := archtest.Guarded(n, c.sOff, 0x5a)
	copy(src, c.msg)
	sWas := append([]byte(nil), sbuf...)
	dbuf, dst := archtest.Guarded(n, c.dOff, archtest.Poison)
	dWas := append([]byte(nil), dbuf...)
	st := c.st
	c.m.kern(c.k, &st, dst, src)
	if !bytes.Equal(dst, want) {
		return fmt.Sprintf("%v: %s", c, archtest.FirstDiff(dst, want))
	}
	if st != wantSt {
		return fmt.Sprintf("%v: chaining state after the call %x, want %x", c, st, wantSt)
	}
	if why := archtest.Untouched(dbuf, dWas, c.dOff, n); why != "" {
		return fmt.Sprintf("%v: wrote outside dst: %s", c, why)
	}
	if !bytes.Equal(sbuf, sWas) {
		return fmt.Sprintf("%v: src (or a byte around it) modified", c)
	}
	offs := []int{c.sOff}
	if c.dOff != c.sOff {
		offs = append(offs, c.dOff)
	}
	for _, off := range offs {
		buf, io := archtest.Guarded(n, off, archtest.Poison)
		copy(io, c.msg)
		was := append([]byte(nil), buf...)
		st := c.st
		c.m.kern(c.k, &st, io, io)
		if !bytes.Equal(io, want) {
			return fmt.Sprintf("%v, in place at +%d: %s", c, off, archtest.FirstDiff(io, want))
		}
		if st != wantSt {
			return fmt.Sprintf("%v, in place at +%d: chaining state %x, want %x", c, off, st, wantSt)
		}
		if why := archtest.Untouched(buf, was, off, n); why != "" {
			return fmt.Sprintf("%v, in place at +%d: wrote outside the buffer: %s", c, off, why)
		}
	}
	return ""
}

// Levels checks every usable AES level of goarch (and the generic level
// with opts.Generic) against crypto/aes and crypto/cipher: known answers,
// every ECB/CBC/CTR entry point over 0..3*width+1 blocks at many src/dst
// offsets and in place with poison around dst, CTR counter carries at
// every group position and the 2^128 wrap, calls in pieces, plain keys,
// the stream layer, long chains, guard pages and bad-input panics.
// Widths and tails come from each level's Tuning.
func Levels(t *testing.T, goarch string, opts Options) {
	levels := archtest.Levels(t, aes.Name, goarch, opts.Generic)
	if len(levels) == 0 {
		if opts.MustRun {
			t.Fatalf("no %s AES level usable on this CPU (reasons logged above)", goarch)
		}
		t.Skipf("no %s AES level usable on this CPU (reasons logged above)", goarch)
	}
	for _, im := range levels {
		im := im
		t.Run(archtest.SubtestName(im.Name), func(t *testing.T) {
			f := aes.FuncsOf(im)
			if f == nil || f.Encrypt == nil || f.Decrypt == nil {
				t.Fatalf("%s: Alg aes without Encrypt/Decrypt", im.Name)
			}
			t.Run("known-answers", func(t *testing.T) { aesKnownAnswers(t, goarch, im) })
			t.Run("modes", func(t *testing.T) { aesSweep(t, goarch, im, opts) })
			if f.CTR != nil {
				t.Run("ctr-carry", func(t *testing.T) { aesCTRCarry(t, goarch, im, opts) })
			}
			t.Run("chunked", func(t *testing.T) { aesChunked(t, goarch, im) })
			t.Run("plain-key", func(t *testing.T) { aesPlainKey(t, goarch, im) })
			t.Run("streams", func(t *testing.T) { aesStreams(t, goarch, im) })
			t.Run("chains", func(t *testing.T) { aesChains(t, goarch, im) })
			t.Run("guard-pages", func(t *testing.T) { aesGuardPages(t, goarch, im) })
			if im.Arch == goarch {
				t.Run("bad-input", func(t *testing.T) { BadInput(t, im) })
			}
			// Each run-time threshold at both extremes: 0 (every call
			// on the wide path, the declared value is swept above) and
			// above every length (every call on the short path).
			for _, tu := range aesTunables(im) {
				for _, v := range []int{0, aesNarrowAll} {
					tu, v := tu, v
					t.Run(fmt.Sprintf("%s=%d", tu.Name, v), func(t *testing.T) {
						withTuning(tu, v, func() { aesPaths(t, goarch, im, opts) })
					})
				}
			}
		})
	}
	t.Logf("ran: %s", archtest.Names(levels))
}

// aesPaths is the part of AESLevels that depends on which path a length
// takes: the sweep, CTR carries, pieces and the stream layer.
func aesPaths(t *testing.T, goarch string, im *arch.Impl, opts Options) {
	aesSweep(t, goarch, im, opts)
	if aes.FuncsOf(im).CTR != nil {
		aesCTRCarry(t, goarch, im, opts)
	}
	aesChunked(t, goarch, im)
	aesStreams(t, goarch, im)
}

// ShortPath checks the short path of a level whose wide kernels this
// CPU cannot run (say an AVX-512 level on a host without AVX-512): with its
// run-time thresholds tunes (Tunings with a Var, one per mode) above every
// length, every entry point must route every call to its short-path
// kernels, which must then pass the sweep, CTR carries, pieces, the stream
// layer and guard pages. Then, with the declared thresholds, every length
// below the lowest. A call routed to the wide kernels by mistake dies with
// SIGILL here, which is what makes this a test of the routing as much as
// of the answers.
func ShortPath(t *testing.T, goarch string, im *arch.Impl, tunes ...string) {
	var tus []arch.Tuning
	low := -1
	for _, tune := range tunes {
		var tu *arch.Tuning
		for i := range im.Tuning {
			if im.Tuning[i].Name == tune && im.Tuning[i].Var != nil {
				tu = &im.Tuning[i]
			}
		}
		if tu == nil {
			t.Fatalf("%s has no tunable %s", im.Name, tune)
		}
		if tu.Unit != arch.Bytes {
			t.Fatalf("%s: %s counts %s, want bytes", im.Name, tune, tu.Unit)
		}
		tus = append(tus, *tu)
		if low < 0 || tu.Value < low {
			low = tu.Value
		}
	}
	if len(tus) == 0 {
		t.Fatalf("%s: ShortPath needs at least one threshold", im.Name)
	}
	withTunings(tus, aesNarrowAll, func() {
		aesPaths(t, goarch, im, Options{})
		aesGuardPages(t, goarch, im)
	})
	below := (low - 1) / 16
	if below < 0 {
		below = 0
	}
	withTunings(tus, -1, func() {
		r := rand.New(rand.NewSource(17))
		for _, kl := range aesKeySizes {
			key := archtest.RandBytes(r, kl)
			b, _ := cryptoaes.NewCipher(key)
			c := aesCase{level: im.Name, k: aes.FuncsOf(im).ExpandKey(key), b: b, key: key, sOff: 1, dOff: 7}
			for _, m := range aesModes(aes.FuncsOf(im)) {
				c.m = m
				for n := 0; n <= below; n++ {
					r.Read(c.st[:])
					c.msg = archtest.RandBytes(r, 16*n)
					if why := c.run(); why != "" {
						t.Fatalf("%s with %v at their declared values: %s; %s", im.Name, tunes, why, archtest.Reproduce(t, goarch))
					}
				}
			}
		}
	})
	t.Logf("%s: short path with %v above every length, and 0..%d blocks below the lowest declared (%d)", im.Name, tunes, below, low)
}

// withTunings runs f with every tunable of tus set to v (-1: its declared
// value), then restores them.
func withTunings(tus []arch.Tuning, v int, f func()) {
	if len(tus) == 0 {
		f()
		return
	}
	w := v
	if w < 0 {
		w = tus[0].Value
	}
	withTuning(tus[0], w, func() { withTunings(tus[1:], v, f) })
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic("archtest: bad hex constant " + s)
	}
	return b
}

// FIPS-197 appendix C (one block, and as every block of a width-long
// call) and SP 800-38A F.5.1: answers that do not rest on the emulator
// running crypto/aes's own AES instructions right.
func aesKnownAnswers(t *testing.T, goarch string, im *arch.Impl) {
	f := aes.FuncsOf(im)
	pt := mustHex("00112233445566778899aabbccddeeff")
	counts := []int{1}
	if w := Width(im); w > 1 {
		counts = append(counts, w)
	}
	for _, v := range []struct{ key, ct string }{
		{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
		{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
		{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
	} {
		k := f.ExpandKey(mustHex(v.key))
		for _, n := range counts {
			src := bytes.Repeat(pt, n)
			want := bytes.Repeat(mustHex(v.ct), n)
			got := make([]byte, len(src))
			f.Encrypt(k, got, src)
			if !bytes.Equal(got, want) {
				t.Fatalf("%s FIPS-197 C, key %s, %d blocks: encrypt %s; %s", im.Name, v.key, n, archtest.FirstDiff(got, want), archtest.Reproduce(t, goarch))
			}
			dec := make([]byte, len(src))
			f.Decrypt(k, dec, want)
			if !bytes.Equal(dec, src) {
				t.Fatalf("%s FIPS-197 C, key %s, %d blocks: decrypt %s; %s", im.Name, v.key, n, archtest.FirstDiff(dec, src), archtest.Reproduce(t, goarch))
			}
			f.Decrypt(k, got, got)
			if !bytes.Equal(got, src) {
				t.Fatalf("%s FIPS-197 C, key %s, %d blocks: decrypt in place %s; %s", im.Name, v.key, n, archtest.FirstDiff(got, src), archtest.Reproduce(t, goarch))
			}
		}
	}
	if f.CTR == nil {
		return
	}
	k := f.ExpandKey(mustHex("2b7e151628aed2a6abf7158809cf4f3c"))
	var ctr [16]byte
	copy(ctr[:], mustHex("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"))
	src := mustHex("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51" +
		"30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
	want := mustHex("874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff" +
		"5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee")
	dst := make([]byte, len(src))
	f.CTR(k, &ctr, dst, src)
	if !bytes.Equal(dst, want) {
		t.Fatalf("%s SP 800-38A F.5.1 CTR-AES128: %s; %s", im.Name, archtest.FirstDiff(dst, want), archtest.Reproduce(t, goarch))
	}
}

// aesPlaces are the src/dst offsets every length runs at (each also in
// place at both offsets); the sweep adds two that move with the length.
var aesPlaces = [][2]int{
	{0, 0}, {1, 7}, {8, 3}, {15, 12}, {1, 3}, {4, 0}, {0, 4}, {8, 8}, {3, 3}, {7, 2}, {5, 5}, {11, 11},
}

// aesMaxBlocks is the longest length of the sweep: 3 groups of the widest
// interleave plus one block, or one block past the longest length-like
// Tuning (a threshold), or opts.MaxBlocks, whichever is most.
func aesMaxBlocks(im *arch.Impl, opts Options) int {
	n := 3*Width(im) + 1
	for _, v := range im.TuningLengths(16) {
		if b := (v+15)/16 + 1; b > n {
			n = b
		}
	}
	if opts.MaxBlocks > n {
		n = opts.MaxBlocks
	}
	return n
}

// aesTunables are a level's thresholds that it reads at run time: length
// Tunings (Bytes or Blocks) with a Var.
func aesTunables(im *arch.Impl) []arch.Tuning {
	var out []arch.Tuning
	for _, tu := range im.Tuning {
		if tu.Var != nil && (tu.Unit == arch.Bytes || tu.Unit == arch.Blocks) {
			out = append(out, tu)
		}
	}
	return out
}

// aesNarrowAll is a threshold above every length the checks use: with it
// every call takes a level's short path.
const aesNarrowAll = 1 << 30

// withTuning runs f with the tunable tu set to v, then restores it.
func withTuning(tu arch.Tuning, v int, f func()) {
	old := *tu.Var
	*tu.Var = v
	defer func() { *tu.Var = old }()
	f()
}

// aesSweep: every entry point, key size and length 0..MaxBlocks (full
// groups, the tail group, single blocks, zero blocks) at every placement,
// from a random IV/counter.
func aesSweep(t *testing.T, goarch string, im *arch.Impl, opts Options) {
	r := rand.New(rand.NewSource(10))
	maxN := aesMaxBlocks(im, opts)
	for _, kl := range aesKeySizes {
		key := archtest.RandBytes(r, kl)
		b, _ := cryptoaes.NewCipher(key)
		c := aesCase{level: im.Name, k: aes.FuncsOf(im).ExpandKey(key), b: b, key: key}
		for _, m := range aesModes(aes.FuncsOf(im)) {
			c.m = m
			for n := 0; n <= maxN; n++ {
				places := append(append([][2]int(nil), aesPlaces...), [2]int{n % 16, (n * 7) % 16}, [2]int{1 + r.Intn(15), 1 + r.Intn(15)})
				for _, p := range places {
					r.Read(c.st[:])
					c.msg = archtest.RandBytes(r, 16*n)
					c.sOff, c.dOff = p[0], p[1]
					if why := c.run(); why != "" {
						t.Fatalf("%s; %s", why, archtest.Reproduce(t, goarch))
					}
				}
			}
		}
	}
	t.Logf("%s: 0..%d blocks, 3 key sizes, %d entry points, %d placements", im.Name, maxN, len(aesModes(aes.FuncsOf(im))), len(aesPlaces)+2)
}

// aesCTRCarry starts the counter 1..2*width+2 blocks below a carry out of
// the low 64 bits (so the carry lands at every lane of a group and of the
// tail) under several high halves, including all ones (the 2^128 wrap),
// and below a carry out of the low 32 bits only (kernels that rewrite
// just the last word of their counter blocks), for lengths at every group
// edge.
func aesCTRCarry(t *testing.T, goarch string, im *arch.Impl, opts Options) {
	r := rand.New(rand.NewSource(11))
	w, tail, maxN := Width(im), Tail(im), aesMaxBlocks(im, opts)
	maxBack := 2*w + 2
	if w+5 > maxBack {
		maxBack = w + 5
	}
	var edges []int
	for _, n := range []int{1, 2, 3, 4, 5, 8, 9, 12, 13, 17, tail - 1, tail, tail + 1, w - 1, w, w + 1,
		w + tail, w + tail + 1, 2*w + 1, 2*w + 3, maxN} {
		if n >= 1 {
			edges = append(edges, n)
		}
	}
	var m aesMode
	for _, x := range aesModes(aes.FuncsOf(im)) {
		if x.name == "CTR" {
			m = x
		}
	}
	his := []uint64{0, 0x0123456789abcdef, r.Uint64(), 0x00ffffffffffffff, ^uint64(0)}
	for _, kl := range aesKeySizes {
		key := archtest.RandBytes(r, kl)
		b, _ := cryptoaes.NewCipher(key)
		c := aesCase{level: im.Name, k: aes.FuncsOf(im).ExpandKey(key), b: b, key: key, m: m}
		for hk, hi := range his {
			for back := 1; back <= maxBack; back++ {
				lo := -uint64(back)
				if hk%2 == 1 {
					// 32-bit carry: bits 32..63 neither all ones nor
					// zero, so bit 32 and up take the carry, not hi.
					lo = uint64(0x5a5a5a5a)<<32 | uint64(uint32(-int32(back)))
				}
				binary.BigEndian.PutUint64(c.st[:8], hi)
				binary.BigEndian.PutUint64(c.st[8:], lo)
				seen := map[int]bool{}
				for _, n := range append(edges, back+1) {
					if seen[n] {
						continue
					}
					seen[n] = true
					c.msg = archtest.RandBytes(r, 16*n)
					for _, p := range [][2]int{{0, 0}, {1, 7}, {0, 3}} {
						c.sOff, c.dOff = p[0], p[1]
						if why := c.run(); why != "" {
							t.Fatalf("%s; %s", why, archtest.Reproduce(t, goarch))
						}
					}
				}
				// The reference's counter agrees with crypto/cipher's.
				src := archtest.RandBytes(r, 16*(w+3))
				want, got := make([]byte, len(src)), make([]byte, len(src))
				cipher.NewCTR(b, c.st[:]).XORKeyStream(want, src)
				st := c.st
				aes.FuncsOf(im).CTR(c.k, &st, got, src)
				if !bytes.Equal(got, want) {
					t.Fatalf("%s AES-%d CTR from %x, %d blocks: differs from crypto/cipher: %s; %s", im.Name, 8*kl, c.st, w+3, archtest.FirstDiff(got, want), archtest.Reproduce(t, goarch))
				}
				if end := Add128(c.st, uint64(w+3)); st != end {
					t.Fatalf("%s AES-%d CTR from %x + %d blocks: counter left at %x, want %x; %s", im.Name, 8*kl, c.st, w+3, st, end, archtest.Reproduce(t, goarch))
				}
			}
		}
	}
	t.Logf("%s: CTR carry 1..%d blocks before it (out of 64 or 32 bits), %d high halves, lengths %v", im.Name, maxBack, len(his), edges)
}

// aesChunked: each chained kernel (CBC, CTR) called in whole-block pieces
// of 0..2*width+1 blocks equals one call, output and state.
func aesChunked(t *testing.T, goarch string, im *arch.Impl) {
	r := rand.New(rand.NewSource(12))
	w := Width(im)
	for _, kl := range aesKeySizes {
		key := archtest.RandBytes(r, kl)
		k := aes.FuncsOf(im).ExpandKey(key)
		for _, m := range aesModes(aes.FuncsOf(im)) {
			if !m.chained {
				continue
			}
			for _, nb := range []int{4*w + 5, 4*w + 7, 61} {
				msg := archtest.RandBytes(r, 16*nb)
				for _, carry := range []bool{false, true} {
					var st0 [16]byte
					r.Read(st0[:])
					if carry {
						st0[8] = 0xff // a carry into the high half within the message
					}
					whole := make([]byte, len(msg))
					wantSt := st0
					m.kern(k, &wantSt, whole, msg)
					for trial := 0; trial < 20; trial++ {
						got := make([]byte, len(msg))
						st := st0
						var cuts []int
						for p := 0; p < len(msg); {
							c := 16 * r.Intn(2*w+2)
							if c > len(msg)-p {
								c = len(msg) - p
							}
							m.kern(k, &st, got[p:p+c], msg[p:p+c])
							cuts = append(cuts, c/16)
							p += c
						}
						if !bytes.Equal(got, whole) || st != wantSt {
							t.Fatalf("%s %s AES-%d from %x: pieces of %v blocks differ from one call (%s; state %x want %x); %s",
								im.Name, m.name, 8*kl, st0, cuts, archtest.FirstDiff(got, whole), st, wantSt, archtest.Reproduce(t, goarch))
						}
					}
				}
			}
		}
	}
}

// aesPlainKey: ExpandKey keeps Rounds/Enc/Dec in the shared layout, and a
// key from aes.ExpandKey (no Priv) gives the same results.
func aesPlainKey(t *testing.T, goarch string, im *arch.Impl) {
	r := rand.New(rand.NewSource(13))
	for _, kl := range aesKeySizes {
		key := archtest.RandBytes(r, kl)
		mine, plain := aes.FuncsOf(im).ExpandKey(key), aes.ExpandKey(key)
		if mine.Rounds != plain.Rounds || !bytes.Equal(mine.Enc, plain.Enc) || !bytes.Equal(mine.Dec, plain.Dec) {
			t.Fatalf("%s key %x: ExpandKey changed Rounds/Enc/Dec from aes.ExpandKey's; %s", im.Name, key, archtest.Reproduce(t, goarch))
		}
		b, _ := cryptoaes.NewCipher(key)
		c := aesCase{level: im.Name + " (key without Priv)", k: plain, b: b, key: key, sOff: 8, dOff: 3}
		for _, m := range aesModes(aes.FuncsOf(im)) {
			c.m = m
			r.Read(c.st[:])
			c.msg = archtest.RandBytes(r, 16*(2*Width(im)+3))
			if why := c.run(); why != "" {
				t.Fatalf("%s; %s", why, archtest.Reproduce(t, goarch))
			}
		}
	}
}

// aesStreams drives the level through the mode layer (aes.Stream) in
// every mode, both directions, in uneven pieces, against crypto/cipher.
func aesStreams(t *testing.T, goarch string, im *arch.Impl) {
	r := rand.New(rand.NewSource(14))
	piece := 3*16*Tail(im) + 1
	for _, kl := range aesKeySizes {
		key, iv := archtest.RandBytes(r, kl), archtest.RandBytes(r, 16)
		b, _ := cryptoaes.NewCipher(key)
		msg := archtest.RandBytes(r, 16*(2*Width(im)+3))
		for _, mode := range aes.Modes {
			for _, dec := range []bool{false, true} {
				want := make([]byte, len(msg))
				switch {
				case mode == aes.ModeECB:
					for i := 0; i < len(msg); i += 16 {
						if dec {
							b.Decrypt(want[i:], msg[i:])
						} else {
							b.Encrypt(want[i:], msg[i:])
						}
					}
				case mode == aes.ModeCBC && dec:
					cipher.NewCBCDecrypter(b, iv).CryptBlocks(want, msg)
				case mode == aes.ModeCBC:
					cipher.NewCBCEncrypter(b, iv).CryptBlocks(want, msg)
				case mode == aes.ModeCTR:
					cipher.NewCTR(b, iv).XORKeyStream(want, msg)
				case mode == aes.ModeOFB:
					cipher.NewOFB(b, iv).XORKeyStream(want, msg)
				case mode == aes.ModeCFB128 && dec:
					cipher.NewCFBDecrypter(b, iv).XORKeyStream(want, msg)
				default:
					cipher.NewCFBEncrypter(b, iv).XORKeyStream(want, msg)
				}
				ivArg := iv
				if mode == aes.ModeECB {
					ivArg = nil
				}
				s, err := aes.NewStream(aes.FuncsOf(im), mode, dec, key, ivArg)
				if err != nil {
					t.Fatalf("%s %s: %v", im.Name, mode, err)
				}
				got := make([]byte, len(msg))
				var cuts []int
				for p := 0; p < len(msg); {
					c := r.Intn(piece)
					if mode == aes.ModeECB || mode == aes.ModeCBC {
						c &^= 15
					}
					if c > len(msg)-p {
						c = len(msg) - p
					}
					if err := s.Crypt(got[p:p+c], msg[p:p+c]); err != nil {
						t.Fatalf("%s %s: %v", im.Name, mode, err)
					}
					cuts = append(cuts, c)
					p += c
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("%s %s decrypt=%v AES-%d through AESStream in pieces %v: %s; %s",
						im.Name, mode, dec, 8*kl, cuts, archtest.FirstDiff(got, want), archtest.Reproduce(t, goarch))
				}
			}
		}
	}
}

// aesChains: 257-block CBC chains built from one-block Encrypt calls
// against crypto/cipher, and one 257-block Decrypt call undoing them.
func aesChains(t *testing.T, goarch string, im *arch.Impl) {
	r := rand.New(rand.NewSource(15))
	for _, kl := range aesKeySizes {
		key, iv := archtest.RandBytes(r, kl), archtest.RandBytes(r, 16)
		k := aes.FuncsOf(im).ExpandKey(key)
		b, _ := cryptoaes.NewCipher(key)
		msg := archtest.RandBytes(r, 16*257)
		want := make([]byte, len(msg))
		cipher.NewCBCEncrypter(b, iv).CryptBlocks(want, msg)
		got := make([]byte, len(msg))
		prev := iv
		for i := 0; i < len(msg); i += 16 {
			var x [16]byte
			for j := range x {
				x[j] = msg[i+j] ^ prev[j]
			}
			aes.FuncsOf(im).Encrypt(k, got[i:i+16], x[:])
			prev = got[i : i+16]
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("%s AES-%d: CBC over one-block Encrypt calls (257 blocks): %s; %s", im.Name, 8*kl, archtest.FirstDiff(got, want), archtest.Reproduce(t, goarch))
		}
		dec := make([]byte, len(msg))
		aes.FuncsOf(im).Decrypt(k, dec, got)
		for i := range dec {
			p := iv[i%16]
			if i >= 16 {
				p = got[i-16]
			}
			dec[i] ^= p
		}
		if !bytes.Equal(dec, msg) {
			t.Fatalf("%s AES-%d: one Decrypt call over 257 chained blocks: %s; %s", im.Name, 8*kl, archtest.FirstDiff(dec, msg), archtest.Reproduce(t, goarch))
		}
	}
}

// aesGuardPages puts src and dst flush against PROT_NONE pages (at a
// page's start, at its end and 1, 4, 8 bytes before it) and dst just below
// src in one page, out of place and in place, so a kernel that reads or
// writes one byte outside its buffers (a whole-register tail, a "previous
// block" load) dies with SIGSEGV instead of passing.
func aesGuardPages(t *testing.T, goarch string, im *arch.Impl) {
	pages, release, err := archtest.GuardedPages(2)
	if err != nil {
		archtest.NoGuardPages(t, err)
	}
	defer release()
	sPage, dPage := pages[0], pages[1]
	pg := len(sPage)
	r := rand.New(rand.NewSource(16))
	key := archtest.RandBytes(r, 32)
	b, _ := cryptoaes.NewCipher(key)
	k := aes.FuncsOf(im).ExpandKey(key)
	maxN := Width(im) + Tail(im) + 5
	if maxN < 20 {
		maxN = 20
	}
	for nb := 0; nb <= maxN; nb++ {
		n := 16 * nb
		if 2*n+8+8 > pg {
			break
		}
		msg := archtest.RandBytes(r, n)
		var st0 [16]byte
		r.Read(st0[:])
		for _, m := range aesModes(aes.FuncsOf(im)) {
			want := make([]byte, n)
			wantSt := st0
			m.ref(b, &wantSt, want, msg)
			type place struct {
				what     string
				src, dst []byte
			}
			places := []place{{"at page start", sPage[:n], dPage[:n]}}
			for _, e := range []int{0, 1, 4, 8} {
				places = append(places,
					place{fmt.Sprintf("ending %d bytes before a guard page", e), sPage[pg-e-n : pg-e], dPage[pg-e-n : pg-e]},
					place{fmt.Sprintf("src ending %d bytes before a guard page, dst 8 bytes below it", e), sPage[pg-e-n : pg-e], sPage[pg-e-2*n-8 : pg-e-n-8]})
			}
			for _, p := range places {
				copy(p.src, msg)
				st := st0
				m.kern(k, &st, p.dst, p.src)
				if !bytes.Equal(p.dst, want) || st != wantSt {
					t.Fatalf("%s %s AES-256, %d blocks %s: wrong output or state (%s); %s", im.Name, m.name, nb, p.what, archtest.FirstDiff(p.dst, want), archtest.Reproduce(t, goarch))
				}
				copy(p.src, msg)
				st = st0
				m.kern(k, &st, p.src, p.src)
				if !bytes.Equal(p.src, want) || st != wantSt {
					t.Fatalf("%s %s AES-256, %d blocks in place %s: wrong output or state (%s); %s", im.Name, m.name, nb, p.what, archtest.FirstDiff(p.src, want), archtest.Reproduce(t, goarch))
				}
			}
		}
	}
}

// BadInput checks that every entry point of a level refuses what its
// kernel would misread (lengths that are not equal multiples of 16, 11
// rounds, a schedule too short for its rounds) with a panic naming the
// level. The checks come before any kernel runs, so it is safe to call
// for a level the CPU cannot run.
func BadInput(t *testing.T, im *arch.Impl) {
	k := aes.FuncsOf(im).ExpandKey(make([]byte, 16))
	// The bad keys have no Priv: a level's private schedule (complete in
	// itself) may rightly ignore a truncated Enc.
	bad := *aes.ExpandKey(make([]byte, 16))
	bad.Rounds = 11
	short := bad
	short.Rounds = 10
	short.Enc = short.Enc[:16*10] // both, as decryption reads Dec
	short.Dec = short.Dec[:16*10]
	for _, m := range aesModes(aes.FuncsOf(im)) {
		m := m
		var st [16]byte
		cases := []struct {
			what string
			fn   func()
		}{
			{"11 rounds", func() { m.kern(&bad, &st, make([]byte, 16), make([]byte, 16)) }},
			{"short schedule", func() { m.kern(&short, &st, make([]byte, 16), make([]byte, 16)) }},
		}
		for _, l := range [][2]int{{15, 15}, {32, 16}, {16, 32}, {17, 17}} {
			l := l
			cases = append(cases, struct {
				what string
				fn   func()
			}{fmt.Sprintf("len(dst)=%d len(src)=%d", l[0], l[1]), func() { m.kern(k, &st, make([]byte, l[0]), make([]byte, l[1])) }})
		}
		for _, c := range cases {
			func() {
				defer func() {
					if e := recover(); e == nil {
						t.Errorf("%s %s: %s accepted, want a panic", im.Name, m.name, c.what)
					} else if !strings.Contains(fmt.Sprint(e), im.Name) {
						t.Errorf("%s %s: %s: panic %q does not name the level", im.Name, m.name, c.what, e)
					}
				}()
				c.fn()
			}()
		}
	}
}
