//go:build amd64 && gc

package amd64

// The instruction model's own checks: it must agree with this CPU on every
// kernel that runs here (legacy SSE and VEX forms, AES-NI, PCLMULQDQ,
// 256-bit VAES and VPCLMULQDQ); its ZMM forms must equal the 128-bit
// forms lane by lane; the EVEX-only instructions must give the answers the
// SDM's definitions give, computed here independently; and it must refuse
// what a CPU would refuse (out-of-bounds and misaligned accesses, branches
// on undefined flags, unknown instructions).

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// The .s files the model reads.
const (
	asmGCMNI    = "gcm_aesni_amd64.s"
	asmGCMV256  = "gcm_vaes256_amd64.s"
	asmGCMV512  = "gcm_vaes512_amd64.s"
	asmGCMProbe = "probe_gcm_amd64.s"
	asmAESNI    = "aes_aesni_amd64.s"
	asmAESV512  = "aes_vaes512_amd64.s"
)

func mustAsm(t testing.TB, file string) *asmProgram {
	t.Helper()
	p, err := loadAsm(file)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// asmText parses a small program written in a test.
func asmText(t testing.TB, src string) *asmProgram {
	t.Helper()
	p, err := parseAsm("test", "#include \"textflag.h\"\n"+src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAsmModelParses(t *testing.T) {
	for _, f := range []string{asmGCMNI, asmGCMV256, asmGCMV512, asmGCMProbe, asmAESNI, asmAESV512} {
		p := mustAsm(t, f)
		var names []string
		n := 0
		for name, fn := range p.funcs {
			names = append(names, name)
			n += len(fn.insns)
		}
		sort.Strings(names)
		t.Logf("%s: %d instructions after expansion in %s", f, n, strings.Join(names, ", "))
	}
}

// TestAsmModelAESRound pins the model's AES round to FIPS-197 (S-box
// entries, and Appendix B's state at the start of round 2).
func TestAsmModelAESRound(t *testing.T) {
	if aesSbox[0x00] != 0x63 || aesSbox[0x53] != 0xed || aesSbox[0xff] != 0x16 || aesInvSbox[0x63] != 0 {
		t.Fatalf("S-box wrong: S(00)=%02x S(53)=%02x S(ff)=%02x", aesSbox[0], aesSbox[0x53], aesSbox[0xff])
	}
	got := laneAesenc(probeState[:], probeKey[:], 0)
	if h := hex.EncodeToString(got); h != "a49c7ff2689f352b6b5bea43026a5049" {
		t.Fatalf("model AESENC = %s, want FIPS-197's a49c7ff2689f352b6b5bea43026a5049", h)
	}
	// The last decryption round inverts the last encryption round, and the
	// column mixes invert each other.
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 100; i++ {
		s, k := make([]byte, 16), make([]byte, 16)
		r.Read(s)
		r.Read(k)
		e := laneXor(laneAesenclast(s, k, 0), k, 0)
		if d := laneAesdeclast(e, make([]byte, 16), 0); !bytes.Equal(d, s) {
			t.Fatal("AESDECLAST does not invert AESENCLAST")
		}
		if !bytes.Equal(aesInvMixColumns(aesMixColumns(s)), s) {
			t.Fatal("InvMixColumns does not invert MixColumns")
		}
	}
}

// ---- The model against this CPU -------------------------------------------

var nativeCheck struct {
	once    sync.Once
	forms   map[string]int
	log     []string
	skipped []string // SSE/VEX kernels this CPU could not run (the evidence is partial)
	err     error
}

// modelVsNative runs every kernel this CPU can run both natively and in
// the model, on random inputs, and returns the instruction forms the model
// executed (validated). Done once per test binary.
func modelVsNative(t *testing.T) map[string]int {
	nativeCheck.once.Do(func() {
		nativeCheck.forms = map[string]int{}
		nativeCheck.err = runModelVsNative(nativeCheck.forms, &nativeCheck.log, &nativeCheck.skipped)
	})
	for _, l := range nativeCheck.log {
		t.Log(l)
	}
	if nativeCheck.err != nil {
		t.Fatal(nativeCheck.err)
	}
	return nativeCheck.forms
}

func TestAsmModelMatchesNative(t *testing.T) {
	forms := modelVsNative(t)
	t.Logf("%d instruction forms validated against this CPU", len(forms))
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}

func clone(b []byte) []byte { return append([]byte(nil), b...) }

// twin is a pair of buffers with the same contents: one for the model,
// one for the CPU.
type twin struct{ m, n []byte }

func newTwin(r *rand.Rand, size int) twin {
	b := randBytes(r, size)
	return twin{b, clone(b)}
}

func (w twin) same() bool { return bytes.Equal(w.m, w.n) }

// nativeKernels: each case draws inputs, runs the model and the CPU, and
// returns what differs ("" when all agrees).
type nativeKernel struct {
	file, fn string
	needs    []string
	trials   int
	run      func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error)
}

func runModelVsNative(forms map[string]int, log *[]string, skipped *[]string) error {
	det := arch.Detect()
	keyFor := func(r *rand.Rand, trial int) *aes.Key {
		return aes.ExpandKey(randBytes(r, []int{16, 24, 32}[trial%3]))
	}
	// The GHASH table of a random H.
	tableFor := func(r *rand.Rand) *gcmKey {
		var h [16]byte
		r.Read(h[:])
		return newGCMKey(&h)
	}
	ctrFor := func(r *rand.Rand, trial int) twin {
		c := newTwin(r, 16)
		if trial%3 == 0 { // near the 32-bit wrap
			binary.BigEndian.PutUint32(c.m[12:], 0xffffffff-uint32(r.Intn(40)))
			copy(c.n, c.m)
		}
		return c
	}
	b16 := func(b []byte) *[16]byte { return (*[16]byte)(unsafe.Pointer(&b[0])) }
	diff := func(names []string, ws ...twin) string {
		for i, w := range ws {
			if !w.same() {
				return fmt.Sprintf("%s differs:\n model  %x\n native %x", names[i], w.m, w.n)
			}
		}
		return ""
	}
	stitched := func(native func(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int), off int, maxN int) func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
		return func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			k, t := keyFor(r, trial), tableFor(r)
			n := 1 + trial%maxN
			if trial%5 == 4 {
				n = 1 + r.Intn(4*maxN)
			}
			ctr, y := ctrFor(r, trial), newTwin(r, 16)
			src, dst := newTwin(r, 16*n), newTwin(r, 16*n)
			inPlace := trial%4 == 1
			if inPlace {
				dst = src
			}
			if err := model(mptr(k.Enc), k.Rounds, mptr(t.tab[off:]), mptr(ctr.m), mptr(y.m), mptr(dst.m), mptr(src.m), n); err != nil {
				return "", err
			}
			native(&k.Enc[0], k.Rounds, &t.tab[off], b16(ctr.n), b16(y.n), &dst.n[0], &src.n[0], n)
			return diff([]string{"dst", "y", "ctr", "src"}, dst, y, ctr, src), nil
		}
	}
	stitchedWide := func(native func(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n, wide int)) func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
		return func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			k, t := keyFor(r, trial), tableFor(r)
			n := 1 + trial%50
			if trial%7 == 6 {
				n = 1 + r.Intn(200)
			}
			wide := 0
			if trial%2 == 1 {
				wide = n &^ 15
			}
			ctr, y := ctrFor(r, trial), newTwin(r, 16)
			src, dst := newTwin(r, 16*n), newTwin(r, 16*n)
			if trial%4 == 1 {
				dst = src
			}
			if err := model(mptr(k.Enc), k.Rounds, mptr(t.tab[:]), mptr(ctr.m), mptr(y.m), mptr(dst.m), mptr(src.m), n, wide); err != nil {
				return "", err
			}
			native(&k.Enc[0], k.Rounds, &t.tab[0], b16(ctr.n), b16(y.n), &dst.n[0], &src.n[0], n, wide)
			return diff([]string{"dst", "y", "ctr", "src"}, dst, y, ctr, src), nil
		}
	}
	ecb := func(native func(rk *byte, nr int, dst, src *byte, n int), dec bool) func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
		return func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			k := keyFor(r, trial)
			rk := k.Enc
			if dec {
				rk = k.Dec
			}
			n := 1 + trial%40
			src, dst := newTwin(r, 16*n), newTwin(r, 16*n)
			if err := model(mptr(rk), k.Rounds, mptr(dst.m), mptr(src.m), n); err != nil {
				return "", err
			}
			native(&rk[0], k.Rounds, &dst.n[0], &src.n[0], n)
			return diff([]string{"dst", "src"}, dst, src), nil
		}
	}
	cbc := func(native func(rk *byte, nr int, iv *[16]byte, dst, src *byte, n int), dec bool) func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
		return func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			k := keyFor(r, trial)
			rk := k.Enc
			if dec {
				rk = k.Dec
			}
			n := 1 + trial%40
			iv, src, dst := newTwin(r, 16), newTwin(r, 16*n), newTwin(r, 16*n)
			if err := model(mptr(rk), k.Rounds, mptr(iv.m), mptr(dst.m), mptr(src.m), n); err != nil {
				return "", err
			}
			native(&rk[0], k.Rounds, b16(iv.n), &dst.n[0], &src.n[0], n)
			return diff([]string{"dst", "iv", "src"}, dst, iv, src), nil
		}
	}
	zmmGCM := func(native func(rk *byte, nr int, tab *byte, ctr, y *[16]byte, dst, src *byte, n int)) func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
		return func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			k, t := keyFor(r, trial), tableFor(r)
			n := 16 * (1 + trial%6)
			ctr, y := ctrFor(r, trial), newTwin(r, 16)
			src, dst := newTwin(r, 16*n), newTwin(r, 16*n)
			if trial%4 == 1 {
				dst = src
			}
			if err := model(mptr(k.Enc), k.Rounds, mptr(t.tab[:]), mptr(ctr.m), mptr(y.m), mptr(dst.m), mptr(src.m), n); err != nil {
				return "", err
			}
			native(&k.Enc[0], k.Rounds, &t.tab[0], b16(ctr.n), b16(y.n), &dst.n[0], &src.n[0], n)
			return diff([]string{"dst", "y", "ctr", "src"}, dst, y, ctr, src), nil
		}
	}
	zmm := []string{"avx512f", "avx512bw", "avx512vl", "vaes", "vpclmulqdq"}
	cases := []nativeKernel{
		// Where AVX-512 exists, the ZMM kernels too (not on this project's
		// build host: they are checked there through the model only).
		{asmGCMV512, "gcmSealV512", zmm, 30, zmmGCM(gcmSealV512)},
		{asmGCMV512, "gcmOpenV512", zmm, 30, zmmGCM(gcmOpenV512)},
		{asmAESV512, "ecbEncVAES", zmm, 40, ecb(ecbEncVAES, false)},
		{asmAESV512, "ecbDecVAES", zmm, 40, ecb(ecbDecVAES, true)},
		{asmAESV512, "cbcDecVAES", zmm, 40, cbc(cbcDecVAES, true)},
		{asmAESV512, "ctrVAES", zmm, 40, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			// Both paths: plain adds (32 blocks or more, low 32 bits
			// not wrapping) and the carry tree (shorter, or wrapping).
			k := keyFor(r, trial)
			n := 1 + trial%20
			if trial%2 == 1 {
				n = 32 + r.Intn(80)
			}
			hi, lo := r.Uint64(), r.Uint64()
			switch trial % 8 {
			case 3:
				lo = ^uint64(0) - uint64(r.Intn(100))
			case 5:
				lo = uint64(r.Uint32())<<32 | uint64(^uint32(0)-uint32(r.Intn(100)))
			case 7:
				hi, lo = ^uint64(0), ^uint64(0)-uint64(r.Intn(100))
			}
			base := make([]uint64, 8)
			for i := 0; i < 4; i++ {
				l, h := lo+uint64(i), hi
				if l < lo {
					h++
				}
				base[2*i], base[2*i+1] = l, h
			}
			src, dst := newTwin(r, 16*n), newTwin(r, 16*n)
			if err := model(mptr(k.Enc), k.Rounds, mptr((*[64]byte)(unsafe.Pointer(&base[0]))[:]), mptr(dst.m), mptr(src.m), n); err != nil {
				return "", err
			}
			ctrVAES(&k.Enc[0], k.Rounds, (*[8]uint64)(base), &dst.n[0], &src.n[0], n)
			return diff([]string{"dst"}, dst), nil
		}},

		{asmGCMNI, "gcmInitNI", []string{"pclmulqdq", "sse2"}, 40, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			n := 1 + trial%16
			tab := newTwin(r, 16*n)
			if err := model(mptr(tab.m), n); err != nil {
				return "", err
			}
			gcmInitNI(&tab.n[0], n)
			return diff([]string{"tab"}, tab), nil
		}},
		{asmGCMNI, "gcmGhashNI", []string{"pclmulqdq", "ssse3"}, 60, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			t := tableFor(r)
			n := 1 + trial%30
			y, p := newTwin(r, 16), newTwin(r, 16*n)
			if err := model(mptr(t.tab[gcmNIOff:]), mptr(y.m), mptr(p.m), n); err != nil {
				return "", err
			}
			gcmGhashNI(&t.tab[gcmNIOff], b16(y.n), &p.n[0], n)
			return diff([]string{"y", "p"}, y, p), nil
		}},
		{asmGCMNI, "gcmSealNI", []string{"aesni", "pclmulqdq", "ssse3"}, 60, stitched(gcmSealNI, gcmNIOff, 40)},
		{asmGCMNI, "gcmOpenNI", []string{"aesni", "pclmulqdq", "ssse3"}, 60, stitched(gcmOpenNI, gcmNIOff, 40)},
		{asmGCMV256, "gcmSealV256", []string{"avx2", "vaes", "vpclmulqdq"}, 70, stitchedWide(gcmSealV256)},
		{asmGCMV256, "gcmOpenV256", []string{"avx2", "vaes", "vpclmulqdq"}, 70, stitchedWide(gcmOpenV256)},
		{asmGCMV256, "gcmGhash1V256", []string{"avx", "pclmulqdq"}, 20, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			t := tableFor(r)
			y, p := newTwin(r, 16), newTwin(r, 16)
			if err := model(mptr(t.tab[:]), mptr(y.m), mptr(p.m)); err != nil {
				return "", err
			}
			gcmGhash1V256(&t.tab[0], b16(y.n), &p.n[0])
			return diff([]string{"y"}, y), nil
		}},
		{asmAESNI, "ecbEncNI", []string{"aesni"}, 30, ecb(ecbEncNI, false)},
		{asmAESNI, "ecbDecNI", []string{"aesni"}, 30, ecb(ecbDecNI, true)},
		{asmAESNI, "cbcEncNI", []string{"aesni"}, 30, cbc(cbcEncNI, false)},
		{asmAESNI, "cbcDecNI", []string{"aesni"}, 30, cbc(cbcDecNI, true)},
		{asmAESNI, "ctrNI", []string{"aesni", "ssse3"}, 40, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			k := keyFor(r, trial)
			n := 1 + trial%40
			hi, lo := r.Uint64(), r.Uint64()
			if trial%2 == 0 {
				lo = ^uint64(0) - uint64(r.Intn(20))
				if trial%4 == 0 {
					hi = ^uint64(0)
				}
			}
			src, dst := newTwin(r, 16*n), newTwin(r, 16*n)
			if err := model(mptr(k.Enc), k.Rounds, hi, lo, mptr(dst.m), mptr(src.m), n); err != nil {
				return "", err
			}
			ctrNI(&k.Enc[0], k.Rounds, hi, lo, &dst.n[0], &src.n[0], n)
			return diff([]string{"dst"}, dst), nil
		}},
		{asmAESNI, "aesencProbe", []string{"aesni"}, 5, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			s, k, o := newTwin(r, 16), newTwin(r, 16), newTwin(r, 16)
			if err := model(mptr(s.m), mptr(k.m), mptr(o.m)); err != nil {
				return "", err
			}
			aesencProbe(b16(s.n), b16(k.n), b16(o.n))
			return diff([]string{"out"}, o), nil
		}},
		{asmAESV512, "vaesencProbeYMM", []string{"avx", "vaes"}, 5, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			s, k, o := newTwin(r, 64), newTwin(r, 64), newTwin(r, 64)
			if err := model(mptr(s.m), mptr(k.m), mptr(o.m)); err != nil {
				return "", err
			}
			p64 := func(b []byte) *[64]byte { return (*[64]byte)(unsafe.Pointer(&b[0])) }
			vaesencProbeYMM(p64(s.n), p64(k.n), p64(o.n))
			return diff([]string{"out"}, o), nil
		}},
		{asmGCMProbe, "pclmulqdqProbe", []string{"pclmulqdq"}, 5, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			a, b, o := newTwin(r, 32), newTwin(r, 32), newTwin(r, 64)
			if err := model(mptr(a.m), mptr(b.m), mptr(o.m)); err != nil {
				return "", err
			}
			u4 := func(b []byte) *[4]uint64 { return (*[4]uint64)(unsafe.Pointer(&b[0])) }
			pclmulqdqProbe(u4(a.n), u4(b.n), (*[8]uint64)(unsafe.Pointer(&o.n[0])))
			return diff([]string{"out"}, o), nil
		}},
		{asmGCMProbe, "vpclmulqdqProbe", []string{"avx2", "vpclmulqdq"}, 5, func(r *rand.Rand, trial int, model func(args ...interface{}) error) (string, error) {
			a, b, o := newTwin(r, 32), newTwin(r, 32), newTwin(r, 128)
			if err := model(mptr(a.m), mptr(b.m), mptr(o.m)); err != nil {
				return "", err
			}
			u4 := func(b []byte) *[4]uint64 { return (*[4]uint64)(unsafe.Pointer(&b[0])) }
			vpclmulqdqProbe(u4(a.n), u4(b.n), (*[16]uint64)(unsafe.Pointer(&o.n[0])))
			return diff([]string{"out"}, o), nil
		}},
	}
	for _, c := range cases {
		var miss []string
		for _, f := range c.needs {
			if !det[f] {
				miss = append(miss, f)
			}
		}
		if len(miss) > 0 {
			*log = append(*log, fmt.Sprintf("skip %s %s: this CPU lacks %s", c.file, c.fn, strings.Join(miss, ",")))
			if !strings.Contains(strings.Join(c.needs, ","), "avx512f") { // AVX-512 kernels are extra evidence where they run
				*skipped = append(*skipped, fmt.Sprintf("%s (lacks %s)", c.fn, strings.Join(miss, ",")))
			}
			continue
		}
		p, err := loadAsm(c.file)
		if err != nil {
			return err
		}
		r := rand.New(rand.NewSource(int64(len(c.fn))*7919 + 11))
		for trial := 0; trial < c.trials; trial++ {
			opt := asmRunOpts{rng: rand.New(rand.NewSource(int64(trial))), frameSkew: uint64(8 * trial), forms: forms}
			model := func(args ...interface{}) error {
				_, err := p.run(c.fn, opt, args...)
				return err
			}
			d, err := c.run(r, trial, model)
			if err != nil {
				return fmt.Errorf("%s trial %d: the model failed: %v", c.fn, trial, err)
			}
			if d != "" {
				return fmt.Errorf("%s trial %d: the model and this CPU disagree: %s", c.fn, trial, d)
			}
		}
		*log = append(*log, fmt.Sprintf("%s %s: model = CPU in %d trials", c.file, c.fn, c.trials))
	}
	return nil
}

