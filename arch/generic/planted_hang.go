//go:build xarch_planted

package generic

import (
	"time"

	"github.com/xarchlab/xarch/arch"
)

// A planted level that never returns, so tests can check that the host
// reports a hang (request timeout) and goes on with a fresh runner.
func init() {
	arch.Register(&arch.Impl{
		Name:    "sha256/planted-hang",
		Alg:     arch.SHA256,
		Arch:    "generic",
		Rank:    -1,
		Planted: true,
		Funcs: &arch.SHA256Funcs{Block: func(h *[8]uint32, p []byte) {
			for {
				time.Sleep(time.Hour)
			}
		}},
	})
}
