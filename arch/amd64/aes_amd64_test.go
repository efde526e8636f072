//go:build amd64 && gc

package amd64

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"strings"
	"syscall"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// AES levels this package must register; a missing one is a failure.
var ownAESLevels = map[string]int{"aes/aesni": 30, "aes/vaes512": 40}

// usableAES returns this architecture's AES levels the CPU can run, and
// logs why the others are skipped.
func usableAES(t testing.TB) []*arch.Impl {
	st := arch.State{Detected: arch.Detect()}
	for name := range ownAESLevels {
		if _, ok := arch.Lookup(name); !ok {
			t.Errorf("%s is not registered", name)
		}
	}
	var run []*arch.Impl
	for _, im := range arch.Impls() {
		if im.Alg != arch.AES || im.Arch != "amd64" || im.Planted {
			continue
		}
		if why := st.Missing(im); why != "" {
			t.Logf("skip %s: %s", im.Name, why)
			continue
		}
		run = append(run, im)
	}
	return run
}

func TestAESRegistered(t *testing.T) {
	for name, rank := range ownAESLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		if im.Alg != arch.AES || im.Arch != "amd64" || im.Rank != rank {
			t.Errorf("%s: alg %q arch %q rank %d, want aes amd64 %d", name, im.Alg, im.Arch, im.Rank, rank)
		}
		f := im.AES
		if f == nil || f.Encrypt == nil || f.Decrypt == nil || f.CBCEncrypt == nil ||
			f.CBCDecrypt == nil || f.CTR == nil {
			t.Errorf("%s: missing AES entry points", name)
		}
		if im.Tuning["interleave"] < 2 || im.Tuning["tail_interleave"] < 1 {
			t.Errorf("%s: Tuning %v lacks interleave/tail_interleave", name, im.Tuning)
		}
		for _, f := range im.Requires {
			if !knownFeature(f) {
				t.Errorf("%s requires unknown feature %q", name, f)
			}
		}
	}
	if best := (arch.State{Detected: arch.Detect()}).Best(arch.AES); best != nil {
		t.Logf("AES dispatch picks %s", best.Name)
	}
}

func TestAESRoundRef(t *testing.T) {
	// FIPS-197 appendix B: round key 1 of its key, and the state at the
	// start of round 2.
	k := arch.ExpandAESKey([]byte{0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6,
		0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c})
	if !bytes.Equal(k.Enc[16:32], probeKey[:]) {
		t.Fatalf("probe key %x is not FIPS-197 round key 1 %x", probeKey, k.Enc[16:32])
	}
	got := aesRoundRef(probeState, probeKey)
	if h := hex.EncodeToString(got[:]); h != "a49c7ff2689f352b6b5bea43026a5049" {
		t.Fatalf("Go reference round = %s, want a49c7ff2689f352b6b5bea43026a5049", h)
	}
}

func TestAESProbes(t *testing.T) {
	det := arch.Detect()
	seen := map[string]bool{}
	for _, p := range arch.Probes() {
		if p.Feature != "aesni" && p.Feature != "vaes" {
			continue
		}
		seen[p.Feature] = true
		if !det[p.Feature] {
			t.Logf("probe %s (%s) not run: feature not detected", p.Feature, p.Instr)
			continue
		}
		want, got := p.Run()
		if len(want) == 0 || !bytes.Equal(want, got) {
			t.Errorf("probe %s: this CPU (or emulator) computes %s wrong:\n want %x\n got  %x", p.Feature, p.Instr, want, got)
		} else {
			t.Logf("probe %s (%s): ok, %d bytes", p.Feature, p.Instr, len(want))
		}
	}
	for _, f := range []string{"aesni", "vaes"} {
		if !seen[f] {
			t.Errorf("no probe registered for %s", f)
		}
	}
}

// refCTR is the CTR reference: keystream blocks E(c), E(c+1), ... with the
// counter incremented as a 128-bit big-endian integer by explicit
// arithmetic (so a carry and the wrap at 2^128 are spelled out here).
func refCTR(b cipher.Block, ctr [16]byte, dst, src []byte) [16]byte {
	hi, lo := binary.BigEndian.Uint64(ctr[:8]), binary.BigEndian.Uint64(ctr[8:])
	var c, ks [16]byte
	for i := 0; i < len(src); i += 16 {
		binary.BigEndian.PutUint64(c[:8], hi)
		binary.BigEndian.PutUint64(c[8:], lo)
		b.Encrypt(ks[:], c[:])
		for j := 0; j < 16; j++ {
			dst[i+j] = src[i+j] ^ ks[j]
		}
		lo++
		if lo == 0 {
			hi++
		}
	}
	binary.BigEndian.PutUint64(c[:8], hi)
	binary.BigEndian.PutUint64(c[8:], lo)
	return c
}

