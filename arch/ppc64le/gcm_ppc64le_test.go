package ppc64le

import (
	"runtime"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/family/gcm/gcmtest"
)

// TestGCMLevels runs the shared AES-GCM checks on every usable ppc64le
// level and the generic one (see gcmtest.Levels).
func TestGCMLevels(t *testing.T) { gcmtest.Levels(t, "ppc64le") }

func TestGCMLevelRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: Go assembly levels are not built", runtime.Compiler)
		return
	}
	im, ok := arch.Lookup("aes-gcm/power8")
	if !ok {
		t.Fatal("aes-gcm/power8 is not registered")
	}
	g, err := gcm.Of(im)
	if err != nil {
		t.Fatal(err)
	}
	if g.Seal == nil || g.Open == nil {
		t.Error("aes-gcm/power8 has no stitched Seal/Open")
	}
	aes, _ := arch.Lookup("aes/power8")
	if req := strings.Join(im.Requires, ","); req != "power8,vcrypto" || aes == nil || im.Rank != aes.Rank {
		t.Errorf("Requires %q Rank %d; want power8,vcrypto and aes/power8's rank", req, im.Rank)
	}
	for _, k := range []string{"interleave", "ghash_aggregate", "tail_step", "stitch_min_bytes"} {
		if im.Tune(k) <= 0 {
			t.Errorf("Tuning[%q] = %d", k, im.Tune(k))
		}
	}
}
