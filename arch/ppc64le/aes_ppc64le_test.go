package ppc64le

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// aesAsmLevels must be registered whenever the package is built with gc.
var aesAsmLevels = []string{"aes/power8"}

var aesKeySizes = []int{16, 24, 32}

func TestAESLevelsRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: Go assembly levels are not built", runtime.Compiler)
		return
	}
	for _, name := range aesAsmLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		f := im.AES
		if im.Arch != "ppc64le" || im.Alg != arch.AES || im.Planted || f == nil ||
			f.Expand == nil || f.Encrypt == nil || f.Decrypt == nil ||
			f.CBCEncrypt == nil || f.CBCDecrypt == nil || f.CTR == nil {
			t.Errorf("%s registered with bad fields: %+v", name, im)
			continue
		}
		req := strings.Join(im.Requires, ",")
		if req != "power8,vcrypto" || im.Rank != 30 {
			t.Errorf("%s: Requires %q Rank %d, want power8,vcrypto and 30", name, req, im.Rank)
		}
		for _, k := range []string{"ecb_interleave", "cbcdec_interleave", "ctr_interleave", "cbcenc_interleave", "tail_step"} {
			if im.Tuning[k] <= 0 {
				t.Errorf("%s: Tuning[%q] = %d", name, k, im.Tuning[k])
			}
		}
	}
}

func TestAESProbeRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: the vcipher probe is Go assembly", runtime.Compiler)
		return
	}
	var p *arch.Probe
	for _, q := range arch.Probes() {
		q := q
		if q.Feature == "vcrypto" && q.Instr == "vcipher" {
			p = &q
		}
	}
	if p == nil || p.Run == nil {
		t.Fatal("no vcrypto/vcipher probe registered")
	}
	if !arch.Detect()["vcrypto"] {
		t.Skip("vcrypto not detected: the probe would trap")
	}
	want, got := p.Run()
	if len(want) == 0 || !bytes.Equal(want, got) {
		t.Fatalf("vcipher not faithfully executed:\n got %x\nwant %x", got, want)
	}
}

// aesLevels returns this package's AES levels that can run here and logs
// the others; with none runnable the test is skipped, saying why.
func aesLevels(t *testing.T) []*arch.Impl {
	st := arch.State{Detected: arch.Detect()}
	var out []*arch.Impl
	var why []string
	for _, im := range arch.Impls() {
		if im.Alg != arch.AES || im.Arch != "ppc64le" || im.Planted {
			continue
		}
		if w := st.Missing(im); w != "" {
			why = append(why, im.Name+": "+w)
			t.Logf("skip %s: %s", im.Name, w)
			continue
		}
		out = append(out, im)
	}
	if len(out) == 0 {
		t.Skipf("no ppc64le AES level runs here (compiler %s): %v", runtime.Compiler, why)
	}
	return out
}

// aesWidth is the widest interleave a level declares (at least 1).
func aesWidth(im *arch.Impl) int {
	w := 1
	for k, v := range im.Tuning {
		if strings.HasSuffix(k, "_interleave") && v > w {
			w = v
		}
	}
	return w
}

// add128 returns c + n as a 128-bit big-endian integer, wrapping.
func add128(c [16]byte, n uint64) [16]byte {
	hi, lo := binary.BigEndian.Uint64(c[:8]), binary.BigEndian.Uint64(c[8:])
	lo2 := lo + n
	if lo2 < lo {
		hi++
	}
	binary.BigEndian.PutUint64(c[:8], hi)
	binary.BigEndian.PutUint64(c[8:], lo2)
	return c
}

// aesMode is one kernel entry point with its reference. st is the IV or
// counter (unused by ECB) and both must leave it as the mode defines.
type aesMode struct {
	name string
	kern func(k *arch.AESKey, st *[16]byte, dst, src []byte)
	ref  func(b cipher.Block, st *[16]byte, dst, src []byte)
}

