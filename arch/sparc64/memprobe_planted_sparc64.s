//go:build xarch_planted

// void xarch_memprobe_planted_wrong_encoding(void *p): claims lduw [%o0],
// %o1 but the word is ldx [%o0], %o1 (0xd25a0000). CFI as in
// memprobe_sparc64.s, so its fault unwinds into a Go panic.

	.section .note.GNU-stack,"",@progbits
	.text
	.align	4
	.global	xarch_memprobe_planted_wrong_encoding
	.type	xarch_memprobe_planted_wrong_encoding, @function
xarch_memprobe_planted_wrong_encoding:
	.cfi_startproc
	.word	0xd25a0000
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_planted_wrong_encoding, .-xarch_memprobe_planted_wrong_encoding