type aesOp struct {
	name string
	// run applies the level; ref the crypto/aes reference. Both return the
	// chaining state after the call (iv / counter; zero for ECB).
	run func(f *arch.AESFuncs, k *arch.AESKey, st [16]byte, dst, src []byte) [16]byte
	ref func(b cipher.Block, st [16]byte, dst, src []byte) [16]byte
}

var aesOps = []aesOp{
	{"ecb-enc",
		func(f *arch.AESFuncs, k *arch.AESKey, st [16]byte, dst, src []byte) [16]byte {
			f.Encrypt(k, dst, src)
			return st
		},
		func(b cipher.Block, st [16]byte, dst, src []byte) [16]byte {
			for i := 0; i < len(src); i += 16 {
				b.Encrypt(dst[i:i+16], src[i:i+16])
			}
			return st
		}},
	{"ecb-dec",
		func(f *arch.AESFuncs, k *arch.AESKey, st [16]byte, dst, src []byte) [16]byte {
			f.Decrypt(k, dst, src)
			return st
		},
		func(b cipher.Block, st [16]byte, dst, src []byte) [16]byte {
			for i := 0; i < len(src); i += 16 {
				b.Decrypt(dst[i:i+16], src[i:i+16])
			}
			return st
		}},
	{"cbc-enc",
		func(f *arch.AESFuncs, k *arch.AESKey, st [16]byte, dst, src []byte) [16]byte {
			f.CBCEncrypt(k, &st, dst, src)
			return st
		},
		func(b cipher.Block, st [16]byte, dst, src []byte) [16]byte {
			cipher.NewCBCEncrypter(b, st[:]).CryptBlocks(dst, src)
			if len(dst) > 0 {
				copy(st[:], dst[len(dst)-16:])
			}
			return st
		}},
	{"cbc-dec",
		func(f *arch.AESFuncs, k *arch.AESKey, st [16]byte, dst, src []byte) [16]byte {
			f.CBCDecrypt(k, &st, dst, src)
			return st
		},
		func(b cipher.Block, st [16]byte, dst, src []byte) [16]byte {
			var next [16]byte = st
			if len(src) > 0 {
				copy(next[:], src[len(src)-16:])
			}
			cipher.NewCBCDecrypter(b, st[:]).CryptBlocks(dst, src)
			return next
		}},
	{"ctr",
		func(f *arch.AESFuncs, k *arch.AESKey, st [16]byte, dst, src []byte) [16]byte {
			f.CTR(k, &st, dst, src)
			return st
		},
		refCTR},
}

// firstDiff describes where two outputs first differ, by block.
func firstDiff(got, want []byte) string {
	for i := range want {
		if got[i] != want[i] {
			b := i / 16
			return fmt.Sprintf("first difference in block %d:\n got  %x\n want %x",
				b, got[16*b:16*b+16], want[16*b:16*b+16])
		}
	}
	return "no difference"
}

// checkCase runs one op of one level on one input, out of place at the given
// dst/src offsets (with poison bytes around dst) and in place, against the
// reference. It reports through t and returns false on the first failure.
func checkCase(t *testing.T, im *arch.Impl, op aesOp, key []byte, st [16]byte, msg []byte, dOff, sOff int) bool {
	t.Helper()
	b, err := aes.NewCipher(key)
	if err != nil {
		t.Fatal(err)
	}
	k := im.AES.ExpandKey(key)
	n := len(msg)
	want := make([]byte, n)
	wantSt := op.ref(b, st, want, msg)
	where := fmt.Sprintf("%s %s AES-%d, %d blocks, st %x, key %x", im.Name, op.name, 8*len(key), n/16, st, key)

	// Out of place, misaligned, poison around dst, src checked unchanged.
	const guard = 32
	sbuf := make([]byte, sOff+n+guard)
	copy(sbuf[sOff:], msg)
	dbuf := bytes.Repeat([]byte{0xa5}, dOff+n+guard+guard)
	dst := dbuf[guard+dOff : guard+dOff+n]
	gotSt := op.run(im.AES, k, st, dst, sbuf[sOff:sOff+n])
	if !bytes.Equal(dst, want) {
		t.Errorf("%s, dst offset %d src offset %d: %s", where, dOff, sOff, firstDiff(dst, want))
		return false
	}
	if gotSt != wantSt {
		t.Errorf("%s: chaining state after the call %x, want %x", where, gotSt, wantSt)
		return false
	}
	for i, c := range dbuf {
		if (i < guard+dOff || i >= guard+dOff+n) && c != 0xa5 {
			t.Errorf("%s, dst offset %d: byte %d outside dst written", where, dOff, i-guard-dOff)
			return false
		}
	}
	if !bytes.Equal(sbuf[sOff:sOff+n], msg) {
		t.Errorf("%s: src modified", where)
		return false
	}

	// In place, at the dst offset.
	ibuf := make([]byte, dOff+n)
	io := ibuf[dOff:]
	copy(io, msg)
	gotSt = op.run(im.AES, k, st, io, io)
	if !bytes.Equal(io, want) {
		t.Errorf("%s, in place at offset %d: %s", where, dOff, firstDiff(io, want))
		return false
	}
	if gotSt != wantSt {
		t.Errorf("%s, in place: chaining state %x, want %x", where, gotSt, wantSt)
		return false
	}
	return true
}