func aesModes(f *arch.AESFuncs) []aesMode {
	return []aesMode{
		{"ECB-enc", func(k *arch.AESKey, _ *[16]byte, d, s []byte) { f.Encrypt(k, d, s) },
			func(b cipher.Block, _ *[16]byte, d, s []byte) {
				for i := 0; i < len(s); i += 16 {
					b.Encrypt(d[i:i+16], s[i:i+16])
				}
			}},
		{"ECB-dec", func(k *arch.AESKey, _ *[16]byte, d, s []byte) { f.Decrypt(k, d, s) },
			func(b cipher.Block, _ *[16]byte, d, s []byte) {
				for i := 0; i < len(s); i += 16 {
					b.Decrypt(d[i:i+16], s[i:i+16])
				}
			}},
		{"CBC-enc", f.CBCEncrypt, func(b cipher.Block, iv *[16]byte, d, s []byte) {
			cipher.NewCBCEncrypter(b, iv[:]).CryptBlocks(d, s)
			if len(d) > 0 {
				copy(iv[:], d[len(d)-16:])
			}
		}},
		{"CBC-dec", f.CBCDecrypt, func(b cipher.Block, iv *[16]byte, d, s []byte) {
			var last [16]byte
			if len(s) > 0 {
				copy(last[:], s[len(s)-16:])
			}
			cipher.NewCBCDecrypter(b, iv[:]).CryptBlocks(d, s)
			if len(s) > 0 {
				*iv = last
			}
		}},
		// The CTR reference encrypts the counters itself so that the
		// 128-bit increment under test is add128, not crypto/cipher's.
		{"CTR", f.CTR, func(b cipher.Block, ctr *[16]byte, d, s []byte) {
			var ks [16]byte
			for i := 0; i < len(s); i += 16 {
				b.Encrypt(ks[:], ctr[:])
				for j := 0; j < 16; j++ {
					d[i+j] = s[i+j] ^ ks[j]
				}
				*ctr = add128(*ctr, 1)
			}
		}},
	}
}

// placement of dst and src inside guarded buffers.
type aesPlace struct {
	srcOff, dstOff int
	inPlace        bool
}

var aesPlaces = []aesPlace{
	{0, 0, false}, {1, 7, false}, {8, 3, false}, {15, 12, false},
	{0, 0, true}, {5, 5, true}, {11, 11, true},
}

const aesGuard = 32

// aesRunCase runs one mode on n blocks at placement p with start state st
// and compares output, final state, input and the bytes around dst.
func aesRunCase(k *arch.AESKey, b cipher.Block, m aesMode, r *rand.Rand, n int, p aesPlace, st [16]byte) error {
	size := 16 * n
	in := make([]byte, size)
	r.Read(in)
	want := make([]byte, size)
	wantSt := st
	m.ref(b, &wantSt, want, in)

	sbuf := make([]byte, size+2*aesGuard)
	for i := range sbuf {
		sbuf[i] = 0xa5
	}
	src := sbuf[aesGuard+p.srcOff : aesGuard+p.srcOff+size]
	copy(src, in)
	dbuf, dst := sbuf, src
	if !p.inPlace {
		dbuf = make([]byte, size+2*aesGuard)
		for i := range dbuf {
			dbuf[i] = 0x5a
		}
		dst = dbuf[aesGuard+p.dstOff : aesGuard+p.dstOff+size]
	}
	poison := append([]byte(nil), dbuf...)
	gotSt := st
	m.kern(k, &gotSt, dst, src)

	where := fmt.Sprintf("%s %d-bit key, %d blocks, src+%d dst+%d in-place=%v, state %x",
		m.name, 32*(k.Rounds-6), n, p.srcOff, p.dstOff, p.inPlace, st)
	if !bytes.Equal(dst, want) {
		for i := 0; i < n; i++ {
			if !bytes.Equal(dst[16*i:16*i+16], want[16*i:16*i+16]) {
				return fmt.Errorf("%s: first wrong block %d: got %x want %x", where, i, dst[16*i:16*i+16], want[16*i:16*i+16])
			}
		}
	}
	if gotSt != wantSt {
		return fmt.Errorf("%s: final iv/ctr %x, want %x", where, gotSt, wantSt)
	}
	dOff := aesGuard + p.dstOff
	if p.inPlace {
		dOff = aesGuard + p.srcOff
	}
	for i := range dbuf {
		if (i < dOff || i >= dOff+size) && dbuf[i] != poison[i] {
			return fmt.Errorf("%s: byte %d outside dst changed (%#x -> %#x)", where, i-dOff, poison[i], dbuf[i])
		}
	}
	if !p.inPlace && !bytes.Equal(src, in) {
		return fmt.Errorf("%s: src modified", where)
	}
	return nil
}

