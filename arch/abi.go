package arch

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// ABI conformance checking (ARCHITECTURE.md, "ABI conformance").
//
// Every assembly kernel of an arch package is listed in that package's
// kernel table (abi_kernels_<goarch>.go) and called through a wrapper that,
// when ABICheck is set, calls it through the arch's trampoline instead of
// directly: the trampoline fills the registers the calling convention says
// the kernel must preserve with fresh random values, plants a canary below
// the kernel's declared frame, calls the kernel, and records what came back.
// A kernel that breaks the convention panics with an *ABIViolation, which
// the runner answers as an error of the case that ran it.

// ABICheck routes every kernel call through its arch's ABI trampoline (the
// runner's --abi). Set it before kernels run, not while they do.
var ABICheck bool

// ABIKernel describes one assembly kernel to its arch's trampoline.
type ABIKernel struct {
	Name string // the assembly symbol, without package
	// Frame is the frame the kernel declares: gc, the $frame of its TEXT
	// line; sparc64, the size of its save (0 for a leaf without one).
	Frame int
	// Args is the size of its argument frame in bytes (gc: the TEXT line's
	// $-args; sparc64: 8 per register argument).
	Args int
	// Split (gc): the kernel's prologue checks the stack (no NOSPLIT, and
	// not a leaf with a frame under 128 bytes, which the assembler makes
	// NOSPLIT itself). That check may call morestack, which may run other
	// goroutines on the thread before the kernel's body: registers Go does
	// not save with the goroutine (MXCSR's status bits, arm64 R18, ppc64le
	// R2 and R13) can then change without the kernel's doing, so the
	// trampoline neither seeds nor checks those for such a kernel.
	Split bool
	// Scratch lists the application registers a sparc64 kernel declares
	// with `.register %gN, #scratch` (the ABI lets it clobber those).
	Scratch []string
	// Entry is the address the trampoline calls (gc: the ABI0 symbol),
	// filled from the arch's entry table at init.
	Entry uintptr
	// Calls counts checked calls (under the arch's trampoline lock).
	Calls uint64
	// SelfTest marks the trampoline's own test kernels (abi_selftest_*),
	// which break the convention on purpose; no implementation calls them
	// but the planted sha256/planted-abi.
	SelfTest bool
	// NoVector (riscv64): the kernel's file has no vector instruction, so
	// it cannot read V0-V31, vtype or vl, and the trampoline poisons
	// neither (each random vtype made qemu translate the code after it
	// again; abigen's vectorFree decides).
	NoVector bool
}

// ABIViolation is the panic value of a kernel that broke the calling
// convention: one line per problem, "BP not restored: expected 0x..., got
// 0x...".
type ABIViolation struct {
	Impl     string // the implementation, when the runner knows it
	Kernel   string // the assembly symbol
	Problems []string
}

func (v *ABIViolation) Error() string {
	who := "kernel " + v.Kernel
	if v.Impl != "" {
		who = v.Impl + " (kernel " + v.Kernel + ")"
	}
	return "ABI violation in " + who + ": " + strings.Join(v.Problems, "; ")
}

// ABINotRestored is the one spelling of a register that came back changed.
func ABINotRestored(reg string, want, got uint64) string {
	return fmt.Sprintf("%s not restored: expected %#x, got %#x", reg, want, got)
}

// ABICanary describes a canary word that changed: a write below the stack
// pointer, outside the kernel's declared frame.
func ABICanary(below int, frame int, want, got uint64) string {
	return fmt.Sprintf("wrote below the stack pointer, outside its declared frame of %d bytes: the canary word %d bytes below the frame changed from %#x to %#x", frame, below, want, got)
}

var (
	abiMu      sync.Mutex
	abiKernels []*ABIKernel
	abiNames   = map[string]bool{}
	abiArch    string
)

