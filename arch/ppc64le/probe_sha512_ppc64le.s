//go:build gc

#include "textflag.h"

// func sigma512Probe(in *[2]uint64, out *[5][2]uint64)
// Known-answer probe of VSHASIGMAD alone, one instruction for each ST/SIX
// pair sha512/power8 uses: σ0 (st=0 six=0), σ1 (st=0 six=15), Σ0 (st=1
// six=0), Σ1 (st=1 six=15), then σ0 again with destination == source, the
// form the kernel's schedule uses.
TEXT ·sigma512Probe(SB), NOSPLIT, $0-16
	MOVD       in+0(FP), R3
	MOVD       out+8(FP), R4
	LXVD2X     (R3)(R0), VS32
	VSHASIGMAD $0, V0, $0, V1
	VSHASIGMAD $15, V0, $0, V2
	VSHASIGMAD $0, V0, $1, V3
	VSHASIGMAD $15, V0, $1, V4
	VOR        V0, V0, V5
	VSHASIGMAD $0, V5, $0, V5
	MOVD       $16, R5
	STXVD2X    VS33, (R4)(R0)
	ADD        R5, R4
	STXVD2X    VS34, (R4)(R0)
	ADD        R5, R4
	STXVD2X    VS35, (R4)(R0)
	ADD        R5, R4
	STXVD2X    VS36, (R4)(R0)
	ADD        R5, R4
	STXVD2X    VS37, (R4)(R0)
	RET