// TestAESModesMatchStdlib: every mode, key size, length 0..3*width+1
// blocks (partial groups, one block, zero blocks, several groups) and
// placement, against crypto/aes and crypto/cipher.
func TestAESModesMatchStdlib(t *testing.T) {
	for _, im := range aesLevels(t) {
		im := im
		t.Run(im.Name, func(t *testing.T) {
			r := rand.New(rand.NewSource(10))
			maxN := 3*aesWidth(im) + 1
			for _, ks := range aesKeySizes {
				key := make([]byte, ks)
				r.Read(key)
				k := im.AES.ExpandKey(key)
				b, err := aes.NewCipher(key)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range aesModes(im.AES) {
					for n := 0; n <= maxN; n++ {
						for _, p := range aesPlaces {
							var st [16]byte
							r.Read(st[:])
							if err := aesRunCase(k, b, m, r, n, p, st); err != nil {
								t.Fatalf("%s, key %x: %v", im.Name, key, err)
							}
						}
					}
				}
			}
		})
	}
}

// TestAESCTRCarry: counters whose low 64 bits wrap at every position of an
// interleave group and of the tail, and counters near 2^128-1 that wrap to 0.
func TestAESCTRCarry(t *testing.T) {
	for _, im := range aesLevels(t) {
		im := im
		t.Run(im.Name, func(t *testing.T) {
			r := rand.New(rand.NewSource(11))
			w := aesWidth(im)
			var ctrs [][16]byte
			for j := uint64(1); j <= uint64(w)+2; j++ {
				var c [16]byte
				r.Read(c[:8])
				binary.BigEndian.PutUint64(c[8:], -j) // 2^64 - j
				ctrs = append(ctrs, c)
				var all [16]byte
				binary.BigEndian.PutUint64(all[:8], ^uint64(0))
				binary.BigEndian.PutUint64(all[8:], -j) // 2^128 - j
				ctrs = append(ctrs, all)
			}
			var lowMax [16]byte // high half 0x00ff.., low half all ones
			binary.BigEndian.PutUint64(lowMax[:8], 0x00ffffffffffffff)
			binary.BigEndian.PutUint64(lowMax[8:], ^uint64(0))
			ctrs = append(ctrs, lowMax)
			modes := aesModes(im.AES)
			ctr := modes[len(modes)-1]
			for _, ks := range aesKeySizes {
				key := make([]byte, ks)
				r.Read(key)
				k := im.AES.ExpandKey(key)
				b, _ := aes.NewCipher(key)
				for _, c := range ctrs {
					for _, n := range []int{1, 2, w - 1, w, w + 1, 2*w + 3} {
						if err := aesRunCase(k, b, ctr, r, n, aesPlaces[1], c); err != nil {
							t.Fatalf("key %x: %v", key, err)
						}
					}
					// The reference's counter agrees with crypto/cipher's.
					src := make([]byte, 16*(w+3))
					want, got := make([]byte, len(src)), make([]byte, len(src))
					cipher.NewCTR(b, c[:]).XORKeyStream(want, src)
					st := c
					im.AES.CTR(k, &st, got, src)
					if !bytes.Equal(got, want) {
						t.Fatalf("key %x ctr %x: differs from crypto/cipher CTR", key, c)
					}
					if end := add128(c, uint64(w+3)); st != end {
						t.Fatalf("ctr %x + %d: left %x, want %x", c, w+3, st, end)
					}
				}
			}
		})
	}
}

