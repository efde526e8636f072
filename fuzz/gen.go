package fuzz

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
	"sort"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/wire"
)

// MaxLen is the longest input the generator makes.
const MaxLen = 64 << 10

// RandomPerOp is how many random cases per op the default budget adds after
// the edge lengths.
const RandomPerOp = 16

// Variant is one way of calling the implementation on a case: where the
// input and output buffers sit against the runner's guard pages, whether the
// call is in place, and how the data is cut into calls.
type Variant struct {
	Name    string // one, head, misalign, chunks, inplace
	In, Out string // runner placements: end, start+K, same (in place)
	Chunks  []int  // nil: one call
}

// Spec is the variant's line in the runner's check command.
func (v Variant) Spec() string {
	ch := "-"
	if v.Chunks != nil {
		parts := make([]string, len(v.Chunks))
		for i, c := range v.Chunks {
			parts[i] = strconv.Itoa(c)
		}
		ch = strings.Join(parts, ",")
		if ch == "" {
			ch = "0"
		}
	}
	return fmt.Sprintf("%s %s %s %s", v.Name, v.In, v.Out, ch)
}

// Describe says in words where the buffers were (n is the data length).
func (v Variant) Describe(n int, cipher bool) string {
	place := func(p string) string {
		switch {
		case p == "end":
			return "flush against the trailing guard page"
		case p == "same":
			return "in place"
		}
		return "starting " + strings.TrimPrefix(p, "start+") + " bytes after the leading guard page"
	}
	s := v.Name + ": input " + place(v.In)
	if v.In == "end" && n%16 != 0 {
		s += fmt.Sprintf(" (so it starts %d bytes past a 16-byte boundary)", (16-n%16)%16)
	}
	if cipher {
		s += ", output " + place(v.Out)
	}
	if v.Chunks != nil {
		s += fmt.Sprintf(", fed in chunks %s then the rest", shortList(v.Chunks, n))
	} else {
		s += ", one call"
	}
	return s
}

