package aes_test

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

	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/oracle/ref"
)

// stdFuncs is an AESFuncs over crypto/aes, so the mode layer is checked
// against a cipher it does not share code with. With kernels set it also
// provides CBC/CTR multi-block entry points and counts their calls, to
// check that the layer drives them.
type stdFuncs struct {
	cbcEnc, cbcDec, ctr int
}

func blockOf(k *aes.Key) cipher.Block { return k.Priv.(cipher.Block) }

func (s *stdFuncs) funcs(kernels bool) *aes.Funcs {
	f := &aes.Funcs{
		Expand: func(key []byte) *aes.Key {
			k := aes.ExpandKey(key)
			b, err := cryptoaes.NewCipher(key)
			if err != nil {
				panic(err)
			}
			k.Priv = b
			return k
		},
		Encrypt: func(k *aes.Key, dst, src []byte) {
			for i := 0; i < len(src); i += 16 {
				blockOf(k).Encrypt(dst[i:i+16], src[i:i+16])
			}
		},
		Decrypt: func(k *aes.Key, dst, src []byte) {
			for i := 0; i < len(src); i += 16 {
				blockOf(k).Decrypt(dst[i:i+16], src[i:i+16])
			}
		},
	}
	if kernels {
		f.CBCEncrypt = func(k *aes.Key, iv *[16]byte, dst, src []byte) {
			s.cbcEnc++
			cipher.NewCBCEncrypter(blockOf(k), iv[:]).CryptBlocks(dst, src)
			if len(dst) > 0 {
				copy(iv[:], dst[len(dst)-16:])
			}
		}
		f.CBCDecrypt = func(k *aes.Key, iv *[16]byte, dst, src []byte) {
			s.cbcDec++
			var next [16]byte
			if len(src) > 0 {
				copy(next[:], src[len(src)-16:])
			} else {
				next = *iv
			}
			cipher.NewCBCDecrypter(blockOf(k), iv[:]).CryptBlocks(dst, src)
			*iv = next
		}
		f.CTR = func(k *aes.Key, ctr *[16]byte, dst, src []byte) {
			s.ctr++
			cipher.NewCTR(blockOf(k), ctr[:]).XORKeyStream(dst, src)
			for i := 0; i < len(src)/16; i++ {
				aes.IncCounter(ctr)
			}
		}
	}
	return f
}

