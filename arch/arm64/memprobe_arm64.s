//go:build gc

#include "textflag.h"

// Memory-operand probes (memprobe_arm64.go): each executes one instruction
// form with its memory operand at p. func(p unsafe.Pointer)

TEXT ·memProbeLD1x1(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VLD1 (R0), [V0.B16]
	RET

TEXT ·memProbeLD1x2(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VLD1 (R0), [V0.B16, V1.B16]
	RET

TEXT ·memProbeLD1x3(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VLD1 (R0), [V0.B16, V1.B16, V2.B16]
	RET

TEXT ·memProbeLD1x4(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VLD1 (R0), [V0.B16, V1.B16, V2.B16, V3.B16]
	RET

TEXT ·memProbeST1x1(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VEOR V0.B16, V0.B16, V0.B16
	VST1 [V0.B16], (R0)
	RET

TEXT ·memProbeST1x2(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VEOR V0.B16, V0.B16, V0.B16
	VEOR V1.B16, V1.B16, V1.B16
	VST1 [V0.B16, V1.B16], (R0)
	RET

TEXT ·memProbeST1x4(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	VEOR V0.B16, V0.B16, V0.B16
	VEOR V1.B16, V1.B16, V1.B16
	VEOR V2.B16, V2.B16, V2.B16
	VEOR V3.B16, V3.B16, V3.B16
	VST1 [V0.B16, V1.B16, V2.B16, V3.B16], (R0)
	RET

TEXT ·memProbeLDP(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	LDP  (R0), (R1, R2)
	RET

TEXT ·memProbeSTP(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD ZR, R1
	MOVD ZR, R2
	STP  (R1, R2), (R0)
	RET

TEXT ·memProbeLDRX(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD (R0), R1
	RET

TEXT ·memProbeSTRX(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD ZR, R1
	MOVD R1, (R0)
	RET

TEXT ·memProbeLDRW(SB), NOSPLIT, $0-8
	MOVD  p+0(FP), R0
	MOVWU (R0), R1
	RET

TEXT ·memProbeSTRW(SB), NOSPLIT, $0-8
	MOVD p+0(FP), R0
	MOVD ZR, R1
	MOVW R1, (R0)
	RET
