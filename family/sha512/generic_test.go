package sha512_test

import (
	"testing"

	"github.com/xarchlab/xarch/family/sha512/sha512test"
)

// The generic level against crypto/sha512, all four digests.
func TestSHA512Generic(t *testing.T) { sha512test.Levels(t, "generic") }