// reference runs one mode with crypto/cipher over the whole message.
func reference(t *testing.T, mode string, decrypt bool, key, iv, src []byte) []byte {
	out, err := ref.AESCrypt(mode, decrypt, key, iv, src)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

type level struct {
	name string
	f    *aes.Funcs
	std  *stdFuncs
}

func levels() []level {
	plain, kern := &stdFuncs{}, &stdFuncs{}
	return []level{
		{"stdlib-ecb-only", plain.funcs(false), plain},
		{"stdlib-with-kernels", kern.funcs(true), kern},
		{"generic", &aes.Funcs{Encrypt: aes.GenericEncrypt, Decrypt: aes.GenericDecrypt}, nil},
	}
}

// splits cuts n bytes into pieces; block-only modes get whole blocks.
func splits(r *rand.Rand, n int, blocks bool) []int {
	var out []int
	for n > 0 {
		p := 1 + r.Intn(70)
		if blocks {
			p = 16 * (1 + r.Intn(5))
		}
		if r.Intn(8) == 0 {
			p = 0 // empty calls must not disturb the state
		}
		if p > n {
			p = n
		}
		out = append(out, p)
		n -= p
	}
	return out
}

func TestModesMatchCryptoCipher(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	for _, lv := range levels() {
		for _, mode := range aes.Modes {
			blocks := mode == aes.ModeECB || mode == aes.ModeCBC
			for _, klen := range []int{16, 24, 32} {
				for _, decrypt := range []bool{false, true} {
					for trial := 0; trial < 12; trial++ {
						key := randBytes(r, klen)
						var iv []byte
						if mode != aes.ModeECB {
							iv = randBytes(r, 16)
						}
						n := r.Intn(40 * 16)
						if trial < 3 {
							n = []int{0, 16, 16 * aesBatchPlus}[trial]
						}
						if blocks {
							n &^= 15
						}
						src := randBytes(r, n)
						want := reference(t, mode, decrypt, key, iv, src)
						name := fmt.Sprintf("%s %s decrypt=%v key=%d len=%d", lv.name, mode, decrypt, klen, n)

						// One call, out of place.
						s := mustStream(t, lv.f, mode, decrypt, key, iv)
						got := make([]byte, n)
						if err := s.Crypt(got, src); err != nil {
							t.Fatalf("%s: %v", name, err)
						}
						if !bytes.Equal(got, want) {
							t.Fatalf("%s: one call:\n got %x\nwant %x", name, got, want)
						}
						// In place, in pieces.
						s = mustStream(t, lv.f, mode, decrypt, key, iv)
						buf := append([]byte(nil), src...)
						off := 0
						pieces := splits(r, n, blocks)
						for _, p := range pieces {
							if err := s.Crypt(buf[off:off+p], buf[off:off+p]); err != nil {
								t.Fatalf("%s: piece %d at %d: %v", name, p, off, err)
							}
							off += p
						}
						if !bytes.Equal(buf, want) {
							t.Fatalf("%s: in place, pieces %v:\n got %x\nwant %x", name, pieces, buf, want)
						}
					}
				}
			}
		}
		if lv.std != nil && lv.f.CTR != nil && (lv.std.cbcEnc == 0 || lv.std.cbcDec == 0 || lv.std.ctr == 0) {
			t.Errorf("%s: optional kernels were not used: %+v", lv.name, *lv.std)
		}
	}
}

// aesBatchPlus is more blocks than the layer batches at once (32), so
// batch boundaries are crossed.
const aesBatchPlus = 37

// TestCTRCounterCarry checks the 128-bit big-endian increment: a carry out
// of the low 64 bits reaches the high half, and the top wraps to zero.
func TestCTRCounterCarry(t *testing.T) {
	key := mustHex("2b7e151628aed2a6abf7158809cf4f3c")
	b, _ := cryptoaes.NewCipher(key)
	for _, c := range []struct{ iv, next string }{
		{"0000000000000001fffffffffffffffe", "00000000000000020000000000000001"},
		{"00000000000000ffffffffffffffffff", "00000000000001000000000000000002"},
		{"ffffffffffffffffffffffffffffffff", "00000000000000000000000000000002"},
	} {
		for _, lv := range levels() {
			iv := mustHex(c.iv)
			s := mustStream(t, lv.f, aes.ModeCTR, false, key, iv)
			zero := make([]byte, 3*16)
			got := make([]byte, len(zero))
			// 20 bytes, then the rest: the carry happens inside a call and
			// across the partial-block boundary.
			if err := s.Crypt(got[:20], zero[:20]); err != nil {
				t.Fatal(err)
			}
			if err := s.Crypt(got[20:], zero[20:]); err != nil {
				t.Fatal(err)
			}
			// Expected keystream: E(iv), E(iv+1), E(iv+2) with the counters
			// written out independently of IncCounter.
			ctr := new(bigCounter).set(iv)
			want := make([]byte, len(zero))
			for i := 0; i < 3; i++ {
				b.Encrypt(want[16*i:], ctr.bytes())
				ctr.inc()
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s iv %s: keystream\n got %x\nwant %x", lv.name, c.iv, got, want)
			}
			if reg := s.Register(); hex.EncodeToString(reg[:]) != c.next {
				t.Errorf("%s iv %s: next counter %x, want %s", lv.name, c.iv, reg, c.next)
			}
		}
	}
}

// bigCounter is a 128-bit counter as two uint64 halves.
type bigCounter struct{ hi, lo uint64 }

func (c *bigCounter) set(b []byte) *bigCounter {
	for i := 0; i < 8; i++ {
		c.hi = c.hi<<8 | uint64(b[i])
		c.lo = c.lo<<8 | uint64(b[8+i])
	}
	return c
}

func (c *bigCounter) inc() {
	c.lo++
	if c.lo == 0 {
		c.hi++
	}
}

func (c *bigCounter) bytes() []byte {
	out := make([]byte, 16)
	for i := 0; i < 8; i++ {
		out[i] = byte(c.hi >> (56 - 8*uint(i)))
		out[8+i] = byte(c.lo >> (56 - 8*uint(i)))
	}
	return out
}

// TestStreamStateBetweenCalls checks that the register is what the next
// call chains from (CBC last ciphertext, OFB last output block).
func TestStreamStateBetweenCalls(t *testing.T) {
	key, iv := mustHex("2b7e151628aed2a6abf7158809cf4f3c"), mustHex("000102030405060708090a0b0c0d0e0f")
	for _, lv := range levels() {
		s := mustStream(t, lv.f, aes.ModeCBC, false, key, iv)
		out := make([]byte, 32)
		s.Crypt(out, make([]byte, 32))
		if reg := s.Register(); !bytes.Equal(reg[:], out[16:]) {
			t.Errorf("%s: CBC register %x, want last ciphertext %x", lv.name, reg, out[16:])
		}
		s = mustStream(t, lv.f, aes.ModeOFB, false, key, iv)
		s.Crypt(out, make([]byte, 32))
		if reg := s.Register(); !bytes.Equal(reg[:], out[16:]) {
			t.Errorf("%s: OFB register %x, want last output block %x", lv.name, reg, out[16:])
		}
	}
}

func TestStreamErrors(t *testing.T) {
	f := levels()[2].f
	key, iv := make([]byte, 16), make([]byte, 16)
	for _, c := range []struct {
		mode     string
		key, iv  []byte
		wantText string
	}{
		{"ecb", make([]byte, 15), nil, "key must be 16, 24 or 32 bytes, got 15"},
		{"ecb", key, iv, "ECB takes no IV"},
		{"cbc", key, nil, "cbc needs a 16-byte IV, got 0"},
		{"xts", key, iv, "unknown AES mode \"xts\""},
	} {
		_, err := aes.NewStream(f, c.mode, false, c.key, c.iv)
		if err == nil || !strings.Contains(err.Error(), c.wantText) {
			t.Errorf("%s: error %v, want %q", c.mode, err, c.wantText)
		}
	}
	if _, err := aes.NewStream(&aes.Funcs{}, "ecb", false, key, nil); err == nil {
		t.Error("empty AESFuncs accepted")
	}
	s := mustStream(t, f, "cbc", false, key, iv)
	buf := make([]byte, 64)
	for _, c := range []struct {
		dst, src []byte
		want     string
	}{
		{buf[:17], buf[:17], "whole 16-byte blocks, got 17"},
		{buf[:16], buf[:32], "dst has 16 bytes, src 32"},
		{buf[16:48], buf[:32], "overlap"},
	} {
		if err := s.Crypt(c.dst, c.src); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Crypt: error %v, want %q", err, c.want)
		}
	}
	ctr := mustStream(t, f, "ctr", false, key, iv)
	if err := ctr.Crypt(buf[:17], buf[:17]); err != nil {
		t.Errorf("CTR refuses a partial block: %v", err)
	}
}

