package aes

import (
	"encoding/hex"
	"testing"
)

func TestSboxAndExpansion(t *testing.T) {
	if aesSbox[0x00] != 0x63 || aesSbox[0x53] != 0xed || aesInvSbox[0xed] != 0x53 || aesSbox[0xff] != 0x16 {
		t.Fatalf("sbox wrong: %x %x %x", aesSbox[0], aesSbox[0x53], aesSbox[0xff])
	}
	for i := 0; i < 256; i++ {
		if aesInvSbox[aesSbox[i]] != byte(i) {
			t.Fatalf("inverse sbox wrong at %d", i)
		}
	}
	// FIPS-197 appendix A.1 / A.3: last round keys.
	k := ExpandKey(mustHex("2b7e151628aed2a6abf7158809cf4f3c"))
	if got := hex.EncodeToString(k.Enc[160:]); got != "d014f9a8c9ee2589e13f0cc8b6630ca6" {
		t.Fatalf("AES-128 w[40..43] = %s", got)
	}
	k = ExpandKey(mustHex("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4"))
	if got := hex.EncodeToString(k.Enc[224:]); got != "fe4890d1e6188d0b046df344706c631e" {
		t.Fatalf("AES-256 w[56..59] = %s", got)
	}
	if hex.EncodeToString(k.Dec[:16]) != "fe4890d1e6188d0b046df344706c631e" || hex.EncodeToString(k.Dec[224:]) != "603deb1015ca71be2b73aef0857d7781" {
		t.Fatal("Dec schedule ends wrong")
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}
