// The ABI trampoline of sparc64 (abi_sparc64.go; ARCHITECTURE.md, "ABI
// conformance"): calls a kernel under the SPARC V9 C ABI and records what
// the ABI says it must preserve.
//
// void xarch_abi_call(struct abi_state *st);
// const uint64_t *xarch_abi_entries(void);
//
// gcc runs this file through cpp: C or // comments only.
//
// Called from gccgo code, the trampoline opens its own register window
// (save), so the window the kernel returns into is the trampoline's: a leaf
// kernel (no save) that writes a %l or %i register, or a kernel whose
// restore lands elsewhere, changes the trampoline's registers, which it
// seeded with random values. It seeds %l0-%l7, %i0-%i5 and the application
// registers %g2-%g4, records %g5-%g7 (the system's: %g7 is the thread
// pointer), %sp, %fp and %i7, plants a canary below the kernel's frame
// (its save, st->frame bytes, below %sp), poisons the registers the ABI
// leaves free, and the %l and %o registers of the window the kernel's own
// save will open, and calls st->entry with six arguments. After the call
// it writes every register to st, then puts back
// %sp, %fp, %i7 and %g2-%g7 from memory before it returns, so a broken
// kernel is reported rather than crashing the runner. Nothing it needs
// after the call is kept in a register: st is found again through the
// global xarch_abi_cur (the Go side serialises calls).

#define BIAS	2047	/* V9 stack bias */
#define FRAME	192	/* the 176-byte minimum, 16 spare */
#define CANARY	128	/* bytes of canary (abi_sparc64.go: abiCanaryBytes) */

/* struct abi_state: the offsets of abi_sparc64.go's abiState (its test checks them) */
#define ST_ENTRY	0
#define ST_ARGS		8	/* 6 words */
#define ST_FRAME	56
#define ST_CANARY	64
#define ST_SEEDL	72	/* 8 words: %l0-%l7 */
#define ST_SEEDI	136	/* 6 words: %i0-%i5 */
#define ST_SEEDG	184	/* 3 words: %g2-%g4 */
#define ST_GOTL		208
#define ST_GOTI		272
#define ST_GOTG		320	/* 6 words: %g2-%g7 after the call */
#define ST_ING		368	/* 6 words: %g2-%g7 before */
#define ST_SP0		416
#define ST_SP1		424
#define ST_FP0		432
#define ST_FP1		440
#define ST_I70		448
#define ST_I71		456
#define ST_CANARYAT	464
#define ST_CANARYGOT	472
#define ST_FPOISON	480	/* 32 words: %d0-%d62 */
#define ST_G1		736
#define ST_G5		744
#define ST_CCR		752
#define ST_Y		760
#define ST_GSR		768
#define ST_FCC		776	/* %fsr's fcc0-fcc3 bits, at random */
#define ST_FCCMASK	784
#define ST_FSR		792	/* scratch: %fsr on its way */
#define ST_WINL		800	/* 8 words: %l0-%l7 of the kernel's window */
#define ST_WINO		864	/* 7 words: its %o0-%o5, %o7 */
#define WINFRAME	176	/* the save that poisons that window */

// ADDR: a symbol's address (44-bit absolute: the runner is a static
// binary). Not setx: gcc assembles with -K PIC here (Debian's gcc defaults
// to PIE), which turns setx's %lo into a GOT reference.
#define ADDR(sym, reg) \
	sethi	%h44(sym), reg; \
	or	reg, %m44(sym), reg; \
	sllx	reg, 12, reg; \
	or	reg, %l44(sym), reg

	.register %g2, #scratch
	.register %g3, #scratch
	.register %g6, #ignore
	.register %g7, #ignore
	.section .note.GNU-stack,"",@progbits

	.section .bss
	.align	8
xarch_abi_cur:
	.skip	8

	.text
	.align	32
	.global	xarch_abi_call
	.type	xarch_abi_call, @function
xarch_abi_call:
	.cfi_startproc
	save	%sp, -FRAME, %sp
	.cfi_window_save
	.cfi_register %o7, %i7
	.cfi_def_cfa_register %fp
	ADDR(xarch_abi_cur, %o5)
	stx	%i0, [%o5]
	mov	%i0, %o5
	stx	%sp, [%o5 + ST_SP0]
	stx	%fp, [%o5 + ST_FP0]
	stx	%i7, [%o5 + ST_I70]
	stx	%g2, [%o5 + ST_ING + 0]
	stx	%g3, [%o5 + ST_ING + 8]
	stx	%g4, [%o5 + ST_ING + 16]
	stx	%g5, [%o5 + ST_ING + 24]
	stx	%g6, [%o5 + ST_ING + 32]
	stx	%g7, [%o5 + ST_ING + 40]

	// The canary: CANARY bytes below the lowest byte of the kernel's
	// frame, %sp + BIAS - st->frame.
	ldx	[%o5 + ST_FRAME], %o0
	add	%sp, BIAS, %o1
	sub	%o1, %o0, %o1
	ldx	[%o5 + ST_CANARY], %o2
	mov	CANARY / 8, %o3