// TestAESModes covers every length from 0 to 3 interleave groups + 1 block,
// so each path (full groups, the tail group, single or masked blocks, zero
// blocks) runs for every key size and mode, out of place misaligned and in
// place. Reproduce one level/key size with
// go test ./arch/amd64 -run 'TestAESModes/<level>/<bits>'.
func TestAESModes(t *testing.T) {
	levels := usableAES(t)
	for _, im := range levels {
		im := im
		maxBlocks := 3*im.Tuning["interleave"] + 1
		t.Run(strings.TrimPrefix(im.Name, "aes/"), func(t *testing.T) {
			for _, kl := range []int{16, 24, 32} {
				t.Run(fmt.Sprint(8*kl), func(t *testing.T) {
					rng := rand.New(rand.NewSource(int64(kl)))
					for _, op := range aesOps {
						for nb := 0; nb <= maxBlocks; nb++ {
							key := make([]byte, kl)
							rng.Read(key)
							var st [16]byte
							rng.Read(st[:])
							msg := make([]byte, 16*nb)
							rng.Read(msg)
							dOff, sOff := 0, 0
							if nb%2 == 1 {
								dOff, sOff = 1+rng.Intn(15), 1+rng.Intn(15)
							}
							if !checkCase(t, im, op, key, st, msg, dOff, sOff) {
								break
							}
						}
					}
				})
			}
			t.Logf("%s: lengths 0..%d blocks, 3 key sizes, %d modes", im.Name, maxBlocks, len(aesOps))
		})
	}
	if len(levels) == 0 {
		t.Log("no amd64 AES level usable on this CPU")
	}
}

// TestAESCTRCarry starts the counter just below a carry out of the low 64
// bits (the carry lands in each lane position of a group in turn) and just
// below 2^128 (the counter wraps to zero).
func TestAESCTRCarry(t *testing.T) {
	levels := usableAES(t)
	rng := rand.New(rand.NewSource(7))
	for _, im := range levels {
		width := im.Tuning["interleave"]
		for _, kl := range []int{16, 24, 32} {
			key := make([]byte, kl)
			rng.Read(key)
			for _, top := range []uint64{0x0123456789abcdef, ^uint64(0)} {
				for before := 1; before <= width+5; before++ {
					var ctr [16]byte
					binary.BigEndian.PutUint64(ctr[:8], top)
					binary.BigEndian.PutUint64(ctr[8:], -uint64(before))
					for _, nb := range []int{before + 1, 2*width + 3} {
						msg := make([]byte, 16*nb)
						rng.Read(msg)
						if !checkCase(t, im, aesOps[4], key, ctr, msg, 3, 0) {
							return
						}
					}
				}
			}
		}
		t.Logf("%s: CTR carry and 2^128 wrap ok", im.Name)
	}
}

// TestAESChunked: a mode called in pieces (whole blocks each) equals one
// call, so the chaining state the kernels leave is right.
func TestAESChunked(t *testing.T) {
	levels := usableAES(t)
	rng := rand.New(rand.NewSource(9))
	for _, im := range levels {
		for _, kl := range []int{16, 24, 32} {
			key := make([]byte, kl)
			rng.Read(key)
			k := im.AES.ExpandKey(key)
			msg := make([]byte, 16*(4*im.Tuning["interleave"]+7))
			rng.Read(msg)
			var st0 [16]byte
			rng.Read(st0[:])
			st0[8] = 0xff // a carry within the message for CTR
			for _, op := range aesOps[2:] {
				whole := make([]byte, len(msg))
				wantSt := op.run(im.AES, k, st0, whole, msg)
				parts := make([]byte, len(msg))
				st := st0
				var sizes []int
				for p := 0; p < len(msg); {
					c := 16 * rng.Intn(2*im.Tuning["interleave"]+2)
					if c > len(msg)-p {
						c = len(msg) - p
					}
					sizes = append(sizes, c/16)
					st = op.run(im.AES, k, st, parts[p:p+c], msg[p:p+c])
					p += c
				}
				if !bytes.Equal(parts, whole) || st != wantSt {
					t.Errorf("%s %s AES-%d: chunks of %v blocks differ from one call (%s)",
						im.Name, op.name, 8*kl, sizes, firstDiff(parts, whole))
				}
			}
		}
	}
}

