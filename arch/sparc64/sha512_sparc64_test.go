package sparc64

import (
	cryptosha512 "crypto/sha512"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha512"
	"github.com/xarchlab/xarch/family/sha512/sha512test"
)

func TestSHA512Registered(t *testing.T) {
	im, ok := arch.Lookup("sha512/sparc64")
	if !ok {
		t.Fatal("sha512/sparc64 is not registered")
	}
	if _, err := sha512.Of(im); err != nil || im.Rank != 10 || im.Planted {
		t.Fatalf("sha512/sparc64 registered wrongly: %+v (%v)", im, err)
	}
	st := arch.State{Detected: arch.Detect()}
	if b := st.Best(sha512.Name); b == nil || b.Name != "sha512/sparc64" {
		t.Errorf("dispatch picks %v, want sha512/sparc64", b)
	}
}

// TestSHA512Levels runs the shared conformance checks on every usable
// SHA-512 level, generic included (see sha512test.Levels): lengths,
// misaligned starts, long messages, pieces, zero blocks, guard pages.
func TestSHA512Levels(t *testing.T) { sha512test.Levels(t, "sparc64") }

// TestSHA512Offsets feeds the same multi-block message from every start
// mod 8, so each of the seven splice shifts and the ldx path hash several
// consecutive blocks in one call.
func TestSHA512Offsets(t *testing.T) {
	msg := make([]byte, 5*128)
	for i := range msg {
		msg[i] = byte(i*131 + i>>8)
	}
	want := cryptosha512.Sum512(msg)
	buf := make([]byte, len(msg)+16)
	for off := 0; off < 16; off++ {
		copy(buf[off:], msg)
		got := sha512.Sum(sha512BlockV9, sha512.Variants[1], buf[off:off+len(msg)])
		if string(got) != string(want[:]) {
			t.Errorf("offset %d: got %x want %x", off, got, want)
		}
	}
}

func BenchmarkSHA512(b *testing.B) {
	msg := make([]byte, 8192)
	for _, im := range arch.Impls() {
		if im.Alg != sha512.Name || im.Planted || (arch.State{Detected: arch.Detect()}).Missing(im) != "" {
			continue
		}
		f, err := sha512.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		for _, off := range []int{0, 1} {
			name := strings.TrimPrefix(im.Name, "sha512/")
			if off != 0 {
				name += "-misaligned"
			}
			buf := make([]byte, len(msg)+off)
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(msg)))
				h := sha512.Variants[1].Init
				for i := 0; i < b.N; i++ {
					f.Block(&h, buf[off:])
				}
			})
		}
	}
	b.Run("crypto-sha512", func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		for i := 0; i < b.N; i++ {
			cryptosha512.Sum512(msg)
		}
	})
}
