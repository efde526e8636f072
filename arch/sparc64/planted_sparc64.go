//go:build xarch_planted

package sparc64

import (
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// A test-only level whose block function executes an illegal instruction,
// so the suite can prove it reports a SIGILL crash (and names the level).
func init() {
	arch.RegisterPlanted(sha256.Name, "sparc64", &arch.Impl{
		Name:  "sha256/planted-sigill",
		Funcs: &sha256.Funcs{Block: plantedSIGILL},
	})
}

//extern xarch_planted_sigill_sparc64
func plantedIllegal()

func plantedSIGILL(h *[8]uint32, p []byte) {
	plantedIllegal()
}

// sha256/planted-abi hashes right (the generic block function), then calls
// a leaf kernel (no save) that writes %l5: in its caller's register window,
// the classic SPARC bug. Only the ABI trampoline sees it: "%l5 not
// restored". It runs the clobber only under the trampoline (called
// directly it would corrupt this function's own registers), so without the
// checks the level simply passes.
func init() {
	arch.RegisterPlanted(sha256.Name, "sparc64", &arch.Impl{
		Name:  "sha256/planted-abi",
		Funcs: &sha256.Funcs{Block: plantedABI},
	})
}

func plantedABI(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiClobberL5()
	}
}

// sha256/planted-unloaded-arg and planted-unset-vector hash right, then
// call a kernel that reads a register it was never given: %o1, beyond its
// one argument, and %d2, both assumed zero. Called directly, with the
// zero passed where the kernel looks, both work; through the ABI
// trampoline, which poisons every register the ABI leaves free, both
// change the hash.
//
//extern xarch_abi_read_unloaded_o1
func readUnloadedO1(h *[8]uint32, zero uint64)

//extern xarch_abi_read_unset_d2
func readUnsetD2(h *[8]uint32, zero float64)

func plantedUnloadedArg(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnloadedO1(h)
	} else {
		readUnloadedO1(h, 0)
	}
}

func plantedUnsetVector(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadUnsetD2(h)
	} else {
		readUnsetD2(h, 0)
	}
}

func init() {
	arch.RegisterPlanted(sha256.Name, "sparc64",
		&arch.Impl{Name: "sha256/planted-unloaded-arg", Funcs: &sha256.Funcs{Block: plantedUnloadedArg}},
		&arch.Impl{Name: "sha256/planted-unset-vector", Funcs: &sha256.Funcs{Block: plantedUnsetVector}})
}

// sha256/planted-stale-local hashes right, then calls a kernel that reads
// %l3 after its save without setting it, assuming zero. Directly it goes
// through a stub that clears %l3 of the window that save opens; through
// the trampoline, which poisons that window, the hash changes.
//
//extern xarch_abi_cleared_read_stale_l3
func readStaleL3Cleared(h *[8]uint32)

func plantedStaleLocal(h *[8]uint32, p []byte) {
	sha256.GenericBlock(h, p)
	if arch.ABICheck {
		abiReadStaleL3(h)
	} else {
		readStaleL3Cleared(h)
	}
}

func init() {
	arch.RegisterPlanted(sha256.Name, "sparc64",
		&arch.Impl{Name: "sha256/planted-stale-local", Funcs: &sha256.Funcs{Block: plantedStaleLocal}})
}
