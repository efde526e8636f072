//go:build amd64 && gc

package amd64

// aes-gcm/vaes512 and aes/vaes512 need AVX-512, which this host (and QEMU)
// does not have. Their kernels are checked here in the instruction model
// (asmmodel_*_amd64_test.go), which reads the .s files and executes them
// instruction by instruction, and which is itself checked against this
// CPU on the SSE/VEX kernels. aes-gcm/vaes512's wrappers are repeated here
// with the model in place of the assembly calls; run with the threshold
// out of reach, the real wrappers run natively (TestGCMVAES512Model's
// "real-wrappers" case).

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/rand"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/family/gcm/gcmtest"
	"github.com/xarchlab/xarch/oracle/ref"
)

// gcmV512Model runs the ZMM kernels in the model and counts what it ran.
type gcmV512Model struct {
	prog   *asmProgram
	mu     sync.Mutex
	calls  map[string]int
	blocks int
	forms  map[string]int
	hits   map[*asmInsn]int
	seed   int64
}

func newGCMV512Model(t testing.TB) *gcmV512Model {
	return &gcmV512Model{prog: mustAsm(t, asmGCMV512), calls: map[string]int{}, forms: map[string]int{}, hits: map[*asmInsn]int{}}
}

// run executes fn in the model. The regions the model lets it touch are
// exactly what the kernel's contract gives it: nr+1 round keys, the whole
// key table (the 16 powers and their Karatsuba qwords), the counter and y
// blocks, and dst and src as passed. A fault or any other model error
// panics (the kernel signature has no error), naming the call.
func (mdl *gcmV512Model) run(fn string, k *aes.Key, t *gcmKey, ctr, y *[16]byte, dst, src []byte, n int) {
	mdl.mu.Lock()
	defer mdl.mu.Unlock()
	mdl.seed++
	opt := asmRunOpts{rng: rand.New(rand.NewSource(mdl.seed)), frameSkew: uint64(8 * mdl.seed), forms: mdl.forms, hits: mdl.hits}
	if _, err := mdl.prog.run(fn, opt, mptr(k.Enc[:16*(k.Rounds+1)]), k.Rounds, mptr(t.tab[:2*16*gcmKeyPowers]),
		mptr(ctr[:]), mptr(y[:]), mptr(dst), mptr(src), n); err != nil {
		panic(fmt.Sprintf("model of %s (%d blocks, %d rounds): %v", fn, n, k.Rounds, err))
	}
	mdl.calls[fn]++
	mdl.blocks += n
}

// funcs: aes-gcm/vaes512's entry points with the kernels in the model:
// gcmSealV512Go and gcmOpenV512Go line for line, the assembly call
// replaced by the model. The rest (threshold, counter, the narrow path in
// aes-gcm/vaes256, Init, GHASH) is the level's own and runs natively.
func (mdl *gcmV512Model) funcs(real *gcm.Funcs) *gcm.Funcs {
	f := *real
	f.Seal = func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
		if w := gcmV512Wide(aesCheck("aes-gcm/vaes512", k, k.Enc, dst, src)); w > 0 {
			mdl.run("gcmSealV512", k, hk.(*gcmKey), ctr, y, dst[:16*w], src[:16*w], w)
			gcmCtrAdvance(ctr, w)
			dst, src = dst[16*w:], src[16*w:]
		}
		gcmSealV256Go(k, hk, ctr, y, dst, src)
	}
	f.Open = func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte) {
		if w := gcmV512Wide(aesCheck("aes-gcm/vaes512", k, k.Enc, dst, src)); w > 0 {
			mdl.run("gcmOpenV512", k, hk.(*gcmKey), ctr, y, dst[:16*w], src[:16*w], w)
			gcmCtrAdvance(ctr, w)
			dst, src = dst[16*w:], src[16*w:]
		}
		gcmOpenV256Go(k, hk, ctr, y, dst, src)
	}
	return &f
}

