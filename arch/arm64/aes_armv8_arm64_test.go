//go:build gc

package arm64

import (
	"encoding/hex"
	"testing"
)

// The Go model of AESE+AESMC must itself be right: FIPS-197 appendix B,
// round 1 "after MixColumns".
func TestAESEModel(t *testing.T) {
	var key, in [16]byte
	copy(key[:], mustHex(t, "2b7e151628aed2a6abf7158809cf4f3c"))
	copy(in[:], mustHex(t, "3243f6a8885a308d313198a2e0370734"))
	got := aeseAesmcModel(key, in)
	if want := "046681e5e0cb199a48f8d37a2806264c"; hex.EncodeToString(got[:]) != want {
		t.Fatalf("model gives %x, FIPS-197 B says %s", got, want)
	}
}
