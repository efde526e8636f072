//go:build amd64 && gc

package amd64

import (
	"crypto/sha512"
	"fmt"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
)

// TestSHA512Levels runs the shared conformance checks on every usable
// SHA-512 level (see archtest.SHA512Levels).
func TestSHA512Levels(t *testing.T) { archtest.SHA512Levels(t, "amd64") }

// BenchmarkSHA512 compares every usable level with crypto/sha512 on whole
// messages, padding included: go test -run X -bench SHA512 ./arch/amd64
// "sum" is arch.SHA512Sum (a new digest per message, two allocations);
// "loop" is the runner's speed loop (Reset, Write, SumTo on one digest,
// no allocation), the work `openssl speed -evp sha512` times per buffer.
func BenchmarkSHA512(b *testing.B) {
	st := arch.State{Detected: arch.Detect()}
	v, _ := arch.SHA512VariantByName("sha512")
	for _, n := range []int{16, 16384} {
		msg := make([]byte, n)
		b.Run(fmt.Sprintf("go/%d", n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for i := 0; i < b.N; i++ {
				sha512.Sum512(msg)
			}
		})
		for _, im := range arch.Impls() {
			if im.Alg != arch.SHA512 || im.Planted || st.Missing(im) != "" {
				continue
			}
			f, err := arch.SHA512Of(im)
			if err != nil {
				b.Fatal(err)
			}
			name := strings.TrimPrefix(im.Name, "sha512/")
			b.Run(fmt.Sprintf("%s-sum/%d", name, n), func(b *testing.B) {
				b.SetBytes(int64(n))
				for i := 0; i < b.N; i++ {
					arch.SHA512Sum(f.Block, v, msg)
				}
			})
			b.Run(fmt.Sprintf("%s-loop/%d", name, n), func(b *testing.B) {
				d := arch.NewSHA512(f.Block, v)
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
