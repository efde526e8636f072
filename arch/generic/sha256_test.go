package generic

import (
	"crypto/sha256"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

func TestSHA256MatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 300; n++ {
		msg := make([]byte, n*7)
		r.Read(msg)
		got := arch.SHA256Sum(SHA256Block, msg)
		if want := sha256.Sum256(msg); got != want {
			t.Fatalf("len %d: got %x want %x", len(msg), got, want)
		}
	}
}

func TestSHA224MatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for n := 0; n < 200; n++ {
		msg := make([]byte, n*5)
		r.Read(msg)
		if got, want := arch.SHA224Sum(SHA256Block, msg), sha256.Sum224(msg); got != want {
			t.Fatalf("len %d: got %x want %x", len(msg), got, want)
		}
	}
}
