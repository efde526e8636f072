package timing

import (
	"os"
	"testing"
	"time"
)

// Interleaving gives each implementation its own window (CPU time): the
// request lasts at least the sum of the windows, and each one is met.
func TestTimeInterleaved(t *testing.T) {
	var a, b int
	runA := func(n int) {
		for i := 0; i < n; i++ {
			a++
		}
	}
	runB := func(n int) {
		for i := 0; i < n; i++ {
			b += 2
		}
	}
	start := time.Now()
	res := TimeInterleaved([]func(int){runA, runB}, 20*time.Millisecond)
	total := time.Since(start)
	for i, r := range res {
		spent := r.CPU
		if spent < 0 {
			spent = r.Wall
		}
		if r.Ops <= 0 || spent < 20*time.Millisecond && r.Wall < 20*time.Millisecond {
			t.Errorf("operation %d: %d ops in %v (cpu %v), want >0 in a 20ms window", i, r.Ops, r.Wall, r.CPU)
		}
	}
	// Not 40 ms exactly: the thread's CPU clock and the wall clock are read
	// at slightly different moments. Under qemu-user the CPU clock can run
	// ahead of the wall clock (see above), so the sum holds natively only.
	if os.Getenv("XARCH_EMULATED") == "" && total < 35*time.Millisecond {
		t.Errorf("two 20ms windows took %v in all", total)
	}
	if a == 0 || b == 0 {
		t.Error("an operation never ran")
	}
}
