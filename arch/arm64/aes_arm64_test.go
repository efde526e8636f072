package arm64

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	_ "github.com/xarchlab/xarch/arch/generic"
)

// The assembly level must be in the table whenever it can be built (gc).
func TestAESARMv8Registered(t *testing.T) {
	im, ok := arch.Lookup("aes/armv8")
	if !ok {
		if runtime.Compiler == "gc" {
			t.Fatal("aes/armv8 is not registered")
		}
		t.Logf("aes/armv8 not built with %s", runtime.Compiler)
		return
	}
	f := im.AES
	if im.Alg != arch.AES || im.Planted || im.Rank != 30 || f == nil ||
		f.Encrypt == nil || f.Decrypt == nil || f.CBCEncrypt == nil || f.CBCDecrypt == nil || f.CTR == nil {
		t.Fatalf("aes/armv8 registered wrongly: %+v", im)
	}
	req := strings.Join(im.Requires, ",")
	if !strings.Contains(req, "aes") || !strings.Contains(req, "asimd") {
		t.Fatalf("aes/armv8 requires %q, want aes and asimd", req)
	}
	if im.Tuning["interleave"] != testInterleave || im.Tuning["tail_interleave"] != 4 {
		t.Fatalf("aes/armv8 tuning %v does not match the assembly (8, then 4, then 1)", im.Tuning)
	}
}

// TestAESProbe runs the registered probe where the feature is present.
func TestAESProbe(t *testing.T) {
	var p *arch.Probe
	for _, q := range arch.Probes() {
		if q.Feature == "aes" {
			q := q
			p = &q
		}
	}
	if p == nil {
		if runtime.Compiler == "gc" {
			t.Fatal("no probe registered for feature aes")
		}
		t.Skipf("no aes probe with %s (assembly is gc only)", runtime.Compiler)
	}
	if p.Instr != "aese" {
		t.Errorf("aes probe instr = %q, want aese", p.Instr)
	}
	if !arch.Detect()["aes"] {
		t.Skip("aes not detected on this CPU model: the probe would trap")
	}
	want, got := p.Run()
	if len(want) != 16 || !bytes.Equal(want, got) {
		t.Fatalf("AESE+AESMC not faithfully executed: want %x got %x", want, got)
	}
	t.Logf("AESE+AESMC known answer matches: %x", got)
}

// aesCase carries what is needed to reproduce a failure.
type aesCase struct {
	impl    string
	keyLen  int
	blocks  int
	srcOff  int
	dstOff  int
	inPlace bool
}

func (c aesCase) String() string {
	where := fmt.Sprintf("src+%d dst+%d", c.srcOff, c.dstOff)
	if c.inPlace {
		where = fmt.Sprintf("in place +%d", c.srcOff)
	}
	return fmt.Sprintf("%s AES-%d %d blocks %s (seed 7; reproduce: GOARCH=arm64 go test -c -o a.test ./arch/arm64/ && "+
		"qemu-aarch64-static -cpu max ./a.test -test.run 'TestAESImpls/%s')", c.impl, 8*c.keyLen, c.blocks, where, strings.Replace(c.impl, "/", "_", -1))
}

