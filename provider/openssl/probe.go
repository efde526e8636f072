//go:build xarch_openssl

package openssl

import (
	"encoding/hex"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
)

// The probe of Feature: not an instruction but the library itself, so the
// PROBES table names which libcrypto this level loaded and the capability
// word it runs with, and checks one known answer through it (FIPS 180-2's
// SHA-256 of "abc") before the level's vectors run.
func init() {
	want, _ := hex.DecodeString("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
	arch.RegisterProbe(arch.Probe{
		Feature: Feature,
		Instr:   "EVP SHA-256(\"abc\") in " + LibraryVersion() + ", " + CPUInfo(),
		Run: func() ([]byte, []byte) {
			op, ok := arch.LookupOp(sha256.Name)
			if !ok {
				return want, nil
			}
			got, err := digest(op, []byte("abc"), nil)
			if err != nil {
				return want, []byte(err.Error())
			}
			return want, got
		},
	})
}
