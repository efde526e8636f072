package runner

// The edges command: a level's kernel edge cases (arch.Edge, declared by
// its family), each in buffers flush against PROT_NONE pages. A fault, an
// ABI violation or a scratch canary is that case's failure.
//
// Target-side code: Go 1.18 and gccgo 12.

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

func init() {
	// edge: one case by name ("" = all); seed: the random data's.
	register("edges", 3, "impl, edge, seed", cmdEdges)
}

func edgeNames(im *arch.Impl) []string {
	var out []string
	for _, e := range arch.EdgesOf(im) {
		out = append(out, e.Name)
	}
	return out
}

// edgeMem: one arena per slot, kept for the runner's life.
type edgeMem struct {
	r     *rand.Rand
	slots [arch.EdgeSlots]guarded
	lo    [arch.EdgeSlots]int
	err   error
}

var edgeArenas edgeMem

func (m *edgeMem) Bytes(i, n int) []byte {
	g := &m.slots[i]
	if err := g.ensure(n); err != nil {
		panic("edge buffers: " + err.Error())
	}
	b, lo, _ := g.place(placement{end: true}, n)
	m.lo[i] = lo
	m.r.Read(b)
	return b
}

// where names the slot a faulting address falls in or next to.
func (m *edgeMem) where(addr uintptr) string {
	for i := range m.slots {
		g := &m.slots[i]
		if w := g.guardHit(fmt.Sprintf("buffer %d", i), addr, m.lo[i], len(g.body)); w != "" {
			return w
		}
	}
	return ""
}

func cmdEdges(s *Server, args [][]byte) ([][]byte, error) {
	im, ok := arch.Lookup(string(args[0]))
	if !ok {
		return nil, fmt.Errorf("unknown implementation %q", args[0])
	}
	im, err := s.usable(args[0], im.Alg)
	if err != nil {
		return nil, err
	}
	seed, err := strconv.ParseUint(string(args[2]), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("seed %q is not a number", args[2])
	}
	edges := arch.EdgesOf(im)
	if len(edges) == 0 {
		return nil, fmt.Errorf("implementation %s has no kernel edge cases", im.Name)
	}
	var res []wire.EdgeResult
	for _, e := range edges {
		if len(args[1]) > 0 && e.Name != string(args[1]) {
			continue
		}
		res = append(res, runEdge(im, e, int64(seed)))
	}
	if len(res) == 0 {
		return nil, fmt.Errorf("no edge case %q of %s (known: %s)", args[1], im.Name, strings.Join(edgeNames(im), ", "))
	}
	js, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	return [][]byte{js}, nil
}

// runEdge runs one case with data from seed and its name, so a case run
// alone sees the bytes it saw among the others.
func runEdge(im *arch.Impl, e arch.Edge, seed int64) (res wire.EdgeResult) {
	res.Name = e.Name
	h := fnv.New64a()
	h.Write([]byte(e.Name))
	edgeArenas.r = rand.New(rand.NewSource(seed ^ int64(h.Sum64())))
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		switch v := p.(type) {
		case *arch.ABIViolation:
			v.Impl = im.Name
			res.Error = v.Error()
			return
		case *arch.ScratchError:
			res.Error = v.Error()
			return
		}
		msg := fmt.Sprint(p)
		site := faultSite()
		a, ok := p.(interface{ Addr() uintptr })
		if !ok && !strings.Contains(msg, "invalid memory address") {
			res.Error = "panic: " + msg
			return
		}
		res.Fault = true
		if ok {
			where := edgeArenas.where(a.Addr())
			if where == "" {
				where = "outside the guarded buffers"
			}
			msg = fmt.Sprintf("memory fault at %#x, %s: %s", a.Addr(), where, msg)
		} else {
			msg = "memory fault, address not reported: " + msg
		}
		res.Error = wire.AppendFaultSite(msg, site)
	}()
	if err := e.Run(&edgeArenas, edgeArenas.r); err != nil {
		res.Error = err.Error()
	}
	return res
}
