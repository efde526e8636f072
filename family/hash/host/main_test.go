package host

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/xarchlab/xarch/driver"
)

// The vector files are named relative to the vectors directory (as the
// suite names them), so the tests run there.
func TestMain(m *testing.M) {
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	if err == nil {
		err = os.Chdir(filepath.Join(root, "vectors"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}
