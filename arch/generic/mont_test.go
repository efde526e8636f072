package generic_test

import (
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

func TestMontGeneric(t *testing.T) { archtest.MontLevels(t, "generic") }
