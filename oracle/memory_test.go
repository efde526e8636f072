package oracle

import (
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/driver"
)

// Linear memory stays bounded however many calls a run makes (issue 26,
// class 8). A reactor's automatic collections stall after about 300 MB of
// allocation, and from then on every call's garbage stays (a 20-minute fuzz
// run grew by 300 MB a minute). GOGC off stands for that stall here: 400
// calls leave 50 MiB of garbage, and refmod's collect must keep linear
// memory near its 16 MiB heap limit. Without collect it reaches 54 MiB.
func TestOracleMemoryBounded(t *testing.T) {
	o, err := Open(Options{CacheDir: driver.DefaultCacheDir()})
	require.NoError(t, err)
	defer o.Close()
	gc := o.mod.ExportedFunction("xarch_gc_percent")
	require.NotNil(t, gc, "the module exports xarch_gc_percent")
	off := int32(-1)
	_, err = gc.Call(o.ctx, uint64(uint32(off)))
	require.NoError(t, err)
	key, data := make([]byte, 16), make([]byte, 128<<10)
	peak := uint32(0)
	for i := 0; i < 400; i++ {
		_, err := o.Call("aes-ecb-enc", key, nil, data)
		require.NoError(t, err)
		if m := o.mod.Memory().Size(); m > peak {
			peak = m
		}
	}
	t.Logf("400 calls of 128 KiB with GOGC off: linear memory peaked at %d MiB", peak>>20)
	require.LessOrEqual(t, peak, uint32(40<<20), "the reference module's linear memory grew past 40 MiB")
}
