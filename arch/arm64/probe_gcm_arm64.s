//go:build gc

#include "textflag.h"

// One PMULL and one PMULL2 (.1Q from .1D/.2D) for the feature probe.
//
// func pmullProbe(a, b *[2]uint64, out *[4]uint64)
// out[0:2] = a[0] x b[0], out[2:4] = a[1] x b[1], each 128-bit product as
// {low, high} doublewords.
TEXT ·pmullProbe(SB), NOSPLIT, $0-24
	MOVD	a+0(FP), R0
	MOVD	b+8(FP), R1
	MOVD	out+16(FP), R2
	VLD1	(R0), [V0.D2]
	VLD1	(R1), [V1.D2]
	VPMULL	V1.D1, V0.D1, V2.Q1
	VPMULL2	V1.D2, V0.D2, V3.Q1
	VST1	[V2.D2, V3.D2], (R2)
	RET
