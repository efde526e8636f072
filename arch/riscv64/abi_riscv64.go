//go:build gc

package riscv64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The ABI trampoline of riscv64 (abi_riscv64.s; ARCHITECTURE.md, "ABI
// conformance"). Kernels are ABI0 functions called directly: the trampoline
// copies the argument frame to its outgoing area, seeds X3 (gp, the global
// pointer the psABI reserves for the linker's gp-relative relaxation: Go
// never uses it, C code reaches its small data through it) and X4 (tp, the
// thread pointer: "TLS" at every call and return in Go's ABI, and the C
// library's thread block) with random values, plants a canary below the
// kernel's declared frame, calls the ABI0 entry and records X2 (sp), X3,
// X4, X27 (g) and the canary. X27 holds the running goroutine: a signal
// handler may read it at any moment, so it is checked for equality, not
// seeded (and put back if a kernel changed it, so the runtime survives to
// report it). X0 is wired to zero and X1 (the link register), X26 (the
// closure context) and X31 (the assembler's temporary) are scratch in
// ABI0; riscv64 Go keeps no frame pointer.
//
// Poison: every other register the convention leaves free gets a fresh
// value from the seed before the call, X5-X26, X28-X30, F0-F31, fflags and,
// where the CPU has V, V0-V31 and vtype/vl (a random configuration), so a
// kernel that reads one it never set goes wrong here. The call goes
// through X31, the assembler's temporary, which no kernel may read (a
// kernel's stale copy of the trampoline's state pointer or entry in a bound
// register once passed unnoticed).
//
// Seeding X3 and X4 is safe because nothing reads them while a kernel runs:
// the runner and the cross-built tests are CGO_ENABLED=0, where the signal
// handler does not reload g through tp (runtime·load_g runs only when
// iscgo), and no Go code addresses data through gp. With cgo the handler
// reads tp and may forward a signal to C, which may use gp: such a build
// compares both without seeding them (abi_cgo_riscv64.go).

// Layout limits of the trampoline's frame (go_asm.h gives them to
// abi_riscv64.s).
const (
	abiCanaryBytes = 128
	abiMaxLow      = 2048 // deepest kernel frame: declared + the saved LR
	abiMaxArgs     = 128
)

// abiSeedGPTP: seed X3 and X4 (false in a cgo build, see above).
var abiSeedGPTP = true

// abiState is the trampoline's memory (see abi_amd64.go's): one per
// process, under abiMu.
type abiState struct {
	entry, nwords, low uint64
	canary             uint64
	seedX3, seedX4     uint64
	seeded             uint64 // 0: X3 and X4 keep their values (a Split kernel, or cgo)
	sp0, sp1           uint64
	hi0, hi1           uint64
	x3in, x4in         uint64 // before seeding
	x3, x4             uint64 // after the call
	g0, g1             uint64
	canaryAt           uint64
	canaryGot          uint64
	moved              uint64
	callerSP, retPC    uint64
	escaped            uint64
	// Poison, fresh on every call: X5-X26, X28-X30, then the entry (the
	// loads of abi_riscv64.s take them in this order); F0-F31; fflags.
	gpoison [26]uint64
	fpoison [32]uint64
	fflags  uint64
	// V0-V31 (vwords words, 0 without V) and the vtype and AVL of a
	// vsetvl.
	vwords, vtype, vavl uint64
	vtype0, vl0         uint64 // the caller's, restored after the call
	vpoison             [abiMaxVWords]uint64
}

// abiMaxVWords: the V registers of a VLEN up to 1024 bits; a longer one
// keeps them unpoisoned.
const abiMaxVWords = 32 * 1024 / 64

// abiVWords is how many words V0-V31 take here (0: no V).
var abiVWords = func() uint64 {
	if !detect()["v"] {
		return 0
	}
	n := 4 * abiVLenB() // 32 registers of vlenb bytes
	if n > abiMaxVWords {
		return 0
	}
	return n
}()

// abiVType reads vtype and vl (only with V).
//
//go:noescape
func abiVType(out *[2]uint64)

// abiVLenB reads the vlenb CSR (the V registers' size in bytes); only with V.
func abiVLenB() uint64

// abiSt is the one state of the trampoline, under abiDriver's lock.
var abiSt abiState

// abiCall runs kernel k through the trampoline with its ABI0 argument
// frame at args, size bytes (the generated abiX functions call it).
func abiCall(k *arch.ABIKernel, args unsafe.Pointer, size uintptr) {
	abiDriver.Call(k, size, func() { abiTrampoline(args) })
}

// abiDriver runs every checked call (arch.ABITrampoline); abiHook is this
// arch's part.
var abiDriver = &arch.ABITrampoline{Arch: "riscv64", Hook: abiHook{}, Unwinds: true}

type abiHook struct{}

//go:noescape
func abiTrampoline(args unsafe.Pointer)

func abiEscape()

func abiEntryTable() unsafe.Pointer

// abiLow is how far below its entry X2 a kernel with this declared frame
// writes: the frame and the 8-byte slot the assembler adds for LR at its
// bottom. A $0 leaf has no frame.
func abiLow(frame int) uint64 {
	if frame == 0 {
		return 0
	}
	return uint64(frame) + 8
}

func init() { arch.RegisterABIEntries("riscv64", abiKernelTable, abiEntryTable()) }

func (abiHook) Fits(k *arch.ABIKernel, size uintptr) bool {
	return size <= abiMaxArgs && abiLow(k.Frame) <= abiMaxLow
}

func (abiHook) Seed(k *arch.ABIKernel, r uint64) {
	st := &abiSt
	// The trampoline writes every recorded field but these two.
	st.canaryAt, st.escaped = 0, 0
	st.entry, st.nwords, st.low = uint64(k.Entry), uint64(k.Args+7)/8, abiLow(k.Frame)
	st.canary, st.seedX3, st.seedX4, st.seeded = r, arch.ABIMix(r, 1), arch.ABIMix(r, 2), 1
	if k.Split || !abiSeedGPTP {
		st.seeded = 0 // see arch.ABIKernel.Split
	}
	x := r
	for i := range st.gpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.gpoison[i] = x
	}
	st.gpoison[len(st.gpoison)-1] = st.entry
	for i := range st.fpoison {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.fpoison[i] = x
	}
	st.fflags = x >> 59 // the five accrued exception flags
	st.vwords = abiVWords
	if k.NoVector {
		st.vwords = 0
	}
	for i := uint64(0); i < abiVWords; i++ {
		x = x*0x9e3779b97f4a7c15 + 0x632be59bd9b4e019
		st.vpoison[i] = x
	}
	// LMUL 1-8, SEW 8-64, tail and mask policy at random; AVL 0-255.
	st.vtype, st.vavl = x>>40&0xdb, x>>50&0xff
}

