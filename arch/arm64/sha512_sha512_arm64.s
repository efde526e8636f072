//go:build gc

#include "textflag.h"

// SHA-512 with the ARMv8.2 SHA512 instructions, two rounds per
// SHA512H/SHA512H2 pair. Lane 0 of a vector is its low doubleword.
//
// Registers:
//   R0 h, R1 p, R2 bytes left (whole blocks), R3 K, R4 K cursor
//   V0-V3    hash state {a,b} {c,d} {e,f} {g,h} between blocks, the layout
//            of h in memory, so it loads and stores as it is
//   V4-V8    working state: four pairs ab, cd, ef, gh and one spare. Each
//            double round leaves the new ab in old gh's register, the new
//            ef in the spare, and frees old cd, so the roles rotate with
//            period 5; 40 double rounds end in the starting roles
//   V16-V23  message schedule, W[2j], W[2j+1] in V16+(j mod 8)
//   V24-V27  K[t..t+7], loaded every four double rounds (the whole table
//            would take 40 registers)
//   V28      K+W of the current two rounds, then swapped
//   V29      {d, e}: SHA512H's <Vm>
//   V30      {W[t-7], W[t-6]} for SHA512SU1

// Two rounds t, t+1 on pairs ab, cd, ef, gh; fg is the spare. k, w hold
// K and W for t, t+1.
//   SHA512H  <- d = {g + KW[t+1], h + KW[t]}, n = {f, g}, m = {d, e}
//            -> {T1[t+1], T1[t]}
//   new ef   =  {c, d} + {T1[t+1], T1[t]}
//   SHA512H2 <- d = T1 pair, n = {c, d}, m = {a, b} -> new {a, b}
#define RND2(k, w, ab, cd, ef, gh, fg) \
	VADD	k.D2, w.D2, V28.D2 \
	VEXT	$8, gh.B16, ef.B16, fg.B16 \
	VEXT	$8, V28.B16, V28.B16, V28.B16 \
	VEXT	$8, ef.B16, cd.B16, V29.B16 \
	VADD	V28.D2, gh.D2, gh.D2 \
	SHA512H	V29.D2, fg, gh \
	VADD	gh.D2, cd.D2, fg.D2 \
	SHA512H2	ab.D2, cd, gh

// RND2 that also turns w0 = W[t..t+1] into W[t+16..t+17] once K+W is
// taken, from w1 = W[t+2..t+3], w4, w5 = W[t+8..t+11], w7 = W[t+14..t+15].
// The schedule is off the rounds' dependency chain, so it is spread
// between them.
#define RND2SCHED(k, w0, w1, w4, w5, w7, ab, cd, ef, gh, fg) \
	VADD	k.D2, w0.D2, V28.D2 \
	SHA512SU0	w1.D2, w0.D2 \
	VEXT	$8, gh.B16, ef.B16, fg.B16 \
	VEXT	$8, V28.B16, V28.B16, V28.B16 \
	VEXT	$8, w5.B16, w4.B16, V30.B16 \
	VEXT	$8, ef.B16, cd.B16, V29.B16 \
	VADD	V28.D2, gh.D2, gh.D2 \
	SHA512SU1	V30.D2, w7.D2, w0.D2 \
	SHA512H	V29.D2, fg, gh \
	VADD	gh.D2, cd.D2, fg.D2 \
	SHA512H2	ab.D2, cd, gh

// func blockSHA512(h *[8]uint64, p []byte, k *[80]uint64)
TEXT ·blockSHA512(SB), NOSPLIT, $0-40
	MOVD	h+0(FP), R0
	MOVD	p_base+8(FP), R1
	MOVD	p_len+16(FP), R2
	MOVD	k+32(FP), R3
	AND	$~127, R2
	CBZ	R2, done
	VLD1	(R0), [V0.D2, V1.D2, V2.D2, V3.D2]

