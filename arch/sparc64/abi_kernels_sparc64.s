// The entry addresses of abiKernelTable (abi_kernels_sparc64.go), in its
// order; xarch_abi_entries (abi_sparc64.s) returns the table's address.
//
// gcc runs this file through cpp: C or // comments only.

	.section .note.GNU-stack,"",@progbits
	.section .data.rel.ro
	.align	8
	.global	xarch_abi_entry_table
xarch_abi_entry_table:
	.xword	xarch_aes_encrypt_sparc64
	.xword	xarch_aes_decrypt_sparc64
	.xword	xarch_aes_t4_encrypt
	.xword	xarch_aes_t4_decrypt
	.xword	xarch_ghash_sparc64
	.xword	xarch_ghash_vis3
	.xword	xarch_sha256_block_sparc64
	.xword	xarch_sha512_block_sparc64
	.xword	xarch_mont_mul_sparc64
	.xword	xarch_mont_mul_vis3
	.xword	xarch_abi_conforming_nop
	.xword	xarch_abi_conforming_framed
	.xword	xarch_abi_clobber_l5
	.xword	xarch_abi_clobber_i3
	.xword	xarch_abi_clobber_fp
	.xword	xarch_abi_clobber_i7
	.xword	xarch_abi_clobber_sp
	.xword	xarch_abi_clobber_g2
	.xword	xarch_abi_clobber_g6
	.xword	xarch_abi_write_below_sp
	.xword	xarch_abi_write_below_frame
	.xword	xarch_abi_read_unloaded_o1
	.xword	xarch_abi_read_unset_d2
	.xword	xarch_abi_dump_window
	.xword	xarch_abi_read_stale_l3
	.size	xarch_abi_entry_table, .-xarch_abi_entry_table