// TestAESGuardPages puts src and dst flush against PROT_NONE pages, at the
// end of a page and at its start, so a kernel that reads or writes one byte
// outside its buffers (a whole-register tail, a "previous block" load)
// dies with SIGSEGV instead of passing.
func TestAESGuardPages(t *testing.T) {
	levels := usableAES(t)
	pg := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 5*pg, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatalf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	// Layout: none | src page | none | dst page | none.
	for _, g := range []int{0, 2, 4} {
		if err := syscall.Mprotect(mem[g*pg:(g+1)*pg], syscall.PROT_NONE); err != nil {
			t.Fatalf("mprotect: %v", err)
		}
	}
	sPage, dPage := mem[pg:2*pg], mem[3*pg:4*pg]
	rng := rand.New(rand.NewSource(11))
	for _, im := range levels {
		key := make([]byte, 32)
		rng.Read(key)
		b, _ := aes.NewCipher(key)
		k := im.AES.ExpandKey(key)
		for nb := 0; nb <= im.Tuning["interleave"]+im.Tuning["tail_interleave"]+5; nb++ {
			n := 16 * nb
			msg := make([]byte, n)
			rng.Read(msg)
			var st [16]byte
			rng.Read(st[:])
			for _, op := range aesOps {
				want := make([]byte, n)
				wantSt := op.ref(b, st, want, msg)
				for _, atEnd := range []bool{false, true} {
					off := 0
					if atEnd {
						off = pg - n
					}
					src, dst := sPage[off:off+n], dPage[off:off+n]
					copy(src, msg)
					gotSt := op.run(im.AES, k, st, dst, src)
					if !bytes.Equal(dst, want) || gotSt != wantSt {
						t.Errorf("%s %s AES-256, %d blocks at a page edge (end %v): wrong output or state",
							im.Name, op.name, nb, atEnd)
					}
					copy(dst, msg)
					if op.run(im.AES, k, st, dst, dst); !bytes.Equal(dst, want) {
						t.Errorf("%s %s AES-256, %d blocks in place at a page edge (end %v): wrong output",
							im.Name, op.name, nb, atEnd)
					}
				}
			}
		}
	}
}

// TestAESStreams drives each level through the mode layer (arch.AESStream)
// for all five modes, both directions, in uneven pieces, against
// crypto/cipher: the kernels' chaining state as the layer uses it.
func TestAESStreams(t *testing.T) {
	levels := usableAES(t)
	rng := rand.New(rand.NewSource(13))
	for _, im := range levels {
		for _, kl := range []int{16, 24, 32} {
			key, iv := make([]byte, kl), make([]byte, 16)
			rng.Read(key)
			rng.Read(iv)
			b, _ := aes.NewCipher(key)
			msg := make([]byte, 16*(2*im.Tuning["interleave"]+3))
			rng.Read(msg)
			for _, mode := range arch.AESModes {
				for _, dec := range []bool{false, true} {
					want := make([]byte, len(msg))
					switch {
					case mode == arch.AESModeECB:
						for i := 0; i < len(msg); i += 16 {
							if dec {
								b.Decrypt(want[i:], msg[i:])
							} else {
								b.Encrypt(want[i:], msg[i:])
							}
						}
					case mode == arch.AESModeCBC && dec:
						cipher.NewCBCDecrypter(b, iv).CryptBlocks(want, msg)
					case mode == arch.AESModeCBC:
						cipher.NewCBCEncrypter(b, iv).CryptBlocks(want, msg)
					case mode == arch.AESModeCTR:
						cipher.NewCTR(b, iv).XORKeyStream(want, msg)
					case mode == arch.AESModeOFB:
						cipher.NewOFB(b, iv).XORKeyStream(want, msg)
					case mode == arch.AESModeCFB128 && dec:
						cipher.NewCFBDecrypter(b, iv).XORKeyStream(want, msg)
					default:
						cipher.NewCFBEncrypter(b, iv).XORKeyStream(want, msg)
					}
					ivArg := iv
					if mode == arch.AESModeECB {
						ivArg = nil
					}
					s, err := arch.NewAESStream(im.AES, mode, dec, key, ivArg)
					if err != nil {
						t.Fatalf("%s %s: %v", im.Name, mode, err)
					}
					got := make([]byte, len(msg))
					for p := 0; p < len(msg); {
						c := rng.Intn(3*16*im.Tuning["tail_interleave"] + 1)
						if mode == arch.AESModeECB || mode == arch.AESModeCBC {
							c &^= 15
						}
						if c > len(msg)-p {
							c = len(msg) - p
						}
						if err := s.Crypt(got[p:p+c], msg[p:p+c]); err != nil {
							t.Fatalf("%s %s: %v", im.Name, mode, err)
						}
						p += c
					}
					if !bytes.Equal(got, want) {
						t.Errorf("%s %s decrypt=%v AES-%d through AESStream: %s",
							im.Name, mode, dec, 8*kl, firstDiff(got, want))
					}
				}
			}
		}
	}
}