func mustStream(t *testing.T, f *aes.Funcs, mode string, decrypt bool, key, iv []byte) *aes.Stream {
	t.Helper()
	s, err := aes.NewStream(f, mode, decrypt, key, iv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func TestCTRRun(t *testing.T) {
	mk := func(hi, lo uint64) *[16]byte {
		var c [16]byte
		binary.BigEndian.PutUint64(c[:8], hi)
		binary.BigEndian.PutUint64(c[8:], lo)
		return &c
	}
	for _, c := range []struct {
		hi, lo uint64
		n      int
		bits   uint
		want   int
	}{
		{0, 0, 100, 64, 100},
		{0, ^uint64(0), 100, 64, 1},
		{0, ^uint64(0) - 2, 3, 64, 3},
		{0, ^uint64(0) - 2, 4, 64, 3},
		{5, 0xfffffffe, 10, 32, 2},
		{5, 0xfffffffe, 10, 64, 10},
		{5, 0x1_0000_0000, 10, 32, 10},
		{5, 0x1_ffff_fff0, 16, 32, 16},
		{5, 0x1_ffff_fff0, 17, 32, 16},
	} {
		if got := aes.CTRRun(mk(c.hi, c.lo), c.n, c.bits); got != c.want {
			t.Errorf("CTRRun(%x:%x, %d, %d) = %d, want %d", c.hi, c.lo, c.n, c.bits, got, c.want)
		}
	}
}
