package runner

// The target side of differential fuzzing: "check" runs one case on one
// implementation under several buffer disciplines (variants) and answers one
// result per variant; the host compares each with the oracle.
//
// Buffers live in arenas mapped with PROT_NONE guard pages before and after
// them. A variant places the input (and the output) flush against the
// trailing guard or a few bytes after the leading one, so the first byte
// read or written past either end faults; the runner's SetPanicOnFault turns
// that fault into a panic, which becomes this variant's result. The bytes
// around each buffer that are still addressable are poisoned and checked,
// and the input must be unchanged afterwards (unless the call is in place).
//
// Target-side code: Go 1.18 and gccgo 12 (syscall, no x/sys).

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

func init() {
	// payload: u32-length-prefixed strings, the op's params then the data.
	register("check", 4, "impl, op, variants, payload", cmdCheck)
}

// Variant result tags: the first byte of each answer string (wire.Check*).
const (
	CheckOK    = wire.CheckOK
	CheckFault = wire.CheckFault
	CheckError = wire.CheckError
)

// placement is where a buffer sits in its arena: flush against the
// trailing guard (end), or off bytes after the leading guard.
type placement struct {
	end  bool
	off  int
	same bool // output only: in place, the input buffer itself
}

func parsePlacement(s string, out bool) (placement, error) {
	switch {
	case s == "end":
		return placement{end: true}, nil
	case s == "same" && out:
		return placement{same: true}, nil
	case strings.HasPrefix(s, "start+"):
		k, err := strconv.Atoi(s[len("start+"):])
		if err == nil && k >= 0 && k < 4096 {
			return placement{off: k}, nil
		}
	}
	return placement{}, fmt.Errorf("placement %q: want end, start+K (0 <= K < 4096)%s", s, map[bool]string{true: " or same", false: ""}[out])
}

func (p placement) String() string {
	switch {
	case p.same:
		return "in place"
	case p.end:
		return "flush against the trailing guard"
	}
	return fmt.Sprintf("%d bytes after the leading guard", p.off)
}

// checkVariant is one line of the variants argument: NAME IN OUT CHUNKS,
// e.g. "misalign start+3 start+9 -" or "chunks end end 1,63,0,200".
type checkVariant struct {
	name    string
	in, out placement
	chunks  []int
}

func parseVariants(s string, op *arch.Op) ([]checkVariant, error) {
	var out []checkVariant
	for i, line := range strings.Split(strings.TrimSpace(s), "\n") {
		f := strings.Fields(line)
		if len(f) != 4 {
			return nil, fmt.Errorf("variant %d %q: want NAME IN OUT CHUNKS", i, line)
		}
		v := checkVariant{name: f[0]}
		var err error
		if v.in, err = parsePlacement(f[1], false); err != nil {
			return nil, fmt.Errorf("variant %s: input %v", f[0], err)
		}
		if f[2] == "-" {
			v.out = placement{end: true}
		} else if v.out, err = parsePlacement(f[2], true); err != nil {
			return nil, fmt.Errorf("variant %s: output %v", f[0], err)
		}
		if v.out.same && !op.InPlace() {
			return nil, fmt.Errorf("variant %s: this primitive has no in-place form", f[0])
		}
		if f[3] != "-" {
			if !op.Streams() {
				return nil, fmt.Errorf("variant %s: %s (%s) cannot be fed in pieces", f[0], op.Name, op.Shape)
			}
			v.chunks = []int{}
			for _, c := range strings.Split(f[3], ",") {
				n, err := strconv.Atoi(c)
				if err != nil || n < 0 || n%op.Unit != 0 {
					return nil, fmt.Errorf("variant %s: chunk size %q is not a size of whole %d-byte units", f[0], c, op.Unit)
				}
				v.chunks = append(v.chunks, n)
			}
		}
		out = append(out, v)
	}
	return out, nil
}