// TestAESChunked: CBC and CTR called in whole-block pieces (including
// empty ones) equal one call, so the chaining state is carried right.
func TestAESChunked(t *testing.T) {
	for _, im := range aesLevels(t) {
		im := im
		t.Run(im.Name, func(t *testing.T) {
			r := rand.New(rand.NewSource(12))
			w := aesWidth(im)
			msg := make([]byte, 16*(4*w+5))
			r.Read(msg)
			for _, ks := range aesKeySizes {
				key := make([]byte, ks)
				r.Read(key)
				k := im.AES.ExpandKey(key)
				for _, m := range aesModes(im.AES)[2:] {
					var st0 [16]byte
					r.Read(st0[:])
					want := make([]byte, len(msg))
					wantSt := st0
					m.kern(k, &wantSt, want, msg)
					for trial := 0; trial < 20; trial++ {
						got := make([]byte, len(msg))
						st := st0
						var sizes []int
						for off := 0; off < len(msg); {
							n := 16 * r.Intn(2*w+2)
							if off+n > len(msg) {
								n = len(msg) - off
							}
							m.kern(k, &st, got[off:off+n], msg[off:off+n])
							sizes = append(sizes, n/16)
							off += n
						}
						if !bytes.Equal(got, want) || st != wantSt {
							t.Fatalf("%s key %d bytes: chunks of %v blocks differ from one call", m.name, ks, sizes)
						}
					}
				}
			}
		})
	}
}

// TestAESKeyLayouts: Expand keeps Enc/Dec in the shared layout, and a key
// expanded by arch.ExpandAESKey (no Priv) gives the same results.
func TestAESKeyLayouts(t *testing.T) {
	for _, im := range aesLevels(t) {
		im := im
		t.Run(im.Name, func(t *testing.T) {
			r := rand.New(rand.NewSource(13))
			for _, ks := range aesKeySizes {
				key := make([]byte, ks)
				r.Read(key)
				mine, plain := im.AES.ExpandKey(key), arch.ExpandAESKey(key)
				if mine.Rounds != plain.Rounds || !bytes.Equal(mine.Enc, plain.Enc) || !bytes.Equal(mine.Dec, plain.Dec) {
					t.Fatalf("key %x: Expand changed Rounds/Enc/Dec", key)
				}
				b, _ := aes.NewCipher(key)
				for _, m := range aesModes(im.AES) {
					var st [16]byte
					r.Read(st[:])
					if err := aesRunCase(plain, b, m, r, 2*aesWidth(im)+3, aesPlaces[2], st); err != nil {
						t.Fatalf("key without Priv: %v", err)
					}
				}
			}
		})
	}
}

// TestAESFIPS197: the Appendix C examples, one block through ECB and as
// the first block of a multi-block call.
func TestAESFIPS197(t *testing.T) {
	pt, _ := hex.DecodeString("00112233445566778899aabbccddeeff")
	cases := []struct{ key, ct string }{
		{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
		{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
		{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
	}
	for _, im := range aesLevels(t) {
		for _, c := range cases {
			key, _ := hex.DecodeString(c.key)
			k := im.AES.ExpandKey(key)
			for _, n := range []int{1, aesWidth(im)} {
				src := bytes.Repeat(pt, n)
				got := make([]byte, len(src))
				im.AES.Encrypt(k, got, src)
				if hex.EncodeToString(got[:16]) != c.ct || !bytes.Equal(got, bytes.Repeat(got[:16], n)) {
					t.Errorf("%s key %s, %d blocks: got %x want %s", im.Name, c.key, n, got[:16], c.ct)
				}
				im.AES.Decrypt(k, got, got)
				if !bytes.Equal(got, src) {
					t.Errorf("%s key %s, %d blocks: decrypt gave %x", im.Name, c.key, n, got[:16])
				}
			}
		}
	}
}

// TestAESBadLengths: the entry points refuse lengths that would make the
// kernel run past a buffer, with a message naming the level.
func TestAESBadLengths(t *testing.T) {
	for _, im := range aesLevels(t) {
		k := im.AES.ExpandKey(make([]byte, 16))
		var st [16]byte
		for _, m := range aesModes(im.AES) {
			for _, l := range [][2]int{{15, 15}, {32, 16}, {16, 32}, {17, 17}} {
				func() {
					defer func() {
						if e := recover(); e == nil || !strings.Contains(fmt.Sprint(e), im.Name) {
							t.Errorf("%s %s len(dst)=%d len(src)=%d: recovered %v, want a panic naming the level", im.Name, m.name, l[0], l[1], e)
						}
					}()
					m.kern(k, &st, make([]byte, l[0]), make([]byte, l[1]))
				}()
			}
		}
	}
}
