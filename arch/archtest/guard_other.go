//go:build !linux

package archtest

import (
	"fmt"
	"runtime"
)

func GuardedPages(n int) ([][]byte, func(), error) {
	return nil, nil, fmt.Errorf("guard pages are only set up on linux, not %s", runtime.GOOS)
}
