//go:build gc

#include "textflag.h"

// Memory-operand probes (memprobe_ppc64le.go): each executes one
// instruction form with its memory operand at p. func(p unsafe.Pointer)

TEXT ·memProbeLXVD2X(SB), NOSPLIT, $0-8
	MOVD   p+0(FP), R3
	LXVD2X (R3)(R0), VS32
	RET

TEXT ·memProbeLXVW4X(SB), NOSPLIT, $0-8
	MOVD   p+0(FP), R3
	LXVW4X (R3)(R0), VS32
	RET

TEXT ·memProbeSTXVD2X(SB), NOSPLIT, $0-8
	MOVD    p+0(FP), R3
	VXOR    V0, V0, V0
	STXVD2X VS32, (R3)(R0)
	RET

TEXT ·memProbeSTXVW4X(SB), NOSPLIT, $0-8
	MOVD    p+0(FP), R3
	VXOR    V0, V0, V0
	STXVW4X VS32, (R3)(R0)
	RET

TEXT ·memProbeLD(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R3
	MOVD 0(R3), R4
	RET

TEXT ·memProbeSTD(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R3
	MOVD $0, R4
	MOVD R4, 0(R3)
	RET
