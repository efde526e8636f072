package generic_test

import (
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

// The generic level against the reference.
func TestGCMGeneric(t *testing.T) { archtest.GCMLevels(t, "generic") }
