// Memory-operand probes (memprobe_sparc64.go, forms in memprobe_forms.go): each
// executes one load or store with its operand at p, and returns.
//
// void xarch_memprobe_<form>(void *p);
//
// Leaves: %o0 holds p, %o1 and %f0 are the data (caller-saved in the C
// ABI). Stores write a register other than %g0, so objdump names them
// stx/st/stb (a store of %g0 prints as clrx/clr/clrb).
//
// Unlike the kernels, each has call-frame information (.cfi_startproc:
// a leaf, the CIE's default rule, CFA = %sp + 2047 and the return address
// in %o7, is its whole frame): the probes fault on purpose, and gccgo turns
// the fault into a Go panic by unwinding through the faulting function,
// which without CFI aborts the runner ("failed to throw unwind
// exception").

	.section .note.GNU-stack,"",@progbits
	.text

	.align	4
	.global	xarch_memprobe_ldx
	.type	xarch_memprobe_ldx, @function
xarch_memprobe_ldx:
	.cfi_startproc
	ldx	[%o0], %o1
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_ldx, .-xarch_memprobe_ldx

	.align	4
	.global	xarch_memprobe_stx
	.type	xarch_memprobe_stx, @function
xarch_memprobe_stx:
	.cfi_startproc
	mov	0x5a, %o1
	stx	%o1, [%o0]
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_stx, .-xarch_memprobe_stx

	.align	4
	.global	xarch_memprobe_lduw
	.type	xarch_memprobe_lduw, @function
xarch_memprobe_lduw:
	.cfi_startproc
	lduw	[%o0], %o1
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_lduw, .-xarch_memprobe_lduw

	.align	4
	.global	xarch_memprobe_stw
	.type	xarch_memprobe_stw, @function
xarch_memprobe_stw:
	.cfi_startproc
	mov	0x5a, %o1
	stw	%o1, [%o0]
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_stw, .-xarch_memprobe_stw

	.align	4
	.global	xarch_memprobe_ldub
	.type	xarch_memprobe_ldub, @function
xarch_memprobe_ldub:
	.cfi_startproc
	ldub	[%o0], %o1
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_ldub, .-xarch_memprobe_ldub

	.align	4
	.global	xarch_memprobe_stb
	.type	xarch_memprobe_stb, @function
xarch_memprobe_stb:
	.cfi_startproc
	mov	0x5a, %o1
	stb	%o1, [%o0]
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_stb, .-xarch_memprobe_stb

	.align	4
	.global	xarch_memprobe_lddf
	.type	xarch_memprobe_lddf, @function
xarch_memprobe_lddf:
	.cfi_startproc
	ldd	[%o0], %f0
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_lddf, .-xarch_memprobe_lddf

	.align	4
	.global	xarch_memprobe_stdf
	.type	xarch_memprobe_stdf, @function
xarch_memprobe_stdf:
	.cfi_startproc
	std	%f0, [%o0]
	retl
	 nop
	.cfi_endproc
	.size	xarch_memprobe_stdf, .-xarch_memprobe_stdf
