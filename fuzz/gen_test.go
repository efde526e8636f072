package fuzz

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	_ "github.com/xarchlab/xarch/family/all/host" // every family's spec and judging
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/wire"
)

// digest hashes everything a case sends to a runner and the oracle.
func digest(cs []Case) string {
	h := sha256.New()
	for _, c := range cs {
		fmt.Fprintf(h, "%d %s %s %v\n", c.Index, c.Op.Name, c.Pattern, c.Edge)
		for _, p := range c.OracleArgs() {
			binary.Write(h, binary.LittleEndian, uint32(len(p)))
			h.Write(p)
		}
		for _, v := range c.Variants {
			fmt.Fprintln(h, v.Spec())
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// cases makes n cases from the edge list and n from the random phase.
func cases(t *testing.T, seed uint64, alg string, tuning []wire.Tuning, n int) []Case {
	g, err := NewGen(seed, alg, tuning)
	require.NoError(t, err)
	var out []Case
	for i := 0; i < n; i++ {
		out = append(out, g.Case(i))
	}
	for i := 5000; i < 5000+n; i++ {
		out = append(out, g.Case(i))
	}
	return out
}

var avx2Tuning = []wire.Tuning{{Name: "block_bytes", Value: 64, Unit: wire.Bytes}, {Name: "blocks_per_batch", Value: 2, Unit: wire.Blocks}, {Name: "rounds_unroll", Value: 8, Unit: wire.Other}, {Name: "stack_wk_bytes", Value: 512, Unit: wire.Other}}

// Same seed, same cases; another seed or other tuning, other cases. The
// pinned digests catch a generator that depends on the host (map order,
// word size, a library's random stream): every host must print these.
func TestGeneratorDeterministic(t *testing.T) {
	a := cases(t, 1, "sha256", avx2Tuning, 400)
	b := cases(t, 1, "sha256", []wire.Tuning{{Name: "stack_wk_bytes", Value: 512, Unit: wire.Other}, {Name: "rounds_unroll", Value: 8, Unit: wire.Other}, {Name: "blocks_per_batch", Value: 2, Unit: wire.Blocks}, {Name: "block_bytes", Value: 64, Unit: wire.Bytes}}, 400)
	require.Equal(t, digest(a), digest(b))
	require.NotEqual(t, digest(a), digest(cases(t, 2, "sha256", avx2Tuning, 400)))
	require.NotEqual(t, digest(a), digest(cases(t, 1, "sha256", nil, 400)))

	// Any case can be made alone, in any order.
	g, _ := NewGen(1, "sha256", avx2Tuning)
	require.Equal(t, digest(a[377:378])+digest(a[444:445]), digest([]Case{g.Case(377)})+digest([]Case{g.Case(5044)}))

	require.Equal(t, "04b9ae52c7d4e9209f1988200f127f485606bfaf27718f56c212a80d1c92ce6f", digest(a), "sha256 stream of seed 1 changed")
	require.Equal(t, "240bb6803e1426199d7d30ad98165249ffb5922d64a55b3c5bdcb48ef35c2a95", digest(cases(t, 1, "aes", []wire.Tuning{{Name: "interleave_blocks", Value: 8, Unit: wire.Blocks}}, 400)), "aes stream of seed 1 changed")
}

// The default budget holds every edge the issue lists.
func TestDefaultBudgetCoversEdges(t *testing.T) {
	tuning := []wire.Tuning{{Name: "threshold_bytes", Value: 512, Unit: wire.Bytes}, {Name: "interleave_blocks", Value: 8, Unit: wire.Blocks}}
	for _, alg := range []string{"sha256", "aes"} {
		g, err := NewGen(7, alg, tuning)
		require.NoError(t, err)
		lens := map[string]map[int]bool{}
		run := 0
		for i := 0; i < g.Budget(); i++ {
			if !g.InBudget(i) {
				continue
			}
			run++
			c := g.Case(i)
			if lens[c.Op.Name] == nil {
				lens[c.Op.Name] = map[int]bool{}
			}
			lens[c.Op.Name][len(c.Data)] = true
			require.Zero(t, len(c.Data)%c.Op.Unit)
			names := map[string]bool{}
			for _, v := range c.Variants {
				names[v.Name] = true
				sum := 0
				for _, ch := range v.Chunks {
					require.Zero(t, ch%c.Op.Unit, "chunk of %s", c.Op.Name)
					sum += ch
				}
			}
			for _, n := range []string{"one", "head", "misalign", "chunks"} {
				require.True(t, names[n], "case %d lacks variant %s", i, n)
			}
			require.Equal(t, c.Op.Cipher, names["inplace"])
		}
		require.Equal(t, g.DefaultCases(), run)
		for k, op := range g.Ops {
			B, u := op.Block, op.Unit
			want := []int{0, 1, B - 1, B, B + 1, 511, 512, 513, 512 + B, 8*B - 1, 8 * B, 8*B + 1, 16 * B}
			for n := 0; n <= 4*B; n++ {
				want = append(want, n)
			}
			if k == 0 {
				want = append(want, MaxLen)
			}
			for _, n := range want {
				n -= n % u
				require.True(t, lens[op.Name][n], "%s: length %d missing from the default budget", op.Name, n)
			}
			random := 0
			for n := range lens[op.Name] {
				if n > 4*B && n != MaxLen {
					random++
				}
			}
			require.Greater(t, random, 5, "%s: few longer lengths", op.Name)
		}
	}
}

func TestTruncateKeepsVariants(t *testing.T) {
	g, _ := NewGen(3, "aes", nil)
	for i := 0; i < 200; i++ {
		c := g.Case(i)
		tr := c.Truncate(len(c.Data) / 2)
		require.Zero(t, len(tr.Data)%c.Op.Unit)
		require.Equal(t, c.Data[:len(tr.Data)], tr.Data)
		require.Len(t, tr.Variants, len(c.Variants))
		one, ok := tr.Only("chunks")
		require.True(t, ok)
		require.Len(t, one.Variants, 1)
	}
	_, err := NewGen(1, "md5", nil)
	require.ErrorContains(t, err, `no fuzz ops for algorithm "md5"`)
}
