// The known-answer probe of the vis3 feature (probe_gcm_sparc64.go):
//
// void xarch_vis3_probe(uint64_t io[4]);
//
// io[2] = xmulx(io[0], io[1]), io[3] = xmulxhi(io[0], io[1]). gcc
// assembles with -Av9, so both are .word encodings (see
// gcm_vis3_sparc64.s). A leaf: %o0-%o4 only.

#define R_O(n) (8 + (n))
#define VIS3(opf, rs1, rs2, rd) .word (0x81b00000 | ((rd) << 25) | ((rs1) << 14) | ((opf) << 5) | (rs2))
#define XMULX(rs1, rs2, rd)   VIS3(0x115, rs1, rs2, rd)
#define XMULXHI(rs1, rs2, rd) VIS3(0x116, rs1, rs2, rd)

	.section .note.GNU-stack,"",@progbits
	.text

	.align	32
	.global	xarch_vis3_probe
	.type	xarch_vis3_probe, @function
xarch_vis3_probe:
	ldx	[%o0 + 0], %o1
	ldx	[%o0 + 8], %o2
	XMULX(R_O(1), R_O(2), R_O(3))
	XMULXHI(R_O(1), R_O(2), R_O(4))
	stx	%o3, [%o0 + 16]
	retl
	 stx	%o4, [%o0 + 24]
	.size	xarch_vis3_probe, .-xarch_vis3_probe
