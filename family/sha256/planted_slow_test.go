//go:build xarch_planted

package sha256

import (
	"crypto/sha256"
	"testing"

	"github.com/xarchlab/xarch/arch"
)

// The resolution levels are correct hashes; slow does its extra
// compressions (one per 32 blocks), twin none.
func TestPlantedSlowAndTwin(t *testing.T) {
	msg := make([]byte, 64*64+13)
	for i := range msg {
		msg[i] = byte(i * 7)
	}
	for _, name := range []string{"sha256/planted-twin", "sha256/planted-slow"} {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Fatalf("%s is not registered", name)
		}
		for _, n := range []int{0, 16, 64, 1000, len(msg)} {
			if got, want := Sum256(BlockOf(im), msg[:n]), sha256.Sum256(msg[:n]); got != want {
				t.Errorf("%s: len %d: got %x want %x", name, n, got, want)
			}
		}
	}
	for _, c := range []struct {
		level *slowLevel
		extra bool
	}{{twinLevel, false}, {slowLevel32, true}} {
		// Twin first, past slowEvery blocks: its count must not shift slow's.
		c.level.blocks, slowScratch = 0, [8]uint32{}
		h := Init
		twinLevel.block(&h, msg[:64*(slowEvery+8)])
		c.level.block(&h, msg[:64*slowEvery])
		if changed := slowScratch != [8]uint32{}; changed != c.extra {
			t.Errorf("after %d blocks: extra compression done = %v, want %v", slowEvery, changed, c.extra)
		}
	}
}
