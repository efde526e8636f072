//go:build gc

package arm64

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha512"
	"github.com/xarchlab/xarch/family/sha512/sha512test"
)

// fipsRound512 is one SHA-512 round as FIPS 180-4 6.4.2 writes it, on
// s = a..h; written apart from the instruction models on purpose.
func fipsRound512(s [8]uint64, kw uint64) [8]uint64 {
	t1 := s[7] + sum1w64(s[4]) + chw64(s[4], s[5], s[6]) + kw
	t2 := sum0w64(s[0]) + majw64(s[0], s[1], s[2])
	return [8]uint64{t1 + t2, s[0], s[1], s[2], s[3] + t1, s[4], s[5], s[6]}
}

// TestSHA512ProbeModelRounds holds SHA512H and SHA512H2's models to two
// plain rounds of SHA-512("abc"): H2's result is {a, b} after them and the
// sum of H's result with {c, d} is {e, f}.
func TestSHA512ProbeModelRounds(t *testing.T) {
	in := sha512ProbeInput()
	s := sha512.Variants[1].Init
	s = fipsRound512(s, 0x6162638000000000+sha512.K[0])
	s = fipsRound512(s, sha512.K[1])
	out := sha512ProbeWant(in)
	ab := out[1]
	ef := [2]uint64{in[3][0] + out[0][0], in[3][1] + out[0][1]}
	if ab != [2]uint64{s[0], s[1]} || ef != [2]uint64{s[4], s[5]} {
		t.Fatalf("models after 2 rounds of \"abc\": ab %016x ef %016x, FIPS 180-4 rounds give %016x %016x",
			ab, ef, s[0:2], s[4:6])
	}
	// The schedule models against the FIPS recurrence for W[16], W[17]
	// with W[0..15] = K[16..31] shifted so that the probe's groups line up.
	var w [18]uint64
	for i := 0; i < 16; i++ {
		w[i] = sha512.K[16+i]
	}
	for i := 16; i < 18; i++ {
		w[i] = sig1w64(w[i-2]) + w[i-7] + sig0w64(w[i-15]) + w[i-16]
	}
	su0 := sha512su0Model([2]uint64{w[0], w[1]}, [2]uint64{w[2], w[3]})
	su1 := sha512su1Model(su0, [2]uint64{w[14], w[15]}, [2]uint64{w[9], w[10]})
	if su1 != [2]uint64{w[16], w[17]} {
		t.Fatalf("schedule models: %016x, FIPS 180-4 says %016x", su1, w[16:18])
	}
}

// sha512ModelBlock is a whole compression built only from the models, with
// the same operands, lane swaps and register rotation as sha512/sha512's
// assembly, so digests of whole messages test every model lane and the
// kernel's data flow at once.
func sha512ModelBlock(h *[8]uint64, p []byte) {
	ext8 := func(n, m [2]uint64) [2]uint64 { return [2]uint64{n[1], m[0]} } // EXT #8
	add := func(x, y [2]uint64) [2]uint64 { return [2]uint64{x[0] + y[0], x[1] + y[1]} }
	for ; len(p) >= 128; p = p[128:] {
		var w [8][2]uint64 // W pairs, rotating
		for i := 0; i < 16; i++ {
			w[i/2][i%2] = binary.BigEndian.Uint64(p[8*i:])
		}
		ab := [2]uint64{h[0], h[1]}
		cd := [2]uint64{h[2], h[3]}
		ef := [2]uint64{h[4], h[5]}
		gh := [2]uint64{h[6], h[7]}
		for i := 0; i < 40; i++ {
			k := [2]uint64{sha512.K[2*i], sha512.K[2*i+1]}
			kw := add(k, w[i%8])
			if i < 32 {
				su0 := sha512su0Model(w[i%8], w[(i+1)%8])
				w[i%8] = sha512su1Model(su0, w[(i+7)%8], ext8(w[(i+4)%8], w[(i+5)%8]))
			}
			kw = ext8(kw, kw)
			fg := ext8(ef, gh)
			de := ext8(cd, ef)
			t1 := sha512hModel(add(kw, gh), fg, de)
			nef := add(t1, cd)
			nab := sha512h2Model(t1, cd, ab)
			ab, cd, ef, gh = nab, ab, nef, ef
		}
		for i := 0; i < 2; i++ {
			h[i] += ab[i]
			h[2+i] += cd[i]
			h[4+i] += ef[i]
			h[6+i] += gh[i]
		}
	}
}

// sha512FromBlock hashes messages of several lengths ("abc" among them)
// in every SHA-512 variant with block as the compression function and
// requires crypto/sha512's digests (the SHA-512 twin of
// sha256test.FromBlock).
func sha512FromBlock(t *testing.T, what string, block func(h *[8]uint64, p []byte)) {
	t.Helper()
	for _, n := range []int{0, 3, 111, 112, 128, 300} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(i*7 + n)
		}
		if n == 3 {
			msg = []byte("abc")
		}
		for _, v := range sha512.Variants {
			if got, want := sha512.Sum(block, v, msg), sha512test.Want(v.Name, msg); !bytes.Equal(got, want) {
				t.Fatalf("%s of %d bytes from %s = %x, want %x", v.Name, n, what, got, want)
			}
		}
	}
}

func TestSHA512ProbeModelDigest(t *testing.T) {
	sha512FromBlock(t, "the SHA512H/H2/SU0/SU1 models", sha512ModelBlock)
}

// TestSHA512Probe runs the registered probe where the feature is present:
// four 16-byte results.
func TestSHA512Probe(t *testing.T) { archtest.Probe(t, "sha512", "sha512h", 64) }