// shortList prints the chunk sizes that fall within n bytes.
func shortList(ch []int, n int) string {
	var parts []string
	sum := 0
	for _, c := range ch {
		if sum >= n && len(parts) > 0 {
			break
		}
		parts = append(parts, strconv.Itoa(c))
		sum += c
		if len(parts) == 12 {
			parts = append(parts, "...")
			break
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Case is one generated input with the variants it is run under.
type Case struct {
	Seed     uint64
	Index    int
	Op       Op
	Params   [][]byte // key, iv for ciphers
	Data     []byte
	Pattern  string // random, zeros, ones, counter
	Edge     bool   // its length came from the edge list
	Variants []Variant
}

// Describe is "sha256, 576 bytes (edge, random)".
func (c Case) Describe() string {
	kind := "random length"
	if c.Edge {
		kind = "edge length"
	}
	s := fmt.Sprintf("%s, %d bytes (%s, %s data)", c.Op.Name, len(c.Data), kind, c.Pattern)
	if p := describeParams(c.Op, c.Params); p != "" {
		s += "," + p
	}
	return s
}

// Payload packs the op's params and the data for the runner (wire.Pack).
func (c Case) Payload() []byte { return wire.Pack(c.OracleArgs()...) }

// OracleArgs are the oracle's arguments for this case.
func (c Case) OracleArgs() [][]byte { return append(append([][]byte{}, c.Params...), c.Data) }

// Truncate keeps the first n bytes (n rounded down to the op's unit) and
// the variants, with chunk lists cut to fit.
func (c Case) Truncate(n int) Case {
	n -= n % c.Op.Unit
	if n > len(c.Data) {
		n = len(c.Data)
	}
	out := c
	out.Data = c.Data[:n:n]
	out.Variants = nil
	for _, v := range c.Variants {
		out.Variants = append(out.Variants, v.fit(n))
	}
	return out
}

// fit drops the chunk sizes that start past n.
func (v Variant) fit(n int) Variant {
	if v.Chunks == nil {
		return v
	}
	var ch []int
	sum := 0
	for _, c := range v.Chunks {
		if sum >= n && len(ch) > 0 {
			break
		}
		ch = append(ch, c)
		sum += c
	}
	v.Chunks = ch
	return v
}

// Only keeps one named variant.
func (c Case) Only(name string) (Case, bool) {
	for _, v := range c.Variants {
		if v.Name == name {
			c.Variants = []Variant{v}
			return c, true
		}
	}
	return c, false
}

// Gen makes the cases of one algorithm family for one implementation: the
// same seed, family and tuning constants give the same cases on every host.
type Gen struct {
	Seed   uint64
	Alg    string
	Ops    []Op
	Tuning []wire.Tuning
	edges  [][]int // per op
	tuned  []int   // byte lengths derived from tuning constants
	salt   uint64
}

// NewGen builds the generator; tuning is the implementation's declared
// constants (interleave widths, thresholds) as the runner reports them.
func NewGen(seed uint64, alg string, tuning []wire.Tuning) (*Gen, error) {
	g := &Gen{Seed: seed, Alg: alg, Ops: OpsFor(alg), Tuning: tuning}
	if len(g.Ops) == 0 {
		return nil, fmt.Errorf("no fuzz ops for algorithm %q (known: %s)", alg, strings.Join(Algs(), ", "))
	}
	h := fnv.New64a()
	h.Write([]byte(alg))
	g.salt = h.Sum64()
	for k, op := range g.Ops {
		g.edges = append(g.edges, g.edgeList(op, k == 0))
	}
	return g, nil
}

// Sig identifies the case stream (for caching the oracle's answers).
func (g *Gen) Sig() string {
	var keys []string
	for _, t := range g.Tuning {
		keys = append(keys, fmt.Sprintf("/%s=%d%s", t.Name, t.Value, t.Unit))
	}
	sort.Strings(keys)
	s := fmt.Sprintf("%d/%s", g.Seed, g.Alg)
	for _, k := range keys {
		s += k
	}
	return s
}

// edgeList is the op's edge lengths in priority order: the block edges,
// +-1 around every tuning length (and one block and one group past it),
// every length up to four blocks, then (first op of a family only: it is
// slow under emulation) the longest input.
func (g *Gen) edgeList(op Op, long bool) []int {
	B := op.Block
	list := []int{0, 1, B - 1, B, B + 1, 2*B - 1, 2 * B, 2*B + 1, 3 * B, 4*B - 1, 4 * B, 4*B + 1}
	g.tuned = wire.TuningLengths(g.Tuning, B)
	sort.Ints(g.tuned) // declaration order must not change the stream
	for _, n := range g.tuned {
		for _, base := range []int{n, n + B, 2 * n} {
			list = append(list, base-1, base, base+1)
		}
	}
	for n := 0; n <= 4*B; n++ {
		list = append(list, n)
	}
	if long {
		list = append(list, MaxLen)
	}
	seen := map[int]bool{}
	var out []int
	for _, n := range list {
		n -= n % op.Unit
		if n < 0 || n > MaxLen || seen[n] {
			continue
		}
		seen[n] = true
		out = append(out, n)
	}
	return out
}

// Cases are dealt round-robin over the ops: case i is op i%len(Ops), the
// op's (i/len(Ops))-th length; its edge list first, then random lengths.

// Budget bounds the default run's case numbers: every op's edges plus
// RandomPerOp random cases each. Ops with shorter edge lists run out first;
// InBudget says which numbers below Budget the default run uses.
func (g *Gen) Budget() int {
	m := 0
	for _, e := range g.edges {
		if len(e) > m {
			m = len(e)
		}
	}
	return (m + RandomPerOp) * len(g.Ops)
}

// InBudget reports whether the default budget includes case i.
func (g *Gen) InBudget(i int) bool {
	k, j := i%len(g.Ops), i/len(g.Ops)
	return j < len(g.edges[k])+RandomPerOp
}

// DefaultCases is how many cases the default budget runs.
func (g *Gen) DefaultCases() int {
	n := 0
	for _, e := range g.edges {
		n += len(e) + RandomPerOp
	}
	return n
}

// Case makes case i. Cases are independent: each has its own random stream
// seeded by (seed, family, i), so any one can be regenerated alone.
func (g *Gen) Case(i int) Case {
	k := i % len(g.Ops)
	j := i / len(g.Ops)
	op := g.Ops[k]
	r := rand.New(rand.NewPCG(g.Seed, g.salt^(uint64(i)*0x9e3779b97f4a7c15)))
	c := Case{Seed: g.Seed, Index: i, Op: op}
	var n int
	if j < len(g.edges[k]) {
		n, c.Edge = g.edges[k][j], true
	} else {
		n = g.randomLen(r, op)
	}
	n -= n % op.Unit
	if op.Params != nil {
		c.Params = op.Params(r, j)
	}
	switch p := r.IntN(10); {
	case p == 0:
		c.Pattern, c.Data = "zeros", make([]byte, n)
	case p == 1:
		c.Pattern, c.Data = "ones", bytes.Repeat([]byte{0xff}, n)
	case p == 2:
		c.Pattern, c.Data = "counter", make([]byte, n)
		for x := range c.Data {
			c.Data[x] = byte(x)
		}
	default:
		c.Pattern, c.Data = "random", randBytes(r, n)
	}
	c.Variants = g.variants(r, op, n)
	if op.Data != nil {
		// After the variants, so ops without the hook keep their streams.
		c.Data = op.Data(r, j, c.Params, c.Data)
	}
	return c
}

// randomLen: short lengths most of the time, block multiples +-1, lengths
// around the tuning constants, and now and then a long one up to MaxLen.
func (g *Gen) randomLen(r *rand.Rand, op Op) int {
	B := op.Block
	switch k := r.IntN(8); {
	case k < 2:
		return r.IntN(4*B + 1)
	case k < 4:
		return (1+r.IntN(64))*B + r.IntN(3) - 1
	case k < 5:
		// Log-uniform up to MaxLen, in integers only (math.Exp may round
		// differently on another host).
		lo := bits.Len(uint(4*B)) - 1
		e := lo + r.IntN(bits.Len(uint(MaxLen))-1-lo)
		return 1<<e + r.IntN(1<<e)
	case k < 6 && len(g.tuned) > 0:
		n := g.tuned[r.IntN(len(g.tuned))]*(1+r.IntN(4)) + r.IntN(5) - 2
		if n < 0 {
			n = 0
		}
		if n > MaxLen {
			n = MaxLen
		}
		return n
	default:
		return r.IntN(2048)
	}
}

// VariantNames are the variants a case may have (variants), for --variant.
var VariantNames = []string{"one", "head", "misalign", "chunks", "inplace"}

// variants: every case runs flush against both guards, misaligned, in
// uneven chunks (streaming shapes) and in place (ciphers).
func (g *Gen) variants(r *rand.Rand, op Op, n int) []Variant {
	k1, k2 := 1+r.IntN(15), 1+r.IntN(15)
	out := "end"
	if !op.Cipher {
		out = "-"
	}
	vs := []Variant{
		{Name: "one", In: "end", Out: out},
		{Name: "head", In: "start+0", Out: pick(op.Cipher, "start+0", "-")},
		{Name: "misalign", In: fmt.Sprintf("start+%d", k1), Out: pick(op.Cipher, fmt.Sprintf("start+%d", k2), "-")},
	}
	if op.Stream {
		vs = append(vs, Variant{Name: "chunks", In: "end", Out: out, Chunks: chunkList(r, op, n)})
	}
	if op.Cipher {
		vs = append(vs, Variant{Name: "inplace", In: "end", Out: "same"})
	}
	return vs
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// chunkList cuts n bytes unevenly: empty calls, single bytes (units),
// pieces just under and over a block, and big pieces.
func chunkList(r *rand.Rand, op Op, n int) []int {
	u, B := op.Unit, op.Block
	var ch []int
	for sum := 0; sum < n || len(ch) == 0; {
		var c int
		switch k := r.IntN(10); {
		case k == 0:
			c = 0
		case k < 3:
			c = u
		case k < 5:
			c = B - u + r.IntN(3)*u
		case k < 8:
			c = r.IntN(4*B) + 1
		default:
			c = r.IntN(n/2+1) + 1
		}
		c -= c % u
		ch = append(ch, c)
		sum += c
		if len(ch) >= 256 {
			break
		}
	}
	return ch
}
