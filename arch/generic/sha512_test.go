package generic_test

import (
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

// The generic level against crypto/sha512, all four digests.
func TestSHA512Generic(t *testing.T) { archtest.SHA512Levels(t, "generic") }
