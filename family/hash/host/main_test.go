package host

import (
	"testing"

	"github.com/xarchlab/xarch/suite/suitetest"
)

// The vector files are named relative to the vectors directory (as the
// suite names them), so the tests run there.
func TestMain(m *testing.M) { suitetest.RunInVectors(m) }