// RegisterABIKernels records an arch's kernel table (for the runner's abi
// command and the tests that check every kernel is in it).
func RegisterABIKernels(goarch string, list []*ABIKernel) {
	abiMu.Lock()
	defer abiMu.Unlock()
	abiArch = goarch
	for _, k := range list {
		if abiNames[k.Name] {
			panic("arch: duplicate ABI kernel " + k.Name)
		}
		abiNames[k.Name] = true
		abiKernels = append(abiKernels, k)
	}
}

// ABIKernels lists the registered kernels in table order, and the arch
// that registered them ("" when none did).
func ABIKernels() ([]*ABIKernel, string) {
	abiMu.Lock()
	defer abiMu.Unlock()
	return append([]*ABIKernel(nil), abiKernels...), abiArch
}

// ABIRand makes the trampolines' seeds: a xorshift generator, fresh values
// on every call (not for cryptography).
type ABIRand struct{ s uint64 }

// The seed of every trampoline's values (the runner's --abi-seed, which the
// host prints and puts in repro lines), and the key of the case running
// now: a case's calls get the same values wherever it runs, alone in a
// repro or among others in a batch.
var (
	abiSeedMu  sync.Mutex
	abiSeed    uint64
	abiCaseKey uint64
	abiEpoch   uint64 // counts ABIReseed calls: a trampoline restarts its generator
)

// SetABISeed sets the seed (0: one from the clock, at first use).
func SetABISeed(seed uint64) {
	abiSeedMu.Lock()
	abiSeed = seed
	abiEpoch++
	abiSeedMu.Unlock()
}

// ABISeed returns the seed, choosing one from the clock if none was set.
func ABISeed() uint64 {
	abiSeedMu.Lock()
	defer abiSeedMu.Unlock()
	abiStart()
	return abiSeed
}

// ABIReseed starts the values of the next checked calls afresh from the
// seed and key (the runner's hash of a case: op, params and data), so they
// do not depend on what ran before in the process.
func ABIReseed(key uint64) {
	abiSeedMu.Lock()
	abiCaseKey = key
	abiEpoch++
	abiSeedMu.Unlock()
}

// abiStart is the generator's state for the seed and the case key, under
// abiSeedMu.
func abiStart() uint64 {
	if abiSeed == 0 {
		abiSeed = uint64(time.Now().UnixNano()) | 1
	}
	x := ABIMix(abiSeed, 3) ^ abiCaseKey*0xbf58476d1ce4e5b9
	if x == 0 {
		x = 1
	}
	return x
}

// Next returns the next value; never 0, so a seed differs from a cleared
// register. Mix derives more seeds from one value (cheaper under an
// emulator than more draws).
func (r *ABIRand) Next() uint64 {
	for {
		x := r.s
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		r.s = x
		if x != 0 {
			return x
		}
	}
}

// ABIMix derives another nonzero seed from r (a rotation and an odd
// constant: distinct from r, fresh whenever r is).
func ABIMix(r uint64, i uint) uint64 {
	x := (r<<(i*11%64) | r>>(64-i*11%64)) ^ 0x9e3779b97f4a7c15*uint64(2*i+1)
	if x == 0 {
		x = 1
	}
	return x
}

// SplitFrame reports whether gc's assembler gives a TEXT line with these
// flags and declared frame a stack check (ABIKernel.Split): not NOSPLIT and
// a frame. amd64, arm64 and ppc64le exempt a leaf whose frame with what the
// assembler adds stays under StackSmall (128); other arches (riscv64) have
// no such exemption. The kernel-table generator (cmd/abigen) and its check
// (archtest.ABIKernels) share it.
func SplitFrame(goarch, flags string, frame int) bool {
	if strings.Contains(flags, "NOSPLIT") || frame <= 0 {
		return false
	}
	size := frame
	switch goarch {
	case "amd64":
		size += 8 // the saved BP
	case "arm64":
		size += 8 // LR, then rounded to 16 with room for the FP
		if size%16 == 8 {
			size += 8
		} else {
			size += 16
		}
	case "ppc64le":
		size += 32 // the fixed frame
	default:
		return true
	}
	return size >= 128
}
