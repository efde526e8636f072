// Kernels that break the SPARC V9 C ABI one way each, for the trampoline's
// tests (abi_sparc64_test.go) and the planted level sha256/planted-abi
// (planted_sparc64.go). Never registered as implementations; called only
// through the trampoline (called directly, the leaf clobbers would corrupt
// the gccgo caller's own registers).
//
// gcc runs this file through cpp: C or // comments only.

#define BIAS	2047

	// Used without claiming them as scratch: the check must see them.
	.register %g2, #ignore
	.register %g6, #ignore
	.section .note.GNU-stack,"",@progbits
	.text

	.macro LEAF name
	.align	4
	.global	\name
	.type	\name, @function
\name:
	.endm

// void xarch_abi_conforming_nop(uint64_t *x): *x += 1.
	LEAF	xarch_abi_conforming_nop
	ldx	[%o0], %o1
	add	%o1, 1, %o1
	retl
	 stx	%o1, [%o0]
	.size	xarch_abi_conforming_nop, .-xarch_abi_conforming_nop

// void xarch_abi_conforming_framed(uint64_t *x): a 1216-byte frame, its
// locals filled, then *x += 1.
	.align	4
	.global	xarch_abi_conforming_framed
	.type	xarch_abi_conforming_framed, @function
xarch_abi_conforming_framed:
	save	%sp, -1216, %sp
	add	%sp, BIAS + 176, %l0
	mov	1040 / 8, %l1
1:	subcc	%l1, 1, %l1
	stx	%g0, [%l0]
	bne,pt	%xcc, 1b
	 add	%l0, 8, %l0
	ldx	[%i0], %l2
	add	%l2, 1, %l2
	stx	%l2, [%i0]
	ret
	 restore
	.size	xarch_abi_conforming_framed, .-xarch_abi_conforming_framed

// A leaf (no save) writes a local register: it lands in its caller's
// window. The classic register-window bug.
	LEAF	xarch_abi_clobber_l5
	retl
	 mov	0x5ee, %l5
	.size	xarch_abi_clobber_l5, .-xarch_abi_clobber_l5

// A leaf writes an in register of its caller.
	LEAF	xarch_abi_clobber_i3
	retl
	 mov	0x5ee, %i3
	.size	xarch_abi_clobber_i3, .-xarch_abi_clobber_i3

// A leaf writes its caller's frame pointer.
	LEAF	xarch_abi_clobber_fp
	retl
	 mov	0x5ee, %fp
	.size	xarch_abi_clobber_fp, .-xarch_abi_clobber_fp

// A leaf writes its caller's return address.
	LEAF	xarch_abi_clobber_i7
	retl
	 mov	0x5ee, %i7
	.size	xarch_abi_clobber_i7, .-xarch_abi_clobber_i7

// A kernel moves its own %fp, its caller's %sp, before it restores.
	.align	4
	.global	xarch_abi_clobber_sp
	.type	xarch_abi_clobber_sp, @function
xarch_abi_clobber_sp:
	save	%sp, -176, %sp
	add	%fp, -16, %fp
	ret
	 restore
	.size	xarch_abi_clobber_sp, .-xarch_abi_clobber_sp

// Writes an application register it did not declare #scratch.
	LEAF	xarch_abi_clobber_g2
	retl
	 mov	0x5ee, %g2
	.size	xarch_abi_clobber_g2, .-xarch_abi_clobber_g2

// Writes a register the ABI reserves to the system.
	LEAF	xarch_abi_clobber_g6
	retl
	 mov	0x5ee, %g6
	.size	xarch_abi_clobber_g6, .-xarch_abi_clobber_g6

// A leaf writes 24 bytes below its %sp.
	LEAF	xarch_abi_write_below_sp
	mov	0x77, %o1
	retl
	 stx	%o1, [%sp + BIAS - 24]
	.size	xarch_abi_write_below_sp, .-xarch_abi_write_below_sp

// A 192-byte frame, and a write 8 bytes below it.
	.align	4
	.global	xarch_abi_write_below_frame
	.type	xarch_abi_write_below_frame, @function
xarch_abi_write_below_frame:
	save	%sp, -192, %sp
	mov	0x78, %l0
	stx	%l0, [%sp + BIAS - 8]
	ret
	 restore
	.size	xarch_abi_write_below_frame, .-xarch_abi_write_below_frame

