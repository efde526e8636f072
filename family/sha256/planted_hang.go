//go:build xarch_planted

package sha256

import (
	"time"

	"github.com/xarchlab/xarch/arch"
)

// A planted level that never returns, so tests can check that the host
// reports a hang (request timeout) and goes on with a fresh runner.
func init() {
	arch.Register(&arch.Impl{
		Name:    "sha256/planted-hang",
		Alg:     Name,
		Arch:    "generic",
		Rank:    -1,
		Planted: true,
		Funcs: &Funcs{Block: func(h *[8]uint32, p []byte) {
			for {
				time.Sleep(time.Hour)
			}
		}},
	})
}