// modelLevel: aes-gcm/vaes512 as registered, with the model's entry points.
func modelLevel(t *testing.T, mdl *gcmV512Model) *arch.Impl {
	im, ok := arch.Lookup("aes-gcm/vaes512")
	if !ok {
		t.Fatal("aes-gcm/vaes512 is not registered")
	}
	// The narrow path and Init/GHASH run natively: they need aes-gcm/vaes256.
	v256, _ := arch.Lookup("aes-gcm/vaes256")
	if miss := (arch.State{Detected: arch.Detect()}).Missing(v256); miss != "" {
		t.Skipf("aes-gcm/vaes512's narrow path is aes-gcm/vaes256, which this CPU cannot run (missing %s); the model needs it", miss)
	}
	g, err := gcm.Of(im)
	if err != nil {
		t.Fatal(err)
	}
	m := *im
	m.Name = im.Name + " (model)"
	m.Funcs = mdl.funcs(g)
	return &m
}

// TestGCMVAES512Registered: the level's declaration.
func TestGCMVAES512Registered(t *testing.T) {
	im, ok := arch.Lookup("aes-gcm/vaes512")
	if !ok {
		t.Fatal("aes-gcm/vaes512 is not registered")
	}
	v256, _ := arch.Lookup("aes-gcm/vaes256")
	aes512, _ := arch.Lookup("aes/vaes512")
	if v256 == nil || im.Rank <= v256.Rank || aes512 == nil || im.Rank < aes512.Rank {
		t.Errorf("rank %d: must be above aes-gcm/vaes256 and not below aes/vaes512", im.Rank)
	}
	if !strings.Contains(im.NeedsHardware, "AVX-512") {
		t.Errorf("NeedsHardware = %q, want the reason (AVX-512)", im.NeedsHardware)
	}
	req := map[string]bool{}
	for _, f := range im.Requires {
		if !knownFeature(f) {
			t.Errorf("requires unknown feature %q", f)
		}
		req[f] = true
	}
	// Everything aes-gcm/vaes256 needs (its entry points are the narrow
	// path), plus the ZMM features: a mask of any of them falls back.
	for _, f := range append(append([]string(nil), v256.Requires...), "avx512f", "avx512bw", "vaes", "vpclmulqdq") {
		if !req[f] {
			t.Errorf("Requires lacks %s", f)
		}
	}
	found := false
	for _, tu := range im.Tuning {
		if tu.Name == "wide_min_bytes" {
			found = tu.Var == &gcmV512WideMin && tu.Unit == arch.Bytes
		}
	}
	if !found {
		t.Error("wide_min_bytes is not declared as a tunable (Var) byte threshold")
	}
	// Dispatch and masks, as on an AVX-512 host: all features pick
	// vaes512; without vaes or vpclmulqdq an aesni-based level; without
	// avx512f vaes256; without aesni the generic level.
	all := map[string]bool{}
	for _, f := range arch.KnownFeatures() {
		all[f.Name] = true
	}
	for _, tc := range []struct{ mask, want string }{
		{"", "aes-gcm/vaes512"}, {"vaes", "aes-gcm/aesni"}, {"vpclmulqdq", "aes-gcm/aesni"},
		{"avx512f", "aes-gcm/vaes256"}, {"avx512bw", "aes-gcm/vaes256"}, {"aesni", "aes-gcm/generic"},
	} {
		mask, err := arch.ParseMask(tc.mask)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		if best := (arch.State{Detected: all, Masked: mask}).Best(gcm.Name); best != nil {
			got = best.Name
		}
		if got != tc.want {
			t.Errorf("all features, --mask %q: dispatch picks %s, want %s", tc.mask, got, tc.want)
		}
	}
}