func (abiHook) Check(k *arch.ABIKernel) arch.ABIOutcome {
	st := &abiSt
	o := arch.ABIOutcome{SP: "X2", Escaped: st.escaped != 0, SPWant: st.sp0 + (st.hi1 - st.hi0), SPGot: st.sp1,
		CanaryAt: st.canaryAt, Canary: st.canary, CanaryGot: st.canaryGot}
	if st.seeded != 0 && st.x3 != st.seedX3 {
		o.Problems = append(o.Problems, arch.ABINotRestored("X3", st.seedX3, st.x3))
	}
	if st.seeded != 0 && st.x4 != st.seedX4 {
		o.Problems = append(o.Problems, arch.ABINotRestored("X4", st.seedX4, st.x4))
	}
	if st.seeded == 0 && !k.Split && st.x3 != st.x3in {
		o.Problems = append(o.Problems, arch.ABINotRestored("X3", st.x3in, st.x3))
	}
	if st.seeded == 0 && !k.Split && st.x4 != st.x4in {
		o.Problems = append(o.Problems, arch.ABINotRestored("X4", st.x4in, st.x4))
	}
	if st.g1 != st.g0 {
		o.Problems = append(o.Problems, arch.ABINotRestored("X27", st.g0, st.g1))
	}
	return o
}
