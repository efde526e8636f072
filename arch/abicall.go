package arch

import (
	"sync"
	"unsafe"
)

// The one driver of every arch's ABI trampoline (ARCHITECTURE.md, "ABI
// conformance"). An arch package supplies an ABIHook: what its trampoline
// seeds, the call into its assembly, and what it compares afterwards. The
// driver does what every arch does alike: the frame check, the process-wide
// lock, fresh seeds, the call count, the stack-pointer and canary verdicts
// and the panic with *ABIViolation.

// ABIHook is one arch's part of a checked kernel call. The driver calls its
// methods with the trampoline's lock held, in this order.
type ABIHook interface {
	// Fits reports whether the trampoline has room for k's frame and an
	// argument frame of size bytes (size already equals k.Args).
	Fits(k *ABIKernel, size uintptr) bool
	// Seed prepares the trampoline's state for a call of k; r is a fresh
	// nonzero random value (ABIMix derives more from it).
	Seed(k *ABIKernel, r uint64)
	// Check says what came back wrong: the arch's own registers in
	// Problems, the stack pointer and the canary in the other fields.
	Check(k *ABIKernel) ABIOutcome
}

// ABIOutcome is what a trampoline recorded, as its hook reads it.
type ABIOutcome struct {
	// SP names the stack pointer; Escaped says the kernel left it moved,
	// SPWant and SPGot say where it should and did end up.
	SP            string
	Escaped       bool
	SPWant, SPGot uint64
	// Problems lists the arch's other registers that came back wrong, in
	// the order the arch's table names them.
	Problems []string
	// CanaryAt is how far below the frame the first changed canary word
	// lies (0: none changed); Canary and CanaryGot are its two values.
	CanaryAt, Canary, CanaryGot uint64
}

// ABITrampoline drives one arch's trampoline; each arch package has one.
type ABITrampoline struct {
	Arch string
	Hook ABIHook
	// Unwinds: a fault in a kernel comes back as a Go panic the runner
	// recovers (gc's SetPanicOnFault), so the lock is released by a
	// deferred unlock. gccgo cannot unwind through its assembly, where a
	// fault aborts the runner anyway, and there defer is costly.
	Unwinds bool

	mu    sync.Mutex
	rand  *ABIRand
	epoch uint64 // abiEpoch when rand was started
}

// Call runs kernel k through the trampoline: call enters the arch's
// assembly with k's argument frame of size bytes (gc: ABI0's struct of the
// Go parameters; sparc64: words for %o0-%o5). The arguments stay out of
// this function and of the hook's interface, so they do not escape: a
// kernel's caller keeps its arrays on the stack. A violation panics with
// *ABIViolation.
func (t *ABITrampoline) Call(k *ABIKernel, size uintptr, call func()) {
	if int(size) != k.Args || !t.Hook.Fits(k, size) {
		panic(t.Arch + ": ABI call of " + k.Name + " with a frame the table or the trampoline does not fit")
	}
	t.mu.Lock()
	if t.Unwinds {
		defer t.mu.Unlock()
	}
	abiSeedMu.Lock()
	if t.rand == nil || t.epoch != abiEpoch {
		t.rand, t.epoch = &ABIRand{s: abiStart()}, abiEpoch
	}
	abiSeedMu.Unlock()
	t.Hook.Seed(k, t.rand.Next())
	call()
	k.Calls++
	o := t.Hook.Check(k)
	if !t.Unwinds {
		t.mu.Unlock()
	}
	var p []string
	if o.Escaped {
		p = append(p, ABINotRestored(o.SP, o.SPWant, o.SPGot))
	}
	p = append(p, o.Problems...)
	if o.CanaryAt != 0 {
		p = append(p, ABICanary(int(o.CanaryAt), k.Frame, o.Canary, o.CanaryGot))
	}
	if len(p) > 0 {
		panic(&ABIViolation{Kernel: k.Name, Problems: p})
	}
}

// RegisterABIEntries fills each kernel's Entry from the arch's entry table
// (8-byte addresses in table order) and registers the table.
func RegisterABIEntries(goarch string, list []*ABIKernel, entries unsafe.Pointer) {
	for i, k := range list {
		k.Entry = *(*uintptr)(unsafe.Add(entries, 8*i))
	}
	RegisterABIKernels(goarch, list)
}
