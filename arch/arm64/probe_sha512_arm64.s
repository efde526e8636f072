//go:build gc

#include "textflag.h"

// func sha512Probe(in *[9][2]uint64, out *[4][2]uint64)
// in: SHA512H's d, n, m; SHA512H2's n, m (its d is SHA512H's result);
// SHA512SU0's d, n; SHA512SU1's n, m (its d is SHA512SU0's result).
// out: the four results. Each instruction runs once.
TEXT ·sha512Probe(SB), NOSPLIT, $0-16
	MOVD	in+0(FP), R0
	MOVD	out+8(FP), R1
	VLD1.P	48(R0), [V0.D2, V1.D2, V2.D2]
	VLD1.P	32(R0), [V3.D2, V4.D2]
	VLD1.P	32(R0), [V5.D2, V6.D2]
	VLD1	(R0), [V7.D2, V8.D2]
	// Results go to V16-V19: VST1 needs a run of consecutive registers.
	SHA512H	V2.D2, V1, V0
	VMOV	V0.B16, V16.B16
	VMOV	V0.B16, V17.B16
	SHA512H2	V4.D2, V3, V17
	VMOV	V5.B16, V18.B16
	SHA512SU0	V6.D2, V18.D2
	VMOV	V18.B16, V19.B16
	SHA512SU1	V8.D2, V7.D2, V19.D2
	VST1	[V16.D2, V17.D2, V18.D2, V19.D2], (R1)
	RET