// TestAESBadInput: the wrappers refuse what the assembly would misread.
func TestAESBadInput(t *testing.T) {
	for name := range ownAESLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		k := im.AES.ExpandKey(make([]byte, 16))
		bad := *k
		bad.Rounds = 11
		short := *k
		short.Enc = short.Enc[:16*10]
		for _, c := range []struct {
			what string
			fn   func()
		}{
			{"length not a multiple of 16", func() { im.AES.Encrypt(k, make([]byte, 17), make([]byte, 17)) }},
			{"dst shorter than src", func() { im.AES.Decrypt(k, make([]byte, 16), make([]byte, 32)) }},
			{"11 rounds", func() { im.AES.Encrypt(&bad, make([]byte, 16), make([]byte, 16)) }},
			{"short schedule", func() { im.AES.CTR(&short, new([16]byte), make([]byte, 16), make([]byte, 16)) }},
		} {
			func() {
				defer func() {
					r := recover()
					if r == nil {
						t.Errorf("%s: %s accepted", name, c.what)
					} else if !strings.Contains(fmt.Sprint(r), name) {
						t.Errorf("%s: %s: panic %q does not name the level", name, c.what, r)
					}
				}()
				c.fn()
			}()
		}
	}
}

// BenchmarkAES times each usable level and crypto/aes at 16 KiB with a
// 128-bit key: ECB encryption, CBC encryption and decryption, CTR.
func BenchmarkAES(b *testing.B) {
	const size = 16 << 10
	key := make([]byte, 16)
	iv := make([]byte, 16)
	src := make([]byte, size)
	dst := make([]byte, size)
	for _, im := range usableAES(b) {
		f, k := im.AES, im.AES.ExpandKey(key)
		var st [16]byte
		name := strings.TrimPrefix(im.Name, "aes/")
		for _, m := range []struct {
			mode string
			fn   func()
		}{
			{"ecb-enc", func() { f.Encrypt(k, dst, src) }},
			{"ecb-dec", func() { f.Decrypt(k, dst, src) }},
			{"cbc-enc", func() { f.CBCEncrypt(k, &st, dst, src) }},
			{"cbc-dec", func() { f.CBCDecrypt(k, &st, dst, src) }},
			{"ctr", func() { f.CTR(k, &st, dst, src) }},
		} {
			b.Run(name+"/"+m.mode, func(b *testing.B) {
				b.SetBytes(size)
				for i := 0; i < b.N; i++ {
					m.fn()
				}
			})
		}
	}
	blk, _ := aes.NewCipher(key)
	cbcE, cbcD := cipher.NewCBCEncrypter(blk, iv), cipher.NewCBCDecrypter(blk, iv)
	ctr := cipher.NewCTR(blk, iv)
	for _, m := range []struct {
		mode string
		fn   func()
	}{
		{"ecb-enc", func() {
			for i := 0; i < size; i += 16 {
				blk.Encrypt(dst[i:i+16], src[i:i+16])
			}
		}},
		{"ecb-dec", func() {
			for i := 0; i < size; i += 16 {
				blk.Decrypt(dst[i:i+16], src[i:i+16])
			}
		}},
		{"cbc-enc", func() { cbcE.CryptBlocks(dst, src) }},
		{"cbc-dec", func() { cbcD.CryptBlocks(dst, src) }},
		{"ctr", func() { ctr.XORKeyStream(dst, src) }},
	} {
		b.Run("crypto-aes/"+m.mode, func(b *testing.B) {
			b.SetBytes(size)
			for i := 0; i < b.N; i++ {
				m.fn()
			}
		})
	}
}