// TestGCMVAES512Model runs the shared AES-GCM checks (gcmtest.Level:
// lengths 0..600 and around every tuning length, IVs, tags, tampering,
// counter wrap, streams in place and in pieces, raw kernels against the
// generic level, guard pages) on aes-gcm/vaes512 with its kernels in the
// model, at the default threshold and at thresholds that send every call
// of 16 blocks or more (0) or none (2^30) to the ZMM kernels; then 16 KiB
// messages, lengths around the threshold, a counter that wraps inside a
// ZMM group, and kernel calls whose block count is not a multiple of 16.
// Every instruction of both kernels must have run.
func TestGCMVAES512Model(t *testing.T) {
	mdl := newGCMV512Model(t)
	im := modelLevel(t, mdl)
	g := im.Funcs.(*gcm.Funcs)
	defer func(v int) { gcmV512WideMin = v }(gcmV512WideMin)
	for _, v := range []int{gcmV512WideMinDefault, 0, 1 << 30} {
		gcmV512WideMin = v
		before := mdl.calls["gcmSealV512"] + mdl.calls["gcmOpenV512"]
		t.Run(fmt.Sprintf("wide_min_bytes=%d", v), func(t *testing.T) { gcmtest.Level(t, "amd64", im) })
		ran := mdl.calls["gcmSealV512"] + mdl.calls["gcmOpenV512"] - before
		if v == 1<<30 && ran != 0 || v != 1<<30 && ran == 0 {
			t.Errorf("wide_min_bytes=%d: the model kernels ran %d times", v, ran)
		}
		t.Logf("wide_min_bytes=%d: %d model kernel calls", v, ran)
	}
	// The registered level itself, natively: with the threshold out of
	// reach its wrappers never call the ZMM kernels.
	gcmV512WideMin = 1 << 30
	t.Run("real-wrappers", func(t *testing.T) {
		real, _ := arch.Lookup("aes-gcm/vaes512")
		gcmtest.Level(t, "amd64", real)
	})
	gcmV512WideMin = gcmV512WideMinDefault

	t.Run("threshold-and-16KiB", func(t *testing.T) {
		r := rand.New(rand.NewSource(51))
		d := gcmV512WideMinDefault
		var lengths []int
		for _, n := range []int{d - 17, d - 16, d - 15, d - 1, d, d + 1, d + 15, d + 16, d + 17, 2*d - 1, 2 * d, 2*d + 1, 16384 - 1, 16384, 16384 + 1, 16384 + 255} {
			lengths = append(lengths, n)
		}
		for i, n := range lengths {
			for ki, kl := range []int{16, 24, 32} {
				key, iv := randBytes(r, kl), randBytes(r, 12)
				aad := randBytes(r, []int{0, 13, 16, 300}[(i+ki)%4])
				gcmModelCheck(t, g, key, iv, aad, randBytes(r, n), 16)
			}
		}
	})

	t.Run("counter-wrap-in-group", func(t *testing.T) {
		r := rand.New(rand.NewSource(52))
		// J0 ends in 0xffffffff-k: the first counter is J0+1, so the 32-bit
		// counter wraps at block k of the message, inside, at the edge of
		// or across the ZMM groups; inc32 must never carry into the upper
		// 96 bits.
		for _, k := range []uint32{0, 1, 2, 3, 4, 5, 14, 15, 16, 17, 31, 32, 63, 255, 1023} {
			key := randBytes(r, 16)
			iv, err := ref.GCMIVForCounter(key, 0xffffffff-k)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range []int{16 * int(k+2), 1024 + 7, 16384} {
				gcmModelCheck(t, g, key, iv, randBytes(r, 5), randBytes(r, n), 16)
			}
		}
	})

	t.Run("kernel-contract", func(t *testing.T) {
		// n not a multiple of 16: the kernels take the whole groups only
		// and touch nothing else (the model's regions are the whole
		// buffers here); y comes out as GHASH over those groups.
		r := rand.New(rand.NewSource(53))
		gen := &gcm.Funcs{AES: aes.Generic, Init: gcm.GenericGHASHInit, GHASH: gcm.GenericGHASH}
		for trial, n := range []int{0, 1, 15, 16, 17, 31, 32, 33, 47, 48, 100} {
			key := randBytes(r, []int{16, 24, 32}[trial%3])
			k, kg := aes.ExpandKey(key), gen.AES.ExpandKey(key)
			var h [16]byte
			gen.AES.Encrypt(kg, h[:], h[:])
			tk, hkg := newGCMKey(&h), gen.Init(&h)
			for _, fn := range []string{"gcmSealV512", "gcmOpenV512"} {
				var ctr, y [16]byte
				r.Read(ctr[:])
				r.Read(y[:])
				src := randBytes(r, 16*n+16) // never empty
				dst := randBytes(r, len(src))
				keepDst := clone(dst)
				wctr, wy := ctr, y
				want := clone(dst)
				w := n &^ 15
				gcmRefBlocks(gen, kg, hkg, &wctr, &wy, want[:16*w], src[:16*w], fn == "gcmOpenV512")
				c2, y2 := ctr, y
				mdl.run(fn, k, tk, &c2, &y2, dst, src, n)
				if !bytes.Equal(dst, want) || y2 != wy || c2 != ctr {
					t.Fatalf("%s of n=%d blocks: output, y or ctr wrong (ctr must be read only)\n got  y %x\n want y %x", fn, n, y2, wy)
				}
				if !bytes.Equal(dst[16*w:], keepDst[16*w:]) {
					t.Fatalf("%s of n=%d: wrote past its %d whole groups", fn, n, w/16)
				}
			}
		}
	})

	// Coverage: every instruction of both kernels ran.
	var missed []string
	for _, fn := range []string{"gcmSealV512", "gcmOpenV512"} {
		for _, in := range mdl.prog.funcs[fn].insns {
			if mdl.hits[in] == 0 {
				missed = append(missed, fmt.Sprintf("%s %s", fn, in))
			}
		}
	}
	if len(missed) > 0 {
		t.Errorf("%d instructions never ran in the model:\n%s", len(missed), strings.Join(missed, "\n"))
	}
	t.Logf("model: %d kernel calls, %d blocks; every one of %d+%d instructions ran", mdl.calls["gcmSealV512"]+mdl.calls["gcmOpenV512"],
		mdl.blocks, len(mdl.prog.funcs["gcmSealV512"].insns), len(mdl.prog.funcs["gcmOpenV512"].insns))
	checkFormsValidated(t, mdl.forms)
}

