//go:build gc

#include "textflag.h"

// func sha256Probe(in *[7][4]uint32, out *[4][4]uint32)
// in: abcd, efgh, wk, then four message groups w0..w3. out: SHA256H
// (new abcd), SHA256H2 (new efgh), SHA256SU0 (w0, w1), SHA256SU1 of that
// with (w2, w3). Each instruction runs once.
TEXT ·sha256Probe(SB), NOSPLIT, $0-16
	MOVD	in+0(FP), R0
	MOVD	out+8(FP), R1
	// Results go to V16-V19: VST1 needs a run of consecutive registers.
	VLD1.P	32(R0), [V16.S4, V17.S4]
	VLD1.P	16(R0), [V2.S4]
	VLD1	(R0), [V4.S4, V5.S4, V6.S4, V7.S4]
	VMOV	V16.B16, V3.B16 // SHA256H2 needs abcd from before SHA256H
	SHA256H	V2.S4, V17, V16
	SHA256H2	V2.S4, V3, V17
	VMOV	V4.B16, V18.B16
	SHA256SU0	V5.S4, V18.S4
	VMOV	V18.B16, V19.B16
	SHA256SU1	V7.S4, V6.S4, V19.S4
	VST1	[V16.S4, V17.S4, V18.S4, V19.S4], (R1)
	RET