func cmdCheck(s *Server, args [][]byte) ([][]byte, error) {
	im, op, err := s.op(args[0], args[1])
	if err != nil {
		return nil, err
	}
	vs, err := parseVariants(string(args[2]), op)
	if err != nil {
		return nil, err
	}
	if len(vs) > 32 {
		return nil, fmt.Errorf("%d variants (max 32)", len(vs))
	}
	params, data, err := splitPayload(op, args[3])
	if err != nil {
		return nil, err
	}
	if len(data)%op.Unit != 0 {
		return nil, fmt.Errorf("%s takes whole %d-byte units, got %d bytes", op.Name, op.Unit, len(data))
	}
	var res [][]byte
	for _, v := range vs {
		res = append(res, runVariant(im, op, params, data, v))
	}
	return res, nil
}

// guarded is a mapping [guard page][body][guard page]; body is reused by
// every variant and grows when a case needs more.
type guarded struct {
	mem, body []byte
	page      int
}

// Two arenas, input and output, kept for the runner's life.
var inArena, outArena guarded

// poisonLen bytes on each side of a buffer (where addressable) are checked.
const poisonLen = 64

const poison = 0xA5

func (g *guarded) ensure(n int) error {
	need := n + 4096 + 2*poisonLen // room for start+K placements
	if len(g.body) >= need {
		return nil
	}
	if g.mem != nil {
		syscall.Munmap(g.mem)
		g.mem, g.body = nil, nil
	}
	pg := syscall.Getpagesize()
	size := (need + pg - 1) / pg * pg
	if size < 256<<10 {
		size = 256 << 10
	}
	mem, err := syscall.Mmap(-1, 0, size+2*pg, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return fmt.Errorf("mmap %d bytes: %v", size+2*pg, err)
	}
	if err := syscall.Mprotect(mem[:pg], syscall.PROT_NONE); err != nil {
		syscall.Munmap(mem)
		return fmt.Errorf("mprotect leading guard: %v", err)
	}
	if err := syscall.Mprotect(mem[pg+size:], syscall.PROT_NONE); err != nil {
		syscall.Munmap(mem)
		return fmt.Errorf("mprotect trailing guard: %v", err)
	}
	g.mem, g.body, g.page = mem, mem[pg:pg+size:pg+size], pg
	return nil
}

// place returns an n-byte buffer at p, with the poisoned windows around it.
func (g *guarded) place(p placement, n int) (buf []byte, lo, hi int) {
	lo = p.off
	if p.end {
		lo = len(g.body) - n
	}
	hi = lo + n
	a, b := lo-poisonLen, hi+poisonLen
	if a < 0 {
		a = 0
	}
	if b > len(g.body) {
		b = len(g.body)
	}
	for i := a; i < b; i++ {
		g.body[i] = poison
	}
	return g.body[lo:hi:hi], lo, hi
}

// damaged describes poison bytes overwritten next to body[lo:hi].
func (g *guarded) damaged(what string, lo, hi int) string {
	a, b := lo-poisonLen, hi+poisonLen
	if a < 0 {
		a = 0
	}
	if b > len(g.body) {
		b = len(g.body)
	}
	for i := a; i < lo; i++ {
		if g.body[i] != poison {
			return fmt.Sprintf("wrote %d bytes before the start of the %s (poison at -%d changed)", lo-i, what, lo-i)
		}
	}
	for i := b - 1; i >= hi; i-- {
		if g.body[i] != poison {
			return fmt.Sprintf("wrote past the end of the %s (poison at +%d changed)", what, i-hi)
		}
	}
	return ""
}

func (g *guarded) span() string {
	if g.mem == nil {
		return "none"
	}
	return fmt.Sprintf("%#x-%#x page %d", addrOf(g.mem), addrOf(g.mem)+uintptr(len(g.mem)), g.page)
}