// gcmModelCheck seals and opens one message with g and compares with the
// reference.
func gcmModelCheck(t *testing.T, g *gcm.Funcs, key, iv, aad, pt []byte, tagLen int) {
	t.Helper()
	want, err := ref.Run(gcm.SealOp, [][]byte{key, iv, aad, {byte(tagLen)}}, pt)
	if err != nil {
		t.Fatal(err)
	}
	got, err := gcm.Seal(g, key, iv, aad, pt, tagLen)
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("seal of %d bytes (aad %d, key %d bytes, iv %x): differs from the reference (err %v)", len(pt), len(aad), len(key), iv, err)
	}
	back, err := gcm.Open(g, key, iv, aad, want, tagLen)
	if err != nil || !bytes.Equal(back, pt) {
		t.Fatalf("open of %d bytes (aad %d, key %d bytes): err %v", len(pt), len(aad), len(key), err)
	}
}

// gcmRefBlocks: CTR (inc32) and GHASH of the ciphertext, block by block.
func gcmRefBlocks(g *gcm.Funcs, k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte, open bool) {
	for i := 0; i+16 <= len(src); i += 16 {
		var ks [16]byte
		g.AES.Encrypt(k, ks[:], ctr[:])
		gcm.Inc32(ctr)
		if open {
			g.GHASH(hk, y, src[i:i+16])
		}
		for j := 0; j < 16; j++ {
			dst[i+j] = src[i+j] ^ ks[j]
		}
		if !open {
			g.GHASH(hk, y, dst[i:i+16])
		}
	}
}