// ---- ZMM forms lane by lane ---------------------------------------------

// runSnippet runs one instruction (plus RET) with the registers set up by
// init and p (64 bytes, addressed by AX) and returns the machine.
func runSnippet(t *testing.T, insn string, init func(m *machine), mem []byte) *machine {
	t.Helper()
	src := "TEXT ·snip(SB), NOSPLIT, $0-8\n\tMOVQ p+0(FP), AX\n\t" + insn + "\n\tRET\n"
	p := asmText(t, src)
	opt := asmRunOpts{rng: rand.New(rand.NewSource(9)), init: init}
	m, err := p.run("snip", opt, mptr(mem))
	if err != nil {
		t.Fatalf("%s: %v", insn, err)
	}
	return m
}

// TestAsmModelLanes: every per-lane instruction in ZMM (and YMM) form,
// register and memory sources, equals its XMM form applied to each lane.
func TestAsmModelLanes(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	ops := []string{
		"VAESENC %s, %s, %s", "VAESENCLAST %s, %s, %s", "VAESDEC %s, %s, %s", "VAESDECLAST %s, %s, %s",
		"VPCLMULQDQ $0x00, %s, %s, %s", "VPCLMULQDQ $0x01, %s, %s, %s", "VPCLMULQDQ $0x10, %s, %s, %s", "VPCLMULQDQ $0x11, %s, %s, %s",
		"VPSHUFB %s, %s, %s", "VPXORQ %s, %s, %s", "VPADDD %s, %s, %s", "VPADDQ %s, %s, %s",
		"VPSHUFD $0x4e, %[2]s, %[3]s", "VPSHUFD $0x1b, %[2]s, %[3]s",
		"VPSLLDQ $8, %[2]s, %[3]s", "VPSRLDQ $8, %[2]s, %[3]s", "VPSLLDQ $3, %[2]s, %[3]s", "VPSRLDQ $13, %[2]s, %[3]s",
	}
	for _, op := range ops {
		for _, cls := range []string{"Z", "Y"} {
			for _, memSrc := range []bool{false, true} {
				lanes := map[string]int{"Z": 4, "Y": 2}[cls]
				for trial := 0; trial < 8; trial++ {
					var a, b [64]byte
					r.Read(a[:])
					r.Read(b[:])
					if strings.HasPrefix(op, "VPSHUFB") && trial%2 == 0 {
						for i := range b { // byte-reversal-like controls, some with bit 7
							b[i] = byte(15-i%16) | byte(r.Intn(2))<<7
						}
					}
					src2 := cls + "2"
					if memSrc {
						src2 = "(AX)"
					}
					if strings.Contains(op, "%[2]s") && memSrc {
						continue // unary: memory source covered by the binary ops
					}
					wide := runSnippet(t, fmt.Sprintf(op, src2, cls+"1", cls+"0"), func(m *machine) {
						copy(m.v[1][:], a[:])
						copy(m.v[2][:], b[:])
					}, b[:])
					for l := 0; l < lanes; l++ {
						src2x := "X2"
						if memSrc {
							src2x = "(AX)"
						}
						lane := runSnippet(t, fmt.Sprintf(op, src2x, "X1", "X0"), func(m *machine) {
							copy(m.v[1][:16], a[16*l:])
							copy(m.v[2][:16], b[16*l:])
						}, clone(b[16*l:16*l+16]))
						if !bytes.Equal(lane.v[0][:16], wide.v[0][16*l:16*l+16]) {
							t.Fatalf("%s on %s, lane %d (memory source %v): %x, the XMM form gives %x",
								op, cls, l, memSrc, wide.v[0][16*l:16*l+16], lane.v[0][:16])
						}
					}
					w := map[string]int{"Z": 64, "Y": 32}[cls]
					for i := w; i < 64; i++ {
						if wide.v[0][i] != 0 {
							t.Fatalf("%s on %s: byte %d above the destination not cleared", op, cls, i)
						}
					}
				}
			}
		}
	}
}