// guardHit names a faulting address that falls in or next to an arena.
func (g *guarded) guardHit(what string, addr uintptr, lo, hi int) string {
	if g.mem == nil {
		return ""
	}
	base := addrOf(g.mem)
	end := base + uintptr(len(g.mem))
	if addr < base || addr >= end {
		return ""
	}
	body := base + uintptr(g.page)
	start, stop := body+uintptr(lo), body+uintptr(hi)
	switch {
	case addr == stop:
		return "the first byte past the end of the " + what
	case addr > stop:
		return fmt.Sprintf("%d bytes past the end of the %s", addr-stop+1, what)
	case addr < start:
		return fmt.Sprintf("%d bytes before the start of the %s", start-addr, what)
	}
	return "inside the " + what
}

// runVariant runs one variant; a fault in the implementation is recovered
// here so the next variant and the next request still run.
func runVariant(im *arch.Impl, op *arch.Op, params [][]byte, data []byte, v checkVariant) (res []byte) {
	abiCase(op.Name, params, data)
	if err := inArena.ensure(len(data)); err != nil {
		return append([]byte{CheckError}, "guarded buffers: "+err.Error()...)
	}
	if err := outArena.ensure(len(data)); err != nil {
		return append([]byte{CheckError}, "guarded buffers: "+err.Error()...)
	}
	src, ilo, ihi := inArena.place(v.in, len(data))
	copy(src, data)
	dst, olo, ohi := src, ilo, ihi
	if op.InPlace() && !v.out.same {
		dst, olo, ohi = outArena.place(v.out, len(data))
	}
	defer func() {
		if p := recover(); p != nil {
			if v, isABI := p.(*arch.ABIViolation); isABI {
				v.Impl = im.Name
				res = append([]byte{CheckError}, v.Error()...)
				return
			}
			msg := fmt.Sprint(p)
			site := faultSite()
			a, ok := p.(interface{ Addr() uintptr })
			if !ok && !strings.Contains(msg, "invalid memory address") {
				// Not a memory fault: an ordinary panic in the kernel.
				res = append([]byte{CheckError}, ("panic: " + msg)...)
				return
			}
			if !ok {
				// The runtime had no fault address (qemu-ppc64le leaves the
				// DAR register that Go reads empty): name the placement.
				bufs := "input " + v.in.String()
				if op.InPlace() && !v.out.same {
					bufs += ", output " + v.out.String()
				}
				msg = fmt.Sprintf("memory fault, address not reported (%s, %d bytes): %s", bufs, len(data), msg)
			} else {
				where := inArena.guardHit("input", a.Addr(), ilo, ihi)
				if op.InPlace() && !v.out.same {
					if w := outArena.guardHit("output", a.Addr(), olo, ohi); w != "" {
						where = w
					}
				}
				if where != "" {
					msg = fmt.Sprintf("memory fault at %#x, %s (input %s, %d bytes): %s", a.Addr(), where, v.in, len(data), msg)
				} else {
					msg = fmt.Sprintf("memory fault at %#x, outside the guarded buffers [%s]: %s", a.Addr(), inArena.span(), msg)
				}
			}
			res = append([]byte{CheckFault}, wire.AppendFaultSite(msg, site)...)
		}
	}()
	out, err := arch.RunOp(op, im, params, dst, src, v.chunks)
	if err != nil {
		return append([]byte{CheckError}, err.Error()...)
	}
	if d := inArena.damaged("input", ilo, ihi); d != "" {
		return append([]byte{CheckError}, d...)
	}
	if op.InPlace() {
		if !v.out.same {
			if d := outArena.damaged("output", olo, ohi); d != "" {
				return append([]byte{CheckError}, d...)
			}
			if !bytes.Equal(src, data) {
				i := 0
				for src[i] == data[i] {
					i++
				}
				return append([]byte{CheckError}, fmt.Sprintf("input modified (first at byte %d of %d)", i, len(data))...)
			}
		}
		out = dst
	} else if !bytes.Equal(src, data) {
		i := 0
		for src[i] == data[i] {
			i++
		}
		return append([]byte{CheckError}, fmt.Sprintf("input modified (first at byte %d of %d)", i, len(data))...)
	}
	return append([]byte{CheckOK}, out...)
}

// addrOf is the address of b's first byte (b must not be empty).
func addrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(&b[0])) }
