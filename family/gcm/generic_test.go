package gcm_test

import (
	"testing"

	"github.com/xarchlab/xarch/family/gcm/gcmtest"
)

// The generic level against the reference.
func TestGCMGeneric(t *testing.T) { gcmtest.Levels(t, "generic") }