// ---- EVEX-only instructions against the SDM definitions ------------------

func qwords(b []byte) []uint64 {
	q := make([]uint64, len(b)/8)
	for i := range q {
		q[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	return q
}

func TestAsmModelEVEX(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	var a, b, c [64]byte
	r.Read(a[:])
	r.Read(b[:])
	r.Read(c[:])
	set := func(m *machine) {
		copy(m.v[1][:], a[:])
		copy(m.v[2][:], b[:])
		copy(m.v[3][:], c[:])
	}
	qa, qb, qc := qwords(a[:]), qwords(b[:]), qwords(c[:])
	expect := func(name string, got []byte, want []uint64) {
		t.Helper()
		if g := qwords(got); fmt.Sprint(g) != fmt.Sprint(want) {
			t.Errorf("%s:\n got  %x\n want %x", name, g, want)
		}
	}
	// VPTERNLOGQ $imm, Z3, Z2, Z1: bit = imm[a<<2 | b<<1 | c].
	for _, tc := range []struct {
		imm int
		f   func(a, b, c uint64) uint64
	}{
		{0x96, func(a, b, c uint64) uint64 { return a ^ b ^ c }},
		{0xe8, func(a, b, c uint64) uint64 { return a&b | a&c | b&c }},
		{0xca, func(a, b, c uint64) uint64 { return a&b | ^a&c }},
		{0x80, func(a, b, c uint64) uint64 { return a & b & c }},
		{0xf0, func(a, b, c uint64) uint64 { return a }},
		{0xcc, func(a, b, c uint64) uint64 { return b }},
		{0xaa, func(a, b, c uint64) uint64 { return c }},
	} {
		m := runSnippet(t, fmt.Sprintf("VPTERNLOGQ $%#x, Z3, Z2, Z1", tc.imm), set, make([]byte, 8))
		var want []uint64
		for i := 0; i < 8; i++ {
			want = append(want, tc.f(qa[i], qb[i], qc[i]))
		}
		expect(fmt.Sprintf("VPTERNLOGQ $%#x", tc.imm), m.v[1][:], want)
	}
	// VSHUFI64X2 $imm, Z2, Z1, Z0: lanes 0, 1 from Z1, lanes 2, 3 from Z2.
	for _, imm := range []int{0x00, 0x1b, 0xe4, 0x4e, 0xb1} {
		m := runSnippet(t, fmt.Sprintf("VSHUFI64X2 $%#x, Z2, Z1, Z0", imm), set, make([]byte, 8))
		var want []uint64
		for l := 0; l < 4; l++ {
			sel := imm >> (2 * uint(l)) & 3
			src := qa
			if l >= 2 {
				src = qb
			}
			want = append(want, src[2*sel], src[2*sel+1])
		}
		expect(fmt.Sprintf("VSHUFI64X2 $%#x", imm), m.v[0][:], want)
	}
	// VEXTRACTI64X4 / VEXTRACTI32X4 / VEXTRACTI128 to registers (cleared above).
	for _, tc := range []struct {
		insn string
		want []uint64
	}{
		{"VEXTRACTI64X4 $1, Z1, Y0", []uint64{qa[4], qa[5], qa[6], qa[7], 0, 0, 0, 0}},
		{"VEXTRACTI64X4 $0, Z1, Y0", []uint64{qa[0], qa[1], qa[2], qa[3], 0, 0, 0, 0}},
		{"VEXTRACTI32X4 $3, Z1, X0", []uint64{qa[6], qa[7], 0, 0, 0, 0, 0, 0}},
		{"VEXTRACTI32X4 $2, Z1, X0", []uint64{qa[4], qa[5], 0, 0, 0, 0, 0, 0}},
		{"VEXTRACTI128 $1, Y1, X0", []uint64{qa[2], qa[3], 0, 0, 0, 0, 0, 0}},
		{"VALIGNQ $6, Z2, Z1, Z0", []uint64{qb[6], qb[7], qa[0], qa[1], qa[2], qa[3], qa[4], qa[5]}},
		{"VALIGNQ $1, Y2, Y1, Y0", []uint64{qb[1], qb[2], qb[3], qa[0], 0, 0, 0, 0}},
		{"VPXOR Y2, Y1, Y0", []uint64{qa[0] ^ qb[0], qa[1] ^ qb[1], qa[2] ^ qb[2], qa[3] ^ qb[3], 0, 0, 0, 0}},
		{"VPXOR X2, X1, X0", []uint64{qa[0] ^ qb[0], qa[1] ^ qb[1], 0, 0, 0, 0, 0, 0}},
		{"VPXORQ X2, X1, X0", []uint64{qa[0] ^ qb[0], qa[1] ^ qb[1], 0, 0, 0, 0, 0, 0}},
		{"VINSERTI128 $1, X2, Y1, Y0", []uint64{qa[0], qa[1], qb[0], qb[1], 0, 0, 0, 0}},
		// Legacy SSE writes keep the bits above 127.
		{"PXOR X2, X1", []uint64{qa[0] ^ qb[0], qa[1] ^ qb[1], qa[2], qa[3], qa[4], qa[5], qa[6], qa[7]}},
	} {
		m := runSnippet(t, tc.insn, set, make([]byte, 8))
		dst := m.v[0][:]
		if strings.HasPrefix(tc.insn, "PXOR") {
			dst = m.v[1][:]
		}
		expect(tc.insn, dst, tc.want)
	}
	// VBROADCASTI32X4 m128, Z; VPBROADCASTQ r64, Z; masked loads and stores.
	mem := randBytes(r, 64)
	m := runSnippet(t, "VBROADCASTI32X4 16(AX), Z0", set, mem)
	mq := qwords(mem)
	expect("VBROADCASTI32X4", m.v[0][:], []uint64{mq[2], mq[3], mq[2], mq[3], mq[2], mq[3], mq[2], mq[3]})
	m = runSnippet(t, "VPBROADCASTQ AX, Z0", set, mem)
	if q := qwords(m.v[0][:]); q[0] != q[7] || q[0]>>32 != 1 {
		t.Errorf("VPBROADCASTQ AX: %x (AX = the simulated address of the buffer)", q)
	}
	// VMOVDQU64.Z (AX), K2, Z0 with K2 = 0b00100101: qwords 0, 2, 5 loaded,
	// the rest zero; merging keeps Z0's.
	setK := func(k uint64) func(m *machine) {
		return func(m *machine) { set(m); m.k[2] = k; copy(m.v[0][:], c[:]) }
	}
	m = runSnippet(t, "VMOVDQU64.Z (AX), K2, Z0", setK(0x25), mem)
	expect("VMOVDQU64.Z", m.v[0][:], []uint64{mq[0], 0, mq[2], 0, 0, mq[5], 0, 0})
	m = runSnippet(t, "VMOVDQU64 (AX), K2, Z0", setK(0x25), mem)
	expect("VMOVDQU64 merge", m.v[0][:], []uint64{mq[0], qc[1], mq[2], qc[3], qc[4], mq[5], qc[6], qc[7]})
	st := clone(mem)
	runSnippet(t, "VMOVDQU64 Z1, K2, (AX)", setK(0x81), st)
	expect("VMOVDQU64 masked store", st, []uint64{qa[0], mq[1], mq[2], mq[3], mq[4], mq[5], mq[6], qa[7]})
	// Fault suppression: a masked-off element past the buffer is not read.
	short := clone(mem[:24])
	m = runSnippet(t, "VMOVDQU64.Z (AX), K2, Z0", setK(0x05), short)
	expect("VMOVDQU64.Z near the end", m.v[0][:], []uint64{mq[0], 0, mq[2], 0, 0, 0, 0, 0})
	// VPCMPUQ $1 (LT), KSHIFTLW, masked VPADDQ: the 128-bit carry of aes/vaes512.
	m = runSnippet(t, "VPCMPUQ $1, Z2, Z1, K1; KSHIFTLW $1, K1, K3; VPADDQ Z2, Z1, K3, Z0", func(mm *machine) { set(mm); copy(mm.v[0][:], c[:]) }, mem)
	var lt uint64
	for i := 0; i < 8; i++ {
		if qa[i] < qb[i] {
			lt |= 1 << uint(i)
		}
	}
	if m.k[1] != lt || m.k[3] != lt<<1&0xffff {
		t.Errorf("VPCMPUQ/KSHIFTLW: K1 %b K3 %b, want %b %b", m.k[1], m.k[3], lt, lt<<1&0xffff)
	}
	var want []uint64
	for i := 0; i < 8; i++ {
		if lt<<1>>uint(i)&1 == 1 {
			want = append(want, qa[i]+qb[i])
		} else {
			want = append(want, qc[i])
		}
	}
	expect("VPADDQ under K3", m.v[0][:], want)
	m = runSnippet(t, "VMOVDQA64 Z1, Z0", set, mem)
	expect("VMOVDQA64 Z1, Z0", m.v[0][:], qa)
	// KMOVW from a GPR keeps 16 bits.
	m = runSnippet(t, "MOVQ $-1, R11; KMOVW R11, K2", set, mem)
	if m.k[2] != 0xffff {
		t.Errorf("KMOVW R11 (all ones) = %x, want ffff", m.k[2])
	}
	// VZEROUPPER clears bits 128+ of Z0-Z15 only.
	m = runSnippet(t, "VZEROUPPER", func(mm *machine) {
		for i := range mm.v {
			for j := range mm.v[i] {
				mm.v[i][j] = 0xaa
			}
		}
	}, mem)
	if m.v[3][15] != 0xaa || m.v[3][16] != 0 || m.v[15][63] != 0 || m.v[16][63] != 0xaa {
		t.Errorf("VZEROUPPER: Z3 byte 15 %x, 16 %x; Z15 byte 63 %x; Z16 byte 63 %x", m.v[3][15], m.v[3][16], m.v[15][63], m.v[16][63])
	}
}

// TestAsmModelRefuses: what a CPU or the assembler would refuse, the model
// refuses too (so the model's own checks can fail).
func TestAsmModelRefuses(t *testing.T) {
	mem := make([]byte, 64)
	run := func(body string, b []byte) error {
		p, err := parseAsm("test", "#include \"textflag.h\"\nTEXT ·snip(SB), NOSPLIT, $0-8\n\tMOVQ p+0(FP), AX\n\t"+body+"\n\tRET\n")
		if err != nil {
			return err
		}
		_, err = p.run("snip", asmRunOpts{}, mptr(b))
		return err
	}
	for _, tc := range []struct{ body, want string }{
		{"VMOVDQU64 8(AX), Z0", "outside"},
		{"VMOVDQU64 Z0, -8(AX)", "outside"},
		{"MOVO 8(AX), X0", "aligned"},
		{"PXOR 4(AX), X0", "aligned"},
		{"VMOVDQA 16(AX), Y0", "aligned"},
		{"JEQ l; l:", "undefined"},
		{"SHLQ $3, BX; JLT l; l:", "undefined"},
		{"VFOOBAR Z0, Z1, Z2", "not in the model"},
		{"VPXOR Z1, Z2, Z3", "no EVEX form"},
		{"VAESENC Z1, Z2, K1, Z3", "no opmask"},
		{"VMOVDQU64.Z Z0, K1, (AX)", "zeroing"},
		{"MOVQ $1, (BX)", "no buffer"},
		{"JMP nowhere", "unknown label"},
		{"VPXORQ Z1, Y2, Y3", "bytes"},
	} {
		err := run(tc.body, mem)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one saying %q", tc.body, err, tc.want)
		}
	}
	p := asmText(t, "TEXT ·loop(SB), NOSPLIT, $0-0\nl:\n\tJMP l\n")
	if _, err := p.run("loop", asmRunOpts{maxSteps: 1000}); err == nil || !strings.Contains(err.Error(), "more than") {
		t.Errorf("an endless loop: %v", err)
	}
	// A write to RODATA.
	p = asmText(t, "DATA c<>+0(SB)/8, $1\nGLOBL c<>(SB), RODATA, $8\nTEXT ·w(SB), NOSPLIT, $0-0\n\tMOVQ $2, c<>(SB)\n\tRET\n")
	if _, err := p.run("w", asmRunOpts{}); err == nil || !strings.Contains(err.Error(), "read-only") {
		t.Errorf("a store to RODATA: %v", err)
	}
}

// TestAsmModelGPR: general-register instructions and flags against the
// SDM's definitions (32-bit results zero-extend; shift counts are masked;
// INC/DEC keep CF; CMP a, b is a - b in Go's order).
func TestAsmModelGPR(t *testing.T) {
	mem := make([]byte, 64)
	for _, tc := range []struct {
		body  string
		reg   int
		want  uint64
		flags string // expected defined flags, e.g. "CF ZF" set, "-CF" clear
	}{
		{"MOVQ $-1, R11; MOVL $1, R11", 11, 1, ""},
		{"MOVL $5, CX; MOVL $1, R11; SHLL CX, R11", 11, 32, "-CF -ZF -SF"},
		{"MOVQ $33, CX; MOVL $1, R11; SHLL CX, R11", 11, 2, "-CF"},
		{"MOVL $0x80000001, R11; SHLL $1, R11", 11, 2, "CF -SF OF"},
		{"MOVQ $-1, R11; MOVL $0, R11; DECL R11", 11, 0xffffffff, "-ZF SF"},
		{"MOVQ $1, R11; DECQ R11", 11, 0, "ZF -SF"},
		{"MOVQ $0, CX; SUBQ $1, CX; DECQ CX", 1, ^uint64(1), "CF"},
		{"MOVQ $12, BX; CMPQ BX, $12", 3, 12, "ZF -CF"},
		{"MOVQ $12, BX; CMPQ BX, $13", 3, 12, "CF -ZF SF"},
		{"MOVQ $13, BX; CMPQ $12, BX", 3, 13, "CF"},
		{"MOVQ $3, BX; SHLQ $4, BX", 3, 48, "-CF -ZF"},
		{"MOVQ $0x12345678, R9; BSWAPL R9", 9, 0x78563412, ""},
		{"MOVQ $-1, R9; LEAL 2(R9), R9", 9, 1, ""},
		{"MOVQ $-1, R8; ADDQ $1, R8; MOVQ $5, R9; ADCQ $0, R9", 9, 6, "-CF"},
		{"MOVQ $5, R9; TESTQ R9, R9", 9, 5, "-ZF -CF"},
		{"MOVQ $-32, R10; MOVQ $100, R11; ANDQ R10, R11", 11, 96, ""},
		{"MOVQ $7, R9; XORL R9, R9", 9, 0, "ZF"},
	} {
		m := runSnippet(t, tc.body, nil, mem)
		if m.gpr[tc.reg] != tc.want {
			t.Errorf("%s: %s = %#x, want %#x", tc.body, gprNames[tc.reg], m.gpr[tc.reg], tc.want)
		}
		for _, f := range strings.Fields(tc.flags) {
			want := !strings.HasPrefix(f, "-")
			name := strings.TrimPrefix(f, "-")
			bit := map[string]uint8{"CF": flagCF, "ZF": flagZF, "SF": flagSF, "OF": flagOF}[name]
			got, err := m.flag(bit, name)
			if err != nil || got != want {
				t.Errorf("%s: %s = %v (%v), want %v", tc.body, name, got, err, want)
			}
		}
	}
	// Branches: JB after CMPQ takes the unsigned order.
	m := runSnippet(t, "MOVQ $1, R9; MOVQ $2, BX; CMPQ BX, $12; JB l; MOVQ $0, R9; l:", nil, mem)
	if m.gpr[9] != 1 {
		t.Error("JB after CMPQ 2, 12 not taken")
	}
	m = runSnippet(t, "MOVQ $1, R9; MOVQ $12, BX; CMPQ BX, $12; JEQ l; MOVQ $0, R9; l:", nil, mem)
	if m.gpr[9] != 1 {
		t.Error("JEQ after CMPQ 12, 12 not taken")
	}
	m = runSnippet(t, "MOVQ $1, R9; MOVQ $2, CX; DECQ CX; JNE l; MOVQ $0, R9; l:", nil, mem)
	if m.gpr[9] != 1 {
		t.Error("JNE after DECQ 2 not taken")
	}
}
