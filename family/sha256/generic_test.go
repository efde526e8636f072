package sha256

import (
	"crypto/sha256"
	"math/rand"
	"testing"
)

func TestSHA256MatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 300; n++ {
		msg := make([]byte, n*7)
		r.Read(msg)
		got := Sum256(GenericBlock, msg)
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
		if got, want := Sum224(GenericBlock, msg), sha256.Sum224(msg); got != want {
			t.Fatalf("len %d: got %x want %x", len(msg), got, want)
		}
	}
}