// The evidence for each instruction form the AVX-512 kernels use. A form
// is covered when the model ran it against this CPU (modelVsNative), or
// when it is the ZMM form of an instruction whose narrower form ran
// against this CPU and whose ZMM form TestAsmModelLanes checks lane by
// lane, or when TestAsmModelEVEX checks it against the SDM's definition.
var (
	// ZMM name of a VEX mnemonic, where they differ.
	zmmOf = map[string]string{"VPXORQ": "VPXOR", "VMOVDQU64": "VMOVDQU", "VMOVDQA64": "VMOVDQA"}
	// Checked lane by lane in TestAsmModelLanes (moves are bytewise).
	laneChecked = map[string]bool{
		"VAESENC": true, "VAESENCLAST": true, "VAESDEC": true, "VAESDECLAST": true, "VPCLMULQDQ": true,
		"VPSHUFB": true, "VPXORQ": true, "VPADDD": true, "VPADDQ": true, "VPSHUFD": true,
		"VPSLLDQ": true, "VPSRLDQ": true, "VMOVDQU64": true, "VMOVDQA64": true,
	}
	// Checked against the SDM's definitions in TestAsmModelEVEX and
	// TestAsmModelGPR.
	sdmChecked = map[string]bool{
		"VPTERNLOGQ I,Z,Z,Z": true, "VSHUFI64X2 I,Z,Z,Z": true,
		"VEXTRACTI64X4 I,Z,Y": true, "VEXTRACTI32X4 I,Z,X": true, "VBROADCASTI32X4 M,Z": true,
		"VPBROADCASTQ R,Z": true, "VMOVDQU64.Z M,K,Z": true, "VMOVDQU64 Z,K,M": true, "VMOVDQA64 Z,Z": true,
		"VALIGNQ I,Z,Z,Z": true, "VPCMPUQ I,Z,Z,K": true, "KSHIFTLW I,K,K": true, "KMOVW R,K": true,
		"VPADDQ Z,Z,K,Z": true, "VZEROUPPER ": true, "VPXORQ X,X,X": true,
		"MOVL I,R": true, "SHLL R,R": true, "DECL R": true, "DECQ R": true, "SHLQ I,R": true,
		"CMPQ R,I": true, "SUBQ I,R": true, "JB L": true, "JEQ L": true, "JNE L": true,
	}
)

// narrowForms: the forms whose validation against this CPU, together with
// the lane-by-lane check, stands for a ZMM (or EVEX XMM) form: the same
// operation on YMM or XMM, with a memory or register source, in VEX or
// legacy SSE encoding (where src1 is the destination).
func narrowForms(mn, kinds string) []string {
	narrow := baseOp(mn)
	if n, ok := zmmOf[narrow]; ok {
		narrow = n
	}
	var out []string
	for _, w := range []string{"Y", "X"} {
		ks := strings.Split(strings.Replace(kinds, "Z", w, -1), ",")
		variants := [][]string{ks}
		for i, k := range ks { // the first source from memory instead
			if k != "I" {
				m := append([]string(nil), ks...)
				m[i] = "M"
				variants = append(variants, m)
				break
			}
		}
		for _, v := range variants {
			out = append(out, narrow+" "+strings.Join(v, ","))
			if w == "X" && strings.HasPrefix(narrow, "V") && len(v) >= 3 {
				leg := append(append([]string(nil), v[:len(v)-2]...), v[len(v)-1])
				out = append(out, narrow[1:]+" "+strings.Join(leg, ","))
			}
		}
	}
	return out
}

// checkFormsValidated fails for a form used by the AVX-512 kernels without
// evidence.
func checkFormsValidated(t *testing.T, used map[string]int) {
	t.Run("evidence", func(t *testing.T) { checkForms(t, used) })
}

func checkForms(t *testing.T, used map[string]int) {
	native := modelVsNative(t)
	if len(nativeCheck.skipped) > 0 {
		t.Skipf("this CPU could not run %s natively, so the model's evidence is partial here; go test ./arch/amd64/ on a host with AES-NI, AVX2, VAES and VPCLMULQDQ makes this check",
			strings.Join(nativeCheck.skipped, ", "))
	}
	var bad, how []string
	for f := range used {
		op := strings.SplitN(f, " ", 2)
		mn, kinds := op[0], op[1]
		switch {
		case native[f] > 0:
			how = append(how, f+": ran against this CPU")
		case sdmChecked[f]:
			how = append(how, f+": SDM known answers")
		case laneChecked[baseOp(mn)]:
			ok := ""
			for _, nf := range narrowForms(mn, kinds) {
				if native[nf] > 0 {
					ok = nf
					break
				}
			}
			if ok != "" {
				how = append(how, f+": lanes, and "+ok+" ran against this CPU")
			} else {
				bad = append(bad, f+" (lane-checked, but none of "+strings.Join(narrowForms(mn, kinds), "; ")+" ran against this CPU)")
			}
		default:
			bad = append(bad, f)
		}
	}
	sort.Strings(how)
	for _, h := range how {
		t.Log(h)
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		t.Errorf("instruction forms without evidence that the model is right:\n%s", strings.Join(bad, "\n"))
	}
}