// void xarch_abi_read_unloaded_o1(uint32_t *h): adds %o1, an argument
// register its prototype does not give it, to h[0], assuming zero: right
// when its caller leaves 0 there (the direct Go declaration passes one),
// wrong under the trampoline, which poisons the words beyond the
// arguments. The planted sha256/planted-unloaded-arg.
	LEAF	xarch_abi_read_unloaded_o1
	lduw	[%o0], %o2
	add	%o2, %o1, %o2
	retl
	 stw	%o2, [%o0]
	.size	xarch_abi_read_unloaded_o1, .-xarch_abi_read_unloaded_o1

// void xarch_abi_read_unset_d2(uint32_t *h): adds %d2's bits to h[0]
// without setting %d2, assuming zero: right when its caller leaves 0.0
// there (the direct Go declaration passes it as its second argument, which
// the ABI puts in %d2), wrong under the trampoline's poisoned %d2. The
// planted sha256/planted-unset-vector.
	.align	4
	.global	xarch_abi_read_unset_d2
	.type	xarch_abi_read_unset_d2, @function
xarch_abi_read_unset_d2:
	save	%sp, -192, %sp
	std	%f2, [%sp + BIAS + 176]
	ldx	[%sp + BIAS + 176], %l0
	lduw	[%i0], %l1
	add	%l1, %l0, %l1
	stw	%l1, [%i0]
	ret
	 restore
	.size	xarch_abi_read_unset_d2, .-xarch_abi_read_unset_d2

// void xarch_abi_dump_window(uint64_t out[15]): stores %l0-%l7 and
// %o0-%o5, %o7 of the window its save opens before writing any of them:
// what the trampoline left there (TestABIPoison).
	.align	4
	.global	xarch_abi_dump_window
	.type	xarch_abi_dump_window, @function
xarch_abi_dump_window:
	save	%sp, -176, %sp
	stx	%l0, [%i0 + 0]
	stx	%l1, [%i0 + 8]
	stx	%l2, [%i0 + 16]
	stx	%l3, [%i0 + 24]
	stx	%l4, [%i0 + 32]
	stx	%l5, [%i0 + 40]
	stx	%l6, [%i0 + 48]
	stx	%l7, [%i0 + 56]
	stx	%o0, [%i0 + 64]
	stx	%o1, [%i0 + 72]
	stx	%o2, [%i0 + 80]
	stx	%o3, [%i0 + 88]
	stx	%o4, [%i0 + 96]
	stx	%o5, [%i0 + 104]
	stx	%o7, [%i0 + 112]
	ret
	 restore
	.size	xarch_abi_dump_window, .-xarch_abi_dump_window

// void xarch_abi_read_stale_l3(uint32_t *h): after its save, adds %l3 to
// h[0] without setting it, assuming zero: %l3 then holds what the last
// user of this window left. Right when its caller cleared it
// (xarch_abi_cleared_read_stale_l3, the direct path), wrong under the
// trampoline, which poisons that window. The planted
// sha256/planted-stale-local.
	.align	4
	.global	xarch_abi_read_stale_l3
	.type	xarch_abi_read_stale_l3, @function
xarch_abi_read_stale_l3:
	save	%sp, -176, %sp
	lduw	[%i0], %l0
	add	%l0, %l3, %l0
	stw	%l0, [%i0]
	ret
	 restore
	.size	xarch_abi_read_stale_l3, .-xarch_abi_read_stale_l3

// void xarch_abi_cleared_read_stale_l3(uint32_t *h): clears %l3 of the
// next window (save, clear, restore: the window keeps it), then jumps to
// xarch_abi_read_stale_l3, whose save opens that window; it returns to
// our caller.
	.align	4
	.global	xarch_abi_cleared_read_stale_l3
	.type	xarch_abi_cleared_read_stale_l3, @function
xarch_abi_cleared_read_stale_l3:
	save	%sp, -176, %sp
	mov	0, %l3
	restore
	ba,pt	%xcc, xarch_abi_read_stale_l3
	 nop
	.size	xarch_abi_cleared_read_stale_l3, .-xarch_abi_cleared_read_stale_l3
