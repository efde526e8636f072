//go:build xarch_planted

package sha256

import (
	"os"

	"github.com/xarchlab/xarch/arch"
)

// A SHA-256 level with a debug print left in: it writes to stdout, which is
// the runner's framed channel to the host. The host must report a broken
// protocol with the bytes it saw, not a crash of its own making.
func init() {
	arch.Register(&arch.Impl{
		Name: "sha256/planted-stdout", Alg: Name, Arch: "generic", Rank: -1, Planted: true,
		Funcs: &Funcs{Block: func(h *[8]uint32, p []byte) {
			os.Stdout.WriteString("debug: block\n")
			GenericBlock(h, p)
		}},
	})
}