1:	sub	%o1, 8, %o1
	subcc	%o3, 1, %o3
	bne,pt	%xcc, 1b
	 stx	%o2, [%o1]

	// The seeds, then the entry and the arguments (%o5, st, last).
	ldx	[%o5 + ST_SEEDL + 0], %l0
	ldx	[%o5 + ST_SEEDL + 8], %l1
	ldx	[%o5 + ST_SEEDL + 16], %l2
	ldx	[%o5 + ST_SEEDL + 24], %l3
	ldx	[%o5 + ST_SEEDL + 32], %l4
	ldx	[%o5 + ST_SEEDL + 40], %l5
	ldx	[%o5 + ST_SEEDL + 48], %l6
	ldx	[%o5 + ST_SEEDL + 56], %l7
	ldx	[%o5 + ST_SEEDI + 0], %i0
	ldx	[%o5 + ST_SEEDI + 8], %i1
	ldx	[%o5 + ST_SEEDI + 16], %i2
	ldx	[%o5 + ST_SEEDI + 24], %i3
	ldx	[%o5 + ST_SEEDI + 32], %i4
	ldx	[%o5 + ST_SEEDI + 40], %i5
	ldx	[%o5 + ST_SEEDG + 0], %g2
	ldx	[%o5 + ST_SEEDG + 8], %g3
	ldx	[%o5 + ST_SEEDG + 16], %g4

	// Poison what the convention leaves free (abiHook.Seed): %d0-%d62,
	// %gsr, %y, %fsr's fcc fields (its other fields as they were), %g1,
	// %g5 and %ccr; the argument words beyond the kernel's are poison
	// too. The entry goes in %o7: call %o7 (jmpl %o7, %o7) jumps there and
	// leaves %o7 the return address, so no register holds the entry.
	ldd	[%o5 + ST_FPOISON + 0], %f0
	ldd	[%o5 + ST_FPOISON + 8], %f2
	ldd	[%o5 + ST_FPOISON + 16], %f4
	ldd	[%o5 + ST_FPOISON + 24], %f6
	ldd	[%o5 + ST_FPOISON + 32], %f8
	ldd	[%o5 + ST_FPOISON + 40], %f10
	ldd	[%o5 + ST_FPOISON + 48], %f12
	ldd	[%o5 + ST_FPOISON + 56], %f14
	ldd	[%o5 + ST_FPOISON + 64], %f16
	ldd	[%o5 + ST_FPOISON + 72], %f18
	ldd	[%o5 + ST_FPOISON + 80], %f20
	ldd	[%o5 + ST_FPOISON + 88], %f22
	ldd	[%o5 + ST_FPOISON + 96], %f24
	ldd	[%o5 + ST_FPOISON + 104], %f26
	ldd	[%o5 + ST_FPOISON + 112], %f28
	ldd	[%o5 + ST_FPOISON + 120], %f30
	ldd	[%o5 + ST_FPOISON + 128], %f32
	ldd	[%o5 + ST_FPOISON + 136], %f34
	ldd	[%o5 + ST_FPOISON + 144], %f36
	ldd	[%o5 + ST_FPOISON + 152], %f38
	ldd	[%o5 + ST_FPOISON + 160], %f40
	ldd	[%o5 + ST_FPOISON + 168], %f42
	ldd	[%o5 + ST_FPOISON + 176], %f44
	ldd	[%o5 + ST_FPOISON + 184], %f46
	ldd	[%o5 + ST_FPOISON + 192], %f48
	ldd	[%o5 + ST_FPOISON + 200], %f50
	ldd	[%o5 + ST_FPOISON + 208], %f52
	ldd	[%o5 + ST_FPOISON + 216], %f54
	ldd	[%o5 + ST_FPOISON + 224], %f56
	ldd	[%o5 + ST_FPOISON + 232], %f58
	ldd	[%o5 + ST_FPOISON + 240], %f60
	ldd	[%o5 + ST_FPOISON + 248], %f62
	ldx	[%o5 + ST_GSR], %o0
	wr	%o0, 0, %asr19	// %gsr (the assembler takes the name only for VIS CPUs)
	ldx	[%o5 + ST_Y], %o0
	wr	%o0, 0, %y
	stx	%fsr, [%o5 + ST_FSR]
	ldx	[%o5 + ST_FSR], %o0
	ldx	[%o5 + ST_FCCMASK], %o1
	andn	%o0, %o1, %o0
	ldx	[%o5 + ST_FCC], %o1
	or	%o0, %o1, %o0
	stx	%o0, [%o5 + ST_FSR]
	ldx	[%o5 + ST_FSR], %fsr
	ldx	[%o5 + ST_G1], %g1
	ldx	[%o5 + ST_G5], %g5
	ldx	[%o5 + ST_CCR], %o0
	wr	%o0, 0, %ccr

	// The window a kernel's save opens is the next one, whose %l and %o
	// registers hold whatever last used it. Open it, poison them, and
	// close it again: nothing but the kernel's save uses it before the
	// kernel runs, and a restore keeps the registers of the window it
	// leaves (neither save nor restore sets %ccr). The save's frame lies
	// below the canary, so a spill of that window while it is open does
	// not touch it. The trap handlers of a native kernel could use the
	// window between the restore and the kernel's save; QEMU's never do.
	ldx	[%o5 + ST_FRAME], %o0
	add	%o0, CANARY + WINFRAME + 15, %o0
	andn	%o0, 15, %o0
	sub	%g0, %o0, %o0
	save	%sp, %o0, %sp
	ldx	[%i5 + ST_WINL + 0], %l0
	ldx	[%i5 + ST_WINL + 8], %l1
	ldx	[%i5 + ST_WINL + 16], %l2
	ldx	[%i5 + ST_WINL + 24], %l3
	ldx	[%i5 + ST_WINL + 32], %l4
	ldx	[%i5 + ST_WINL + 40], %l5
	ldx	[%i5 + ST_WINL + 48], %l6
	ldx	[%i5 + ST_WINL + 56], %l7
	ldx	[%i5 + ST_WINO + 0], %o0
	ldx	[%i5 + ST_WINO + 8], %o1
	ldx	[%i5 + ST_WINO + 16], %o2
	ldx	[%i5 + ST_WINO + 24], %o3
	ldx	[%i5 + ST_WINO + 32], %o4
	ldx	[%i5 + ST_WINO + 40], %o5
	ldx	[%i5 + ST_WINO + 48], %o7
	restore

	ldx	[%o5 + ST_ENTRY], %o7
	ldx	[%o5 + ST_ARGS + 0], %o0
	ldx	[%o5 + ST_ARGS + 8], %o1
	ldx	[%o5 + ST_ARGS + 16], %o2
	ldx	[%o5 + ST_ARGS + 24], %o3
	ldx	[%o5 + ST_ARGS + 32], %o4
	ldx	[%o5 + ST_ARGS + 40], %o5
	call	%o7
	 nop

	// Everything to memory first.
	ADDR(xarch_abi_cur, %o5)
	ldx	[%o5], %o5
	stx	%l0, [%o5 + ST_GOTL + 0]
	stx	%l1, [%o5 + ST_GOTL + 8]
	stx	%l2, [%o5 + ST_GOTL + 16]
	stx	%l3, [%o5 + ST_GOTL + 24]
	stx	%l4, [%o5 + ST_GOTL + 32]
	stx	%l5, [%o5 + ST_GOTL + 40]
	stx	%l6, [%o5 + ST_GOTL + 48]
	stx	%l7, [%o5 + ST_GOTL + 56]
	stx	%i0, [%o5 + ST_GOTI + 0]
	stx	%i1, [%o5 + ST_GOTI + 8]
	stx	%i2, [%o5 + ST_GOTI + 16]
	stx	%i3, [%o5 + ST_GOTI + 24]
	stx	%i4, [%o5 + ST_GOTI + 32]
	stx	%i5, [%o5 + ST_GOTI + 40]
	stx	%g2, [%o5 + ST_GOTG + 0]
	stx	%g3, [%o5 + ST_GOTG + 8]
	stx	%g4, [%o5 + ST_GOTG + 16]
	stx	%g5, [%o5 + ST_GOTG + 24]
	stx	%g6, [%o5 + ST_GOTG + 32]
	stx	%g7, [%o5 + ST_GOTG + 40]
	stx	%sp, [%o5 + ST_SP1]
	stx	%fp, [%o5 + ST_FP1]
	stx	%i7, [%o5 + ST_I71]

	// Put back what our caller relies on.
	ldx	[%o5 + ST_SP0], %sp
	ldx	[%o5 + ST_FP0], %fp
	ldx	[%o5 + ST_I70], %i7
	ldx	[%o5 + ST_ING + 0], %g2
	ldx	[%o5 + ST_ING + 8], %g3
	ldx	[%o5 + ST_ING + 16], %g4
	ldx	[%o5 + ST_ING + 24], %g5
	ldx	[%o5 + ST_ING + 32], %g6
	ldx	[%o5 + ST_ING + 40], %g7

	// The canary: the first changed word from the frame down.
	ldx	[%o5 + ST_FRAME], %o0
	add	%sp, BIAS, %o1
	sub	%o1, %o0, %o1
	ldx	[%o5 + ST_CANARY], %o2
	mov	0, %o3
2:	add	%o3, 8, %o3
	sub	%o1, 8, %o1
	ldx	[%o1], %o4
	cmp	%o4, %o2
	bne,pn	%xcc, 3f
	 cmp	%o3, CANARY
	bne,pt	%xcc, 2b
	 nop
	ba,pt	%xcc, 4f
	 nop
3:	stx	%o3, [%o5 + ST_CANARYAT]
	stx	%o4, [%o5 + ST_CANARYGOT]
4:	ret
	 restore
	.cfi_endproc
	.size	xarch_abi_call, .-xarch_abi_call

// The kernel table's entry addresses (abi_kernels_sparc64.s).
	.align	4
	.global	xarch_abi_entries
	.type	xarch_abi_entries, @function
xarch_abi_entries:
	ADDR(xarch_abi_entry_table, %o0)
	retl
	 nop
	.size	xarch_abi_entries, .-xarch_abi_entries
