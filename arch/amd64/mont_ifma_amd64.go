//go:build gc

package amd64

import (
	"encoding/binary"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// mont/ifma: Montgomery multiplication in 52-bit limbs with AVX512-IFMA
// (VPMADD52LUQ/VPMADD52HUQ) on 256-bit registers, four limbs per register
// (the published RSA kernels keep to 256 bits to avoid the clock drop of
// 512-bit ones on some parts).
//
// The contract's R is 2^(64n); the 52-bit loop divides by 2^52 per digit,
// so it runs over l = ceil(64n/52) digits of y' = y * 2^e, e = 52l - 64n
// (0 <= e < 52; y' < 2^e m <= 2^(52l) still fits l digits):
// x*y'*2^(-52l) = x*y*2^(-64n) mod m. The loop's result t stays below 2m
// (t < x*y'/2^(52l) + m < m*m/2^(64n) + m), is normalized to 64-bit limbs
// here, and gets the masked final subtraction. All of the conversion runs
// in Go around the kernel montIFMA52, with loop bounds that depend on n
// only.

// Tuning of mont/ifma.
const (
	ifmaLimbBits = 52
	// ifmaLanes 52-bit limbs per 256-bit register.
	ifmaLanes = 4
	// ifmaMinLimbs: below it the level runs mont/adx's kernels. Timed on
	// Zen 5 (BenchmarkMontMul, BenchmarkMontSqr): at 32 limbs ADX squares
	// in 750 ns against IFMA's 890, at 40 they are even (1315/1343) and
	// IFMA multiplies 15% faster, from 48 IFMA wins both by 5-20%. This
	// is Mul alone: Exp and Exp2 keep 52-bit digits from their own
	// thresholds (mont_ifma_exp_amd64.go), so RSA signing runs IFMA.
	ifmaMinLimbs = 40
	// ifmaSmallMaxLimbs: up to this n (l <= 79 digits, 20 registers of
	// limbs) the scratch is a 331-word array, above it a 650-word one;
	// Go zeroes the whole array on every call, so RSA-4096 moduli use the
	// small one.
	ifmaSmallMaxLimbs = 64
)

// ifmaDigits is l = ceil(64n/52), the number of 52-bit limbs of n 64-bit
// limbs; ifmaRegs is v = ceil(l/4).
func ifmaDigits(n int) int { return (64*n + ifmaLimbBits - 1) / ifmaLimbBits }
func ifmaRegs(n int) int   { return (ifmaDigits(n) + ifmaLanes - 1) / ifmaLanes }

// ifmaScratch is the words montMulIFMA needs for n limbs: x, m and the
// accumulator (4v+4 words each) and the l digits of y'.
func ifmaScratch(n int) int { return 3*(4*ifmaRegs(n)+4) + ifmaDigits(n) }

const (
	ifmaSmallScratch = 3*(4*20+4) + 79  // ifmaScratch(64)
	ifmaLargeScratch = 3*(4*40+4) + 158 // ifmaScratch(mont.MaxLimbs)
	ifmaMask52       = 1<<ifmaLimbBits - 1
)

//go:noescape
func montIFMA52(a, x, m, y *uint64, v, l int, k0 uint64)

//go:noescape
func probeIFMA52(out *[8]uint64, acc, a, b *[4]uint64)

func init() {
	arch.Register(&arch.Impl{
		Name: "mont/ifma",
		Alg:  mont.Name,
		Arch: "amd64",
		// VPMADD52LUQ/VPMADD52HUQ (avx512ifma) on YMM (avx512vl);
		// VALIGNQ, VPBROADCASTQ from a GPR, VMOVDQU64, VPXORQ and
		// Y16-Y21 are EVEX (avx512f). Below ifmaMinLimbs, mont/adx's
		// kernels (bmi2, adx; every IFMA CPU has them).
		Requires: []string{"avx512f", "avx512vl", "avx512ifma", "bmi2", "adx"},
		// Neither QEMU 7.2 nor 10 emulates AVX-512 in TCG: the kernel runs
		// only on native hardware with IFMA. Off it, its loop is checked
		// through montIFMA52Model (the same steps in Go) against math/big
		// at every size.
		NeedsHardware: "AVX512-IFMA: QEMU 7.2 (and 10) has no AVX-512 in TCG; runs natively on AVX512-IFMA hosts",
		Tuning: []arch.Tuning{
			{Name: "limb_bits", Value: ifmaLimbBits, Unit: arch.Other},
			{Name: "lanes_per_register", Value: ifmaLanes, Unit: arch.Other},
			// One digit per pass over the accumulator, one register per
			// step of the pass.
			{Name: "unroll", Value: 1, Unit: arch.Other},
			{Name: "min_limbs", Value: ifmaMinLimbs, Unit: arch.Blocks},
			{Name: "max_limbs", Value: mont.MaxLimbs, Unit: arch.Blocks},
			{Name: "small_scratch_max_limbs", Value: ifmaSmallMaxLimbs, Unit: arch.Blocks},
			{Name: "exp_min_limbs", Value: ifmaExpMinLimbs, Unit: arch.Blocks},
			{Name: "exp2_min_limbs", Value: ifmaExp2MinLimbs, Unit: arch.Blocks},
		},
		// Above mont/adx (20): it is mont/adx below ifmaMinLimbs and
		// faster from there.
		Rank:  30,
		Funcs: &mont.Funcs{Mul: montMulIFMA, Exp: montExpIFMA, Exp2: montExp2IFMA},
	})
	arch.RegisterProbe(arch.Probe{Feature: "avx512ifma", Instr: "VPMADD52LUQ/VPMADD52HUQ ymm", Run: probeIFMA})
}

// probeIFMA runs both IFMA instructions on lanes whose bits above 52 are
// set (they must be ignored) and whose products reach both halves,
// against the ISA's definition computed here.
func probeIFMA() (want, got []byte) {
	acc := [4]uint64{0, 1, 0xfff0000000000000, 0x0123456789abcdef}
	a := [4]uint64{0xfffffffffffff, 0xfff0000000000003, 0x8000000000001, 0xabcdef0123456789}
	b := [4]uint64{0xfffffffffffff, 0x0000000000000005, 0xfffffffffffff, 0x13579bdf02468ace}
	var out, exp [8]uint64
	for k := range acc {
		hi, lo := bits.Mul64(a[k]&ifmaMask52, b[k]&ifmaMask52)
		exp[k] = acc[k] + lo&ifmaMask52
		exp[4+k] = acc[k] + (hi<<(64-ifmaLimbBits)|lo>>ifmaLimbBits)&ifmaMask52
	}
	probeIFMA52(&out, &acc, &a, &b)
	return limbBytes(exp[:]), limbBytes(out[:])
}

func limbBytes(v []uint64) []byte {
	b := make([]byte, 8*len(v))
	for i, w := range v {
		binary.LittleEndian.PutUint64(b[8*i:], w)
	}
	return b
}

func montMulIFMA(z, x, y, m []uint64, k0 uint64) {
	n := montCheck("mont/ifma", z, x, y, m)
	if n < ifmaMinLimbs {
		montMulADXGo(z, x, y, m, k0)
		return
	}
	if n <= ifmaSmallMaxLimbs {
		var s [ifmaSmallScratch]uint64
		montMulIFMAIn(s[:], z, x, y, m, k0)
		return
	}
	var s [ifmaLargeScratch]uint64
	montMulIFMAIn(s[:], z, x, y, m, k0)
}

func montMulIFMAIn(s, z, x, y, m []uint64, k0 uint64) {
	a, x52, m52, y52 := ifmaPrepare(s, x, y, m)
	if arch.ABICheck {
		abiMontIFMA52(&a[0], &x52[0], &m52[0], &y52[0], ifmaRegs(len(m)), len(y52), k0&ifmaMask52)
	} else {
		montIFMA52(&a[0], &x52[0], &m52[0], &y52[0], ifmaRegs(len(m)), len(y52), k0&ifmaMask52)
	}
	ifmaFinish(z, a, m)
}

// ifmaPrepare splits the zeroed scratch s (ifmaScratch(n) words or more)
// into the kernel's operands: the accumulator a (4v+4 words, zero), x and
// m in 52-bit limbs (4v+4 words, zero above limb l-1), and the l digits
// of y' = y * 2^e.
func ifmaPrepare(s, x, y, m []uint64) (a, x52, m52, y52 []uint64) {
	n := len(m)
	l, w := ifmaDigits(n), 4*ifmaRegs(n)+4
	x52, m52, a, y52 = s[:w], s[w:2*w], s[2*w:3*w], s[3*w:3*w+l]
	e := uint(ifmaLimbBits*l - 64*n)
	to52(x52[:l], x, 0)
	to52(m52[:l], m, 0)
	to52(y52, y, e)
	return
}

// to52 sets d[k] = bits 52k-e .. 52k-e+51 of src (bits below 0 and above
// 64*len(src) read as zero), for every k < len(d).
func to52(d, src []uint64, e uint) {
	n := len(src)
	for k := range d {
		p := ifmaLimbBits*k - int(e)
		var v uint64
		if p < 0 {
			v = src[0] << uint(-p)
		} else {
			i, o := p/64, uint(p%64)
			v = src[i] >> o
			if o > 64-ifmaLimbBits && i+1 < n {
				v |= src[i+1] << (64 - o)
			}
		}
		d[k] = v & ifmaMask52
	}
}

// ifmaFinish normalizes the accumulator lanes (value t < 2m < 2^(64n+1))
// into n+1 64-bit limbs and writes t mod m to z with the masked final
// subtraction.
func ifmaFinish(z, a, m []uint64) {
	var t [mont.MaxLimbs + 1]uint64
	ifmaNormalize(t[:len(m)+1], a[:ifmaDigits(len(m))])
	mont.GenericFinalSub(z, t[:len(m)+1], m)
}

// ifmaNormalize sets t (n+1 words) to sum a_j 2^(52j): the carries kept
// in the lanes are propagated 52 bits at a time, and each 52-bit limb is
// placed at bit 52j of t. The sum is below 2^(64n+1), so nothing is lost.
func ifmaNormalize(t, a []uint64) {
	for i := range t {
		t[i] = 0
	}
	var c uint64
	for j, lane := range a {
		v := lane + c // lanes < 2^62 and c < 2^12: no overflow
		c = v >> ifmaLimbBits
		ifmaPlace(t, v&ifmaMask52, ifmaLimbBits*j)
	}
	ifmaPlace(t, c, ifmaLimbBits*len(a))
}

// ifmaPlace ORs the value v < 2^52 into t at bit p (bits past the end of
// t must be zero).
func ifmaPlace(t []uint64, v uint64, p int) {
	i, o := p/64, uint(p%64)
	if i >= len(t) {
		return
	}
	t[i] |= v << o
	if o > 64-ifmaLimbBits && i+1 < len(t) {
		t[i+1] |= v >> (64 - o)
	}
}
