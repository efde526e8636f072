//go:build amd64 && gc

package amd64

import (
	cryptosha512 "crypto/sha512"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha512"
	"github.com/xarchlab/xarch/family/sha512/sha512test"
)

// TestSHA512Levels runs the shared conformance checks on every usable
// SHA-512 level (see sha512test.Levels).
func TestSHA512Levels(t *testing.T) { sha512test.Levels(t, "amd64") }

// TestSHA512AVX2Kernels calls both assembly kernels of sha512/avx2 directly
// (the level's Go side picks one by length), for 1..40 blocks at every
// offset 0..7 from random states, against the generic block function.
func TestSHA512AVX2Kernels(t *testing.T) {
	if im, _ := arch.Lookup("sha512/avx2"); im == nil || (arch.State{Detected: arch.Detect()}).Missing(im) != "" {
		t.Skip("sha512/avx2 not usable here")
	}
	r := rand.New(rand.NewSource(7))
	for nb := 1; nb <= 40; nb++ {
		for off := 0; off < 8; off++ {
			buf := archtest.RandBytes(r, off+128*nb)
			p := buf[off:]
			var h0 [8]uint64
			for i := range h0 {
				h0[i] = r.Uint64()
			}
			want := h0
			sha512.GenericBlock(&want, p)
			got := h0
			sha512BlockAVX2(&got, p, &sha512.K)
			if got != want {
				t.Fatalf("sha512BlockAVX2, %d blocks at offset %d: got %016x want %016x", nb, off, got, want)
			}
			if nb >= 2 {
				got = h0
				sha512BlockAVX2Lanes(&got, p, &sha512.K, &sha512KLanes)
				if got != want {
					t.Fatalf("sha512BlockAVX2Lanes, %d blocks at offset %d: got %016x want %016x", nb, off, got, want)
				}
			}
		}
	}
}

// BenchmarkSHA512 compares every usable level with crypto/sha512 on whole
// messages, padding included: go test -run X -bench SHA512 ./arch/amd64
// "sum" is sha512.Sum (a new digest per message, two allocations);
// "loop" is the runner's speed loop (Reset, Write, SumTo on one digest,
// no allocation), the work `openssl speed -evp sha512` times per buffer.
func BenchmarkSHA512(b *testing.B) {
	st := arch.State{Detected: arch.Detect()}
	v, _ := sha512.VariantByName("sha512")
	for _, n := range []int{16, 16384} {
		msg := make([]byte, n)
		b.Run(fmt.Sprintf("go/%d", n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for i := 0; i < b.N; i++ {
				cryptosha512.Sum512(msg)
			}
		})
		for _, im := range arch.Impls() {
			if im.Alg != sha512.Name || im.Planted || st.Missing(im) != "" {
				continue
			}
			f, err := sha512.Of(im)
			if err != nil {
				b.Fatal(err)
			}
			name := strings.TrimPrefix(im.Name, "sha512/")
			b.Run(fmt.Sprintf("%s-sum/%d", name, n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for i := 0; i < b.N; i++ {
					sha512.Sum(f.Block, v, msg)
				}
			})
			b.Run(fmt.Sprintf("%s-loop/%d", name, n), func(b *testing.B) {
				d := sha512.New(f.Block, v)
				out := make([]byte, d.Size())
				b.SetBytes(int64(n))
				for i := 0; i < b.N; i++ {
					d.Reset()
					d.Write(msg)
					d.SumTo(out)
				}
			})
		}
	}
}
