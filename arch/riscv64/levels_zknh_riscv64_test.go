//go:build gc

package riscv64

import (
	cryptosha256 "crypto/sha256"
	cryptosha512 "crypto/sha512"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha512"
)

// The kernels read only whole blocks: bytes past the last whole block (and
// an empty p) leave no trace, and the state advances by exactly the blocks
// given. The shared checks (TestSHA256Levels, TestSHA512Levels) cover the
// rest.
func TestSHAZknhWholeBlocks(t *testing.T) {
	if !archtest.Detected()["zknh"] {
		t.Skip("zknh not detected (nor forced): the kernels would trap")
	}
	msg := make([]byte, 1100)
	for i := range msg {
		msg[i] = byte(i*31 + 7)
	}
	for _, n := range []int{0, 63, 64, 100, 191, 192} {
		h, ref := sha256.Init, sha256.Init
		blockSHA256Zknh(&h, msg[:n], &sha256.K)
		sha256BlockGo(&ref, msg[:n-n%64])
		if h != ref {
			t.Fatalf("sha256/zknh kernel on %d bytes: %08x, want %08x", n, h, ref)
		}
	}
	v, _ := sha512.VariantByName("sha512")
	for _, n := range []int{0, 127, 128, 200, 383, 384, 3*128 + 77} {
		h, ref := v.Init, v.Init
		blockSHA512Zknh(&h, msg[:n], &sha512.K)
		sha512BlockGo(&ref, msg[:n-n%128])
		if h != ref {
			t.Fatalf("sha512/zknh kernel on %d bytes: %016x, want %016x", n, h, ref)
		}
	}
	// and the digests through the family's padding
	for _, n := range []int{0, 55, 56, 111, 112, 1000} {
		if got, want := sha256.Sum256(sha256BlockZknh, msg[:n]), cryptosha256.Sum256(msg[:n]); got != want {
			t.Fatalf("SHA-256 of %d bytes: %x, want %x", n, got, want)
		}
		want := cryptosha512.Sum512(msg[:n])
		if got := sha512.Sum(sha512BlockZknh, v, msg[:n]); string(got) != string(want[:]) {
			t.Fatalf("SHA-512 of %d bytes: %x, want %x", n, got, want)
		}
	}
}

// sha256BlockGo and sha512BlockGo are the generic levels' block functions.
func sha256BlockGo(h *[8]uint32, p []byte) {
	im, _ := arch.Lookup("sha256/generic")
	sha256.BlockOf(im)(h, p)
}

func sha512BlockGo(h *[8]uint64, p []byte) {
	im, _ := arch.Lookup("sha512/generic")
	f, _ := sha512.Of(im)
	f.Block(h, p)
}
