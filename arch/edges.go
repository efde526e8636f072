package arch

import (
	"fmt"
	"math/rand"
	"sync"
)

// Kernel edges: calls of a level's entry points that the ops never make
// (zero blocks, one block, the largest count the contract allows), which a
// family declares (Family.Edges) and the runner's edges command runs in
// buffers flush against PROT_NONE pages. The family compares with its own
// reference (the generic kernel).

// Edge is one kernel-level edge case.
type Edge struct {
	Name string // unique within the family: "block/0", "mul/max"
	// Run calls the entry point and returns why it went wrong (nil: fine).
	// Mem gives its buffers; r its random data (seeded by the host).
	Run func(mem EdgeMem, r *rand.Rand) error
}

// EdgeMem hands out edge-case buffers.
type EdgeMem interface {
	// Bytes returns buffer slot i (0 <= i < EdgeSlots) of n bytes ending
	// at a PROT_NONE page, filled with random bytes. A slot is reused by
	// the next call that asks for it.
	Bytes(i, n int) []byte
}

// EdgeSlots is how many distinct buffers one edge case may hold at once
// (mont's Exp2 edges hold 11: both halves' operands and the scratch; a
// slot maps its pages on first use).
const EdgeSlots = 12

// EdgesOf lists im's edge cases: those of its family for the entry points
// im has (a provider level has none).
func EdgesOf(im *Impl) []Edge {
	f, ok := families[im.Alg]
	if !ok || f.Edges == nil || WholeOf(im) != nil {
		return nil
	}
	return f.Edges(im)
}

// Canary is a guard word drawn per call: every byte odd, so a stored zero
// (or any even byte) always shows.
func Canary() uint64 { return rand.Uint64() | 0x0101010101010101 }

// ScratchError is a kernel's write outside the scratch it was handed.
type ScratchError struct {
	Kernel string
	Side   string // "below" or "above"
	Offset int    // of the changed guard word, in bytes from the scratch's start
	Words  int    // the scratch's length
	Was    uint64
	Got    uint64
}

func (e *ScratchError) Error() string {
	return fmt.Sprintf("scratch canary: kernel %s wrote %s its %d-word scratch: guard word at byte offset %d changed %#016x -> %#016x",
		e.Kernel, e.Side, e.Words, e.Offset, e.Was, e.Got)
}

// ScratchGuard is the number of guard words on each side of a scratch.
const ScratchGuard = 2

// GuardedScratch returns n zeroed words with ScratchGuard canary words on
// each side, and check, which panics with a *ScratchError naming kernel
// when a guard word changed. The canaries are fresh on every call. check
// must be called once, after the last use of the words: it hands the
// buffer back for reuse (a Montgomery level takes one per product, and an
// allocation per product doubled the RSA files' time under qemu).
func GuardedScratch(n int) (t []uint64, check func(kernel string)) {
	g := ScratchGuard
	s, _ := guardedPool.Get().(*guarded)
	if s == nil {
		s = &guarded{}
		s.check = s.verify
	}
	if cap(s.buf) < n+2*g {
		s.buf = make([]uint64, n+2*g)
	}
	s.buf, s.n = s.buf[:n+2*g], n
	for i := range s.was {
		s.was[i] = Canary()
	}
	copy(s.buf[:g], s.was[:g])
	t = s.buf[g : g+n : g+n]
	for i := range t {
		t[i] = 0
	}
	copy(s.buf[g+n:], s.was[g:])
	return t, s.check
}

// guarded is one GuardedScratch buffer; check is its verify, bound once.
type guarded struct {
	buf   []uint64
	was   [2 * ScratchGuard]uint64
	n     int
	check func(kernel string)
}

var guardedPool sync.Pool // of *guarded

func (s *guarded) verify(kernel string) {
	g, n, buf, was := ScratchGuard, s.n, s.buf, s.was
	for i := 0; i < g; i++ {
		// Nearest the scratch first: that is where a stray store lands.
		if j := g - 1 - i; buf[j] != was[j] {
			panic(&ScratchError{Kernel: kernel, Side: "below", Offset: -8 * (i + 1), Words: n, Was: was[j], Got: buf[j]})
		}
		if buf[g+n+i] != was[g+i] {
			panic(&ScratchError{Kernel: kernel, Side: "above", Offset: 8 * (n + i), Words: n, Was: was[g+i], Got: buf[g+n+i]})
		}
	}
	guardedPool.Put(s)
}
