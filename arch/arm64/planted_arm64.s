//go:build gc && xarch_planted

#include "textflag.h"

// func plantedSIGILL(h *[8]uint32, p []byte)
TEXT ·plantedSIGILL(SB), NOSPLIT, $0-32
	WORD	$0x00000000 // UDF #0
	RET
