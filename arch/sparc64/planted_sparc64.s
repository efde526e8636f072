//go:build xarch_planted

// Test-only: illtrap is defined to raise illegal_instruction on every
// SPARC V9 CPU, so the planted level dies with SIGILL.

	.section .note.GNU-stack,"",@progbits
	.text
	.align	4
	.global	xarch_planted_sigill_sparc64
	.type	xarch_planted_sigill_sparc64, @function
xarch_planted_sigill_sparc64:
	illtrap	0
	retl
	 nop
	.size	xarch_planted_sigill_sparc64, .-xarch_planted_sigill_sparc64
