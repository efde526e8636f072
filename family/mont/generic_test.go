package mont_test

import (
	"testing"

	"github.com/xarchlab/xarch/family/mont/monttest"
)

func TestMontGeneric(t *testing.T) { monttest.Levels(t, "generic") }
