//go:build gc

#include "textflag.h"

// Memory-operand probes (memprobe_riscv64.go): each executes one
// instruction of its form with its memory operand at p. func(p
// unsafe.Pointer). X10 and X11 are RVC registers, so the assembler emits
// the scalar ones compressed (c.ld, c.sd, c.lw, c.sw), as it does in
// kernels; both encodings are the form's. The vector ones set vl to 16
// bytes of elements, LMUL=1, tail and mask agnostic.

TEXT ·memProbeLD(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	MOV	0(X10), X11
	RET

TEXT ·memProbeSD(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	MOV	ZERO, 0(X10)
	RET

TEXT ·memProbeLW(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	MOVW	0(X10), X11
	RET

TEXT ·memProbeSW(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	MOVW	ZERO, 0(X10)
	RET

TEXT ·memProbeVLE8(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	VSETIVLI	$16, E8, M1, TA, MA, X0
	VLE8V	(X10), V1
	RET

TEXT ·memProbeVLE32(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VLE32V	(X10), V1
	RET

TEXT ·memProbeVSE32(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	VSETIVLI	$4, E32, M1, TA, MA, X0
	VMVVI	$0, V1
	VSE32V	V1, (X10)
	RET

TEXT ·memProbeVLE64(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	VSETIVLI	$2, E64, M1, TA, MA, X0
	VLE64V	(X10), V1
	RET

TEXT ·memProbeVSE64(SB), NOSPLIT, $0-8
	MOV	p+0(FP), X10
	VSETIVLI	$2, E64, M1, TA, MA, X0
	VMVVI	$0, V1
	VSE64V	V1, (X10)
	RET