// TestAESVAES512Model runs aes/vaes512's kernels (aes_vaes512_amd64.s, read
// as it is) in the model against the generic level: ECB both ways, CBC
// both ways (the next iv), CTR with carries out of the low qword and the
// wrap at 2^128; in place and not, 0 to 100 blocks and a few long calls
// (every path: 32-, 16-, 4-block groups and the masked 1-3 block tail,
// whose masked-off lanes must not be touched: the model's regions end at
// the buffers). Every instruction of the five kernels must have run.
func TestAESVAES512Model(t *testing.T) {
	p := mustAsm(t, asmAESV512)
	r := rand.New(rand.NewSource(61))
	forms, hits := map[string]int{}, map[*asmInsn]int{}
	seed := int64(0)
	run := func(fn string, args ...interface{}) {
		t.Helper()
		seed++
		opt := asmRunOpts{rng: rand.New(rand.NewSource(seed)), frameSkew: uint64(8 * seed), forms: forms, hits: hits}
		if _, err := p.run(fn, opt, args...); err != nil {
			t.Fatalf("model of %s: %v", fn, err)
		}
	}
	ns := []int{}
	for n := 0; n <= 100; n++ {
		ns = append(ns, n)
	}
	ns = append(ns, 255, 256, 257, 1024+3)
	for trial, n := range ns {
		key := randBytes(r, []int{16, 24, 32}[trial%3])
		k := aes.GenericExpand(key)
		inPlace := trial%3 == 1
		src := randBytes(r, 16*n)
		if n == 0 {
			src = randBytes(r, 16) // a buffer to point at; n = 0 reads none of it
		}
		m := 16 * n
		var keep []byte // dst before the call
		newDst := func() []byte {
			d := randBytes(r, len(src))
			if inPlace {
				d = clone(src)
			}
			keep = clone(d)
			return d
		}
		srcOf := func(dst []byte) []byte {
			if inPlace {
				return dst
			}
			return src
		}
		// Reference blocks.
		enc := func(b []byte) []byte { o := make([]byte, 16); aes.GenericEncrypt(k, o, b); return o }
		dec := func(b []byte) []byte { o := make([]byte, 16); aes.GenericDecrypt(k, o, b); return o }
		xor := func(a, b []byte) []byte {
			o := make([]byte, 16)
			for i := range o {
				o[i] = a[i] ^ b[i]
			}
			return o
		}
		check := func(what string, got, want []byte) {
			t.Helper()
			if !bytes.Equal(got[:m], want[:m]) {
				t.Fatalf("%s of %d blocks (key %d bytes, in place %v): differs from the generic level", what, n, len(key), inPlace)
			}
			if !bytes.Equal(got[m:], keep[m:]) {
				t.Fatalf("%s of %d blocks wrote past its n blocks", what, n)
			}
		}
		var wantE, wantD []byte
		for i := 0; i < m; i += 16 {
			wantE = append(wantE, enc(src[i:i+16])...)
			wantD = append(wantD, dec(src[i:i+16])...)
		}
		wantE, wantD = append(wantE, make([]byte, 16)...), append(wantD, make([]byte, 16)...)
		dst := newDst()
		run("ecbEncVAES", mptr(k.Enc), k.Rounds, mptr(dst), mptr(srcOf(dst)), n)
		check("ECB encryption", dst, wantE)
		dst = newDst()
		run("ecbDecVAES", mptr(k.Dec), k.Rounds, mptr(dst), mptr(srcOf(dst)), n)
		check("ECB decryption", dst, wantD)

		iv := randBytes(r, 16)
		// CBC encryption is serial: the level runs aes/aesni's (no ZMM kernel).
		var wantCD []byte
		prev := iv
		for i := 0; i < m; i += 16 {
			wantCD = append(wantCD, xor(dec(src[i:i+16]), prev)...)
			prev = src[i : i+16]
		}
		wantCD = append(wantCD, make([]byte, 16)...)
		dst = newDst()
		ivm := clone(iv)
		run("cbcDecVAES", mptr(k.Dec), k.Rounds, mptr(ivm), mptr(dst), mptr(srcOf(dst)), n)
		check("CBC decryption", dst, wantCD)
		if !bytes.Equal(ivm, iv) {
			t.Fatalf("CBC decryption changed iv (the wrapper stores it)")
		}

		// CTR from hi:lo, near the 64-bit carry and the 2^128 wrap.
		hi, lo := r.Uint64(), r.Uint64()
		switch trial % 4 {
		case 0:
			lo = ^uint64(0) - uint64(r.Intn(40))
		case 1:
			hi, lo = ^uint64(0), ^uint64(0)-uint64(r.Intn(40))
		}
		base := make([]byte, 64)
		for i := 0; i < 4; i++ {
			l := lo + uint64(i)
			h := hi
			if l < lo {
				h++
			}
			binary.LittleEndian.PutUint64(base[16*i:], l)
			binary.LittleEndian.PutUint64(base[16*i+8:], h)
		}
		var wantCTR []byte
		ch, cl := hi, lo
		for i := 0; i < m; i += 16 {
			var cb [16]byte
			binary.BigEndian.PutUint64(cb[:8], ch)
			binary.BigEndian.PutUint64(cb[8:], cl)
			wantCTR = append(wantCTR, xor(enc(cb[:]), src[i:i+16])...)
			if cl++; cl == 0 {
				ch++
			}
		}
		wantCTR = append(wantCTR, make([]byte, 16)...)
		dst = newDst()
		run("ctrVAES", mptr(k.Enc), k.Rounds, mptr(base), mptr(dst), mptr(srcOf(dst)), n)
		check("CTR", dst, wantCTR)
	}
	var missed []string
	for _, fn := range []string{"ecbEncVAES", "ecbDecVAES", "cbcDecVAES", "ctrVAES"} {
		for _, in := range p.funcs[fn].insns {
			if hits[in] == 0 {
				missed = append(missed, fn+" "+in.String())
			}
		}
	}
	if len(missed) > 0 {
		t.Errorf("%d instructions of aes/vaes512 never ran in the model:\n%s", len(missed), strings.Join(missed, "\n"))
	}
	checkFormsValidated(t, forms)
}

