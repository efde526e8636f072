//go:build gc && xarch_planted

#include "textflag.h"

// func illegalInstruction()
TEXT ·illegalInstruction(SB), NOSPLIT, $0-0
	WORD $0
	RET