loop:
	// Message words are big-endian: byte-swap each 64-bit lane. LD1 of
	// bytes has no alignment requirement.
	VLD1.P	64(R1), [V16.B16, V17.B16, V18.B16, V19.B16]
	VLD1.P	64(R1), [V20.B16, V21.B16, V22.B16, V23.B16]
	VREV64	V16.B16, V16.B16
	VREV64	V17.B16, V17.B16
	VREV64	V18.B16, V18.B16
	VREV64	V19.B16, V19.B16
	VREV64	V20.B16, V20.B16
	VREV64	V21.B16, V21.B16
	VREV64	V22.B16, V22.B16
	VREV64	V23.B16, V23.B16
	VMOV	V0.B16, V4.B16
	VMOV	V1.B16, V5.B16
	VMOV	V2.B16, V6.B16
	VMOV	V3.B16, V7.B16
	MOVD	R3, R4

	// Rounds 0-63 also expand W[16..79]; rounds 64-79 use the last
	// words already expanded.
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[0..7]
	RND2SCHED(V24, V16, V17, V20, V21, V23, V4, V5, V6, V7, V8) // t=0
	RND2SCHED(V25, V17, V18, V21, V22, V16, V7, V4, V8, V6, V5) // t=2
	RND2SCHED(V26, V18, V19, V22, V23, V17, V6, V7, V5, V8, V4) // t=4
	RND2SCHED(V27, V19, V20, V23, V16, V18, V8, V6, V4, V5, V7) // t=6
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[8..15]
	RND2SCHED(V24, V20, V21, V16, V17, V19, V5, V8, V7, V4, V6) // t=8
	RND2SCHED(V25, V21, V22, V17, V18, V20, V4, V5, V6, V7, V8) // t=10
	RND2SCHED(V26, V22, V23, V18, V19, V21, V7, V4, V8, V6, V5) // t=12
	RND2SCHED(V27, V23, V16, V19, V20, V22, V6, V7, V5, V8, V4) // t=14
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[16..23]
	RND2SCHED(V24, V16, V17, V20, V21, V23, V8, V6, V4, V5, V7) // t=16
	RND2SCHED(V25, V17, V18, V21, V22, V16, V5, V8, V7, V4, V6) // t=18
	RND2SCHED(V26, V18, V19, V22, V23, V17, V4, V5, V6, V7, V8) // t=20
	RND2SCHED(V27, V19, V20, V23, V16, V18, V7, V4, V8, V6, V5) // t=22
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[24..31]
	RND2SCHED(V24, V20, V21, V16, V17, V19, V6, V7, V5, V8, V4) // t=24
	RND2SCHED(V25, V21, V22, V17, V18, V20, V8, V6, V4, V5, V7) // t=26
	RND2SCHED(V26, V22, V23, V18, V19, V21, V5, V8, V7, V4, V6) // t=28
	RND2SCHED(V27, V23, V16, V19, V20, V22, V4, V5, V6, V7, V8) // t=30
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[32..39]
	RND2SCHED(V24, V16, V17, V20, V21, V23, V7, V4, V8, V6, V5) // t=32
	RND2SCHED(V25, V17, V18, V21, V22, V16, V6, V7, V5, V8, V4) // t=34
	RND2SCHED(V26, V18, V19, V22, V23, V17, V8, V6, V4, V5, V7) // t=36
	RND2SCHED(V27, V19, V20, V23, V16, V18, V5, V8, V7, V4, V6) // t=38
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[40..47]
	RND2SCHED(V24, V20, V21, V16, V17, V19, V4, V5, V6, V7, V8) // t=40
	RND2SCHED(V25, V21, V22, V17, V18, V20, V7, V4, V8, V6, V5) // t=42
	RND2SCHED(V26, V22, V23, V18, V19, V21, V6, V7, V5, V8, V4) // t=44
	RND2SCHED(V27, V23, V16, V19, V20, V22, V8, V6, V4, V5, V7) // t=46
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[48..55]
	RND2SCHED(V24, V16, V17, V20, V21, V23, V5, V8, V7, V4, V6) // t=48
	RND2SCHED(V25, V17, V18, V21, V22, V16, V4, V5, V6, V7, V8) // t=50
	RND2SCHED(V26, V18, V19, V22, V23, V17, V7, V4, V8, V6, V5) // t=52
	RND2SCHED(V27, V19, V20, V23, V16, V18, V6, V7, V5, V8, V4) // t=54
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[56..63]
	RND2SCHED(V24, V20, V21, V16, V17, V19, V8, V6, V4, V5, V7) // t=56
	RND2SCHED(V25, V21, V22, V17, V18, V20, V5, V8, V7, V4, V6) // t=58
	RND2SCHED(V26, V22, V23, V18, V19, V21, V4, V5, V6, V7, V8) // t=60
	RND2SCHED(V27, V23, V16, V19, V20, V22, V7, V4, V8, V6, V5) // t=62
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[64..71]
	RND2(V24, V16, V6, V7, V5, V8, V4) // t=64
	RND2(V25, V17, V8, V6, V4, V5, V7) // t=66
	RND2(V26, V18, V5, V8, V7, V4, V6) // t=68
	RND2(V27, V19, V4, V5, V6, V7, V8) // t=70
	VLD1.P	64(R4), [V24.D2, V25.D2, V26.D2, V27.D2] // K[72..79]
	RND2(V24, V20, V7, V4, V8, V6, V5) // t=72
	RND2(V25, V21, V6, V7, V5, V8, V4) // t=74
	RND2(V26, V22, V8, V6, V4, V5, V7) // t=76
	RND2(V27, V23, V5, V8, V7, V4, V6) // t=78

	VADD	V4.D2, V0.D2, V0.D2
	VADD	V5.D2, V1.D2, V1.D2
	VADD	V6.D2, V2.D2, V2.D2
	VADD	V7.D2, V3.D2, V3.D2
	SUBS	$128, R2
	BNE	loop

	VST1	[V0.D2, V1.D2, V2.D2, V3.D2], (R0)

done:
	RET