func TestAESImpls(t *testing.T) {
	st := arch.State{Detected: arch.Detect()}
	var ran, skipped []string
	for _, im := range arch.Impls() {
		if im.Alg != arch.AES {
			continue
		}
		if im.Planted {
			skipped = append(skipped, im.Name+" (planted)")
			continue
		}
		if im.AES == nil {
			t.Errorf("%s has Alg aes but no AES funcs", im.Name)
			continue
		}
		if why := st.Missing(im); why != "" {
			skipped = append(skipped, im.Name+" ("+why+")")
			continue
		}
		ran = append(ran, im.Name)
		im := im
		t.Run(strings.Replace(im.Name, "/", "_", -1), func(t *testing.T) { testAESImpl(t, im) })
	}
	sort.Strings(ran)
	t.Logf("ran: %s", strings.Join(ran, ", "))
	t.Logf("skipped: %s", strings.Join(skipped, ", "))
	if im, ok := arch.Lookup("aes/armv8"); ok && st.Missing(im) == "" && !contains(ran, im.Name) {
		t.Fatal("aes/armv8 is usable here but did not run")
	}
	if len(ran) == 0 {
		t.Skip("no AES implementation usable on this CPU model")
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// testInterleave is aes/armv8's widest group (checked against its Tuning);
// maxBlocks covers three full groups plus one, so every mix of 8-groups,
// the 4-group and 0-3 single blocks occurs.
const (
	testInterleave = 8
	maxBlocks      = 3*testInterleave + 1
)

func testAESImpl(t *testing.T, im *arch.Impl) {
	f := im.AES
	r := rand.New(rand.NewSource(7))
	testAESKnownAnswers(t, im)
	for _, keyLen := range []int{16, 24, 32} {
		key := make([]byte, keyLen)
		r.Read(key)
		k := f.ExpandKey(key)
		ref, err := aes.NewCipher(key)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; n <= maxBlocks; n++ {
			// Misalignment shifts with the length; every third length also
			// runs with src and dst misaligned differently.
			offs := [][2]int{{0, 0}, {n % 16, (n * 7) % 16}}
			for _, o := range offs {
				c := aesCase{impl: im.Name, keyLen: keyLen, blocks: n, srcOff: o[0], dstOff: o[1]}
				testAESModes(t, f, k, ref, r, c)
				c.inPlace, c.dstOff = true, c.srcOff
				testAESModes(t, f, k, ref, r, c)
			}
		}
		testCTRCarry(t, im, k, ref, r, keyLen)
		testAESChunked(t, im, k, r, keyLen)
	}
}

const poison = 0xa5

// buffers returns src and dst at the case's offsets; dst is surrounded by
// poison bytes (checked with guardOK) and, in place, is src itself.
func buffers(r *rand.Rand, c aesCase) (src, dst, dstBuf []byte) {
	n := 16 * c.blocks
	srcBuf := make([]byte, n+48)
	r.Read(srcBuf)
	src = srcBuf[16+c.srcOff : 16+c.srcOff+n]
	if c.inPlace {
		return src, src, nil
	}
	dstBuf = make([]byte, n+48)
	for i := range dstBuf {
		dstBuf[i] = poison
	}
	return src, dstBuf[16+c.dstOff : 16+c.dstOff+n], dstBuf
}

func guardOK(dstBuf []byte, c aesCase) bool {
	if dstBuf == nil {
		return true
	}
	lo, hi := 16+c.dstOff, 16+c.dstOff+16*c.blocks
	for i, b := range dstBuf {
		if (i < lo || i >= hi) && b != poison {
			return false
		}
	}
	return true
}

// testAESModes checks ECB, CBC and CTR for one case against crypto/aes and
// crypto/cipher, including the chaining state left behind.
func testAESModes(t *testing.T, f *arch.AESFuncs, k *arch.AESKey, ref cipher.Block, r *rand.Rand, c aesCase) {
	t.Helper()
	n := 16 * c.blocks
	var iv [16]byte
	r.Read(iv[:])

	type mode struct {
		name string
		run  func(dst, src []byte) // the kernel under test
		want func(src []byte) []byte
	}
	var state [16]byte
	modes := []mode{
		{"ECB encrypt", func(d, s []byte) { f.Encrypt(k, d, s) }, func(s []byte) []byte {
			out := make([]byte, len(s))
			for i := 0; i < len(s); i += 16 {
				ref.Encrypt(out[i:], s[i:i+16])
			}
			return out
		}},
		{"ECB decrypt", func(d, s []byte) { f.Decrypt(k, d, s) }, func(s []byte) []byte {
			out := make([]byte, len(s))
			for i := 0; i < len(s); i += 16 {
				ref.Decrypt(out[i:], s[i:i+16])
			}
			return out
		}},
	}
	if f.CBCEncrypt != nil {
		modes = append(modes, mode{"CBC encrypt", func(d, s []byte) { f.CBCEncrypt(k, &state, d, s) }, func(s []byte) []byte {
			out := make([]byte, len(s))
			cipher.NewCBCEncrypter(ref, iv[:]).CryptBlocks(out, s)
			return out
		}})
	}
	if f.CBCDecrypt != nil {
		modes = append(modes, mode{"CBC decrypt", func(d, s []byte) { f.CBCDecrypt(k, &state, d, s) }, func(s []byte) []byte {
			out := make([]byte, len(s))
			cipher.NewCBCDecrypter(ref, iv[:]).CryptBlocks(out, s)
			return out
		}})
	}
	if f.CTR != nil {
		modes = append(modes, mode{"CTR", func(d, s []byte) { f.CTR(k, &state, d, s) }, func(s []byte) []byte {
			out := make([]byte, len(s))
			cipher.NewCTR(ref, iv[:]).XORKeyStream(out, s)
			return out
		}})
	}

	for _, m := range modes {
		src, dst, dstBuf := buffers(r, c)
		in := append([]byte(nil), src...)
		want := m.want(in)
		state = iv
		m.run(dst, src)
		if !bytes.Equal(dst, want) {
			t.Fatalf("%s, %v:\n in   %x\n got  %x\n want %x", m.name, c, in, dst, want)
		}
		if !guardOK(dstBuf, c) {
			t.Fatalf("%s, %v: wrote outside dst", m.name, c)
		}
		if !c.inPlace && !bytes.Equal(src, in) {
			t.Fatalf("%s, %v: modified src", m.name, c)
		}
		// The chaining state after the call.
		wantState := iv
		switch m.name {
		case "CBC encrypt":
			if n > 0 {
				copy(wantState[:], want[n-16:])
			}
		case "CBC decrypt":
			if n > 0 {
				copy(wantState[:], in[n-16:])
			}
		case "CTR":
			wantState = ctrAdd(iv, uint64(c.blocks))
		}
		if state != wantState {
			t.Fatalf("%s, %v: state after call %x, want %x", m.name, c, state, wantState)
		}
	}
}

// ctrAdd adds d to a 128-bit big-endian counter, wrapping at 2^128.
func ctrAdd(c [16]byte, d uint64) [16]byte {
	hi := binary.BigEndian.Uint64(c[:8])
	lo := binary.BigEndian.Uint64(c[8:])
	nlo := lo + d
	if nlo < lo {
		hi++
	}
	binary.BigEndian.PutUint64(c[:8], hi)
	binary.BigEndian.PutUint64(c[8:], nlo)
	return c
}

// ctrRef builds the key stream block by block from ctrAdd, independent of
// crypto/cipher's counter handling.
func ctrRef(ref cipher.Block, ctr [16]byte, src []byte) []byte {
	out := make([]byte, len(src))
	var ks [16]byte
	for i := 0; i < len(src); i += 16 {
		ref.Encrypt(ks[:], ctr[:])
		for j := 0; j < 16; j++ {
			out[i+j] = src[i+j] ^ ks[j]
		}
		ctr = ctrAdd(ctr, 1)
	}
	return out
}

// testCTRCarry puts the carry out of the low 64 bits, and the wrap at
// 2^128, at every block position of every group shape.
func testCTRCarry(t *testing.T, im *arch.Impl, k *arch.AESKey, ref cipher.Block, r *rand.Rand, keyLen int) {
	if im.AES.CTR == nil {
		return
	}
	for _, hi := range []uint64{0, 0x0123456789abcdef, ^uint64(0)} {
		for back := uint64(1); back <= 2*testInterleave+2; back++ {
			for _, blocks := range []int{1, 3, 4, 5, 8, 9, 12, 13, 17, maxBlocks} {
				var ctr [16]byte
				binary.BigEndian.PutUint64(ctr[:8], hi)
				binary.BigEndian.PutUint64(ctr[8:], -back)
				src := make([]byte, 16*blocks)
				r.Read(src)
				want := ctrRef(ref, ctr, src)
				dst := make([]byte, len(src))
				got := ctr
				im.AES.CTR(k, &got, dst, src)
				if !bytes.Equal(dst, want) {
					t.Fatalf("%s AES-%d CTR from %x, %d blocks: got %x want %x", im.Name, 8*keyLen, ctr, blocks, dst, want)
				}
				if w := ctrAdd(ctr, uint64(blocks)); got != w {
					t.Fatalf("%s AES-%d CTR from %x, %d blocks: counter after %x, want %x", im.Name, 8*keyLen, ctr, blocks, got, w)
				}
			}
		}
	}
}

// testAESChunked: CBC and CTR called in pieces equal one call.
func testAESChunked(t *testing.T, im *arch.Impl, k *arch.AESKey, r *rand.Rand, keyLen int) {
	f := im.AES
	type chained struct {
		name string
		fn   func(k *arch.AESKey, s *[16]byte, dst, src []byte)
	}
	var list []chained
	if f.CBCEncrypt != nil {
		list = append(list, chained{"CBC encrypt", f.CBCEncrypt})
	}
	if f.CBCDecrypt != nil {
		list = append(list, chained{"CBC decrypt", f.CBCDecrypt})
	}
	if f.CTR != nil {
		list = append(list, chained{"CTR", f.CTR})
	}
	src := make([]byte, 16*61)
	r.Read(src)
	for _, m := range list {
		var iv [16]byte
		r.Read(iv[:])
		iv[8] = 0xff // keep carries into the high half likely
		want := make([]byte, len(src))
		wantState := iv
		m.fn(k, &wantState, want, src)
		for trial := 0; trial < 20; trial++ {
			got := make([]byte, len(src))
			st := iv
			var cuts []int
			for p := 0; p < len(src); {
				n := 16 * r.Intn(2*testInterleave+2)
				if n > len(src)-p {
					n = len(src) - p
				}
				m.fn(k, &st, got[p:p+n], src[p:p+n])
				cuts = append(cuts, n/16)
				p += n
			}
			if !bytes.Equal(got, want) || st != wantState {
				t.Fatalf("%s AES-%d %s in pieces of %v blocks differs from one call", im.Name, 8*keyLen, m.name, cuts)
			}
		}
	}
}

// FIPS-197 appendix C and SP 800-38A F.5.1: answers that do not depend on
// the emulator executing crypto/aes's own AES instructions correctly.
func testAESKnownAnswers(t *testing.T, im *arch.Impl) {
	f := im.AES
	pt := mustHex(t, "00112233445566778899aabbccddeeff")
	for _, v := range []struct{ key, ct string }{
		{"000102030405060708090a0b0c0d0e0f", "69c4e0d86a7b0430d8cdb78070b4c55a"},
		{"000102030405060708090a0b0c0d0e0f1011121314151617", "dda97ca4864cdfe06eaf70a0ec0d7191"},
		{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "8ea2b7ca516745bfeafc49904b496089"},
	} {
		k := f.ExpandKey(mustHex(t, v.key))
		out := make([]byte, 16)
		f.Encrypt(k, out, pt)
		if hex.EncodeToString(out) != v.ct {
			t.Fatalf("%s FIPS-197 C, key %s: encrypt gives %x, want %s", im.Name, v.key, out, v.ct)
		}
		f.Decrypt(k, out, mustHex(t, v.ct))
		if !bytes.Equal(out, pt) {
			t.Fatalf("%s FIPS-197 C, key %s: decrypt gives %x, want %x", im.Name, v.key, out, pt)
		}
	}
	if f.CTR == nil {
		return
	}
	k := f.ExpandKey(mustHex(t, "2b7e151628aed2a6abf7158809cf4f3c"))
	var ctr [16]byte
	copy(ctr[:], mustHex(t, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"))
	src := mustHex(t, "6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"+
		"30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
	want := "874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff" +
		"5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee"
	dst := make([]byte, len(src))
	f.CTR(k, &ctr, dst, src)
	if hex.EncodeToString(dst) != want {
		t.Fatalf("%s SP 800-38A F.5.1 CTR-AES128: got %x want %s", im.Name, dst, want)
	}
}

// The wrappers reject what the assembly would misread.
func TestAESARMv8BadInput(t *testing.T) {
	im, ok := arch.Lookup("aes/armv8")
	if !ok {
		t.Skipf("aes/armv8 not built with %s", runtime.Compiler)
	}
	k := arch.ExpandAESKey(make([]byte, 16))
	bad := *k
	bad.Rounds = 11
	short := *k
	short.Enc = short.Enc[:16*10]
	var iv [16]byte
	for _, c := range []struct {
		name string
		fn   func()
	}{
		{"length 15", func() { im.AES.Encrypt(k, make([]byte, 15), make([]byte, 15)) }},
		{"dst shorter", func() { im.AES.Decrypt(k, make([]byte, 16), make([]byte, 32)) }},
		{"rounds 11", func() { im.AES.CTR(&bad, &iv, make([]byte, 16), make([]byte, 16)) }},
		{"short schedule", func() { im.AES.CBCEncrypt(&short, &iv, make([]byte, 16), make([]byte, 16)) }},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			c.fn()
		}()
	}
}

func mustHex(t *testing.T, s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