// TestGCMVAES512SpeedLoopAllocs: `xarch speed`'s loop over aes-gcm/vaes512
// allocates nothing. Run natively with the threshold out of reach (the ZMM
// kernel cannot run here), so it checks the wrapper and its calls, whose
// arguments must not be moved to the heap by the kernel's function value.
func TestGCMVAES512SpeedLoopAllocs(t *testing.T) {
	im, _ := arch.Lookup("aes-gcm/vaes512")
	v256, _ := arch.Lookup("aes-gcm/vaes256")
	if miss := (arch.State{Detected: arch.Detect()}).Missing(v256); miss != "" {
		t.Skipf("aes-gcm/vaes256 (vaes512's narrow path) not usable here: missing %s", miss)
	}
	defer func(v int) { gcmV512WideMin = v }(gcmV512WideMin)
	gcmV512WideMin = 1 << 30
	sa, ok := arch.LookupSpeed("aes-128-gcm")
	if !ok {
		t.Fatal("no aes-128-gcm speed algorithm")
	}
	for _, size := range []int{16, 1024, 16384} {
		run, _, err := sa.Prepare(im, size)
		if err != nil {
			t.Fatal(err)
		}
		if a := testing.AllocsPerRun(20, func() { run(1) }); a != 0 {
			t.Errorf("%d bytes: %v allocations per seal", size, a)
		}
	}
	// A direct call with stack arrays: the arguments must not escape.
	k := aes.ExpandKey(make([]byte, 16))
	var h [16]byte
	hk := gcmInitNIGo(&h)
	buf := make([]byte, 1024)
	if a := testing.AllocsPerRun(20, func() {
		var ctr, y [16]byte
		gcmSealV512Go(k, hk, &ctr, &y, buf, buf)
	}); a != 0 {
		t.Errorf("gcmSealV512Go with stack arrays: %v allocations per call", a)
	}
}
