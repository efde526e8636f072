package arm64

import (
	"testing"

	"github.com/xarchlab/xarch/family/gcm/gcmtest"
)

// TestGCMLevels runs the shared AES-GCM checks (gcmtest.Levels) on every
// usable level, generic included: lengths 0..600 and around each declared
// tuning length, IVs, tags, tampering, counter wrap, streams, and the raw
// GHASH/Seal/Open kernels against the generic level. Reproduce one level
// with GOARCH=arm64 go test -c -o a.test ./arch/arm64/ && qemu-aarch64-static -cpu max ./a.test -test.run 'TestGCMLevels/aes-gcm_armv8'.
func TestGCMLevels(t *testing.T) { gcmtest.Levels(t, "arm64") }
