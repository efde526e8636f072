// Package timing is the measuring loop of `xarch speed`, shared by the
// runner (which times kernels next to them) and the host (which times the
// Go peers the same way). Target-side code: Go 1.18 standard library only.
package timing

import (
	"runtime"
	"time"
)

// Slice is how long one operation runs before the next takes over
// (shorter when the window is short: at least 8 slices each).
const Slice = 2 * time.Millisecond

// MaxStretch caps one operation's share of a request at this many
// windows of wall-clock time, however little CPU the machine gives it.
const MaxStretch = 20

// Timing is one operation's share of a sample: Ops operations in
// Wall elapsed time, of which its thread was on a CPU for CPU (-1 if
// unknown).
type Timing struct {
	Ops       int64
	Wall, CPU time.Duration
}

// TimeLoop runs one operation for about d (see TimeInterleaved).
func TimeLoop(run func(n int), d time.Duration) Timing {
	return TimeInterleaved([]func(int){run}, d)[0]
}

// TimeInterleaved runs each operation for about d of CPU time, in
// turns of about Slice, in a new random order each round: none is
// always first, and no periodic disturbance on the machine (timer ticks,
// a neighbour's time slice) can line up with one operation's turns. Each turn is a batch of operations timed by the wall clock
// and by the thread's CPU clock; the goroutine is locked to its thread so
// that clock is this loop's. Batch sizes follow the CPU clock: when the
// thread is preempted a turn's wall time balloons, and shrinking batches
// for that would let the clock reads dominate short operations. Every
// operation first runs untimed (warm-up and calibration). The window is
// CPU time because on a busy machine a thread may get a few percent of a
// CPU: a wall-clock window would then hold almost no work. Wall time is
// capped at MaxStretch windows per operation all the same; without a
// CPU clock the window is wall-clock time.
func TimeInterleaved(runs []func(n int), d time.Duration) []Timing {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	slice := Slice
	if d/8 < slice {
		slice = d / 8
	}
	out := make([]Timing, len(runs))
	batch := make([]int, len(runs))
	cpuKnown := ThreadCPU() >= 0
	// spent is the time a turn took by the clock batches are sized with.
	spent := func(c0, c1 time.Duration, wall time.Duration) time.Duration {
		if cpuKnown && c0 >= 0 && c1 >= 0 {
			return c1 - c0
		}
		return wall
	}
	for i, run := range runs {
		batch[i] = 1
		for {
			c0, t0 := ThreadCPU(), time.Now()
			run(batch[i])
			if spent(c0, ThreadCPU(), time.Since(t0)) >= slice/2 {
				break
			}
			batch[i] *= 2
		}
	}
	order := make([]int, len(runs))
	for i := range order {
		order[i] = i
	}
	rng := uint64(time.Now().UnixNano()) | 1
	for {
		// Fisher-Yates with xorshift64: no allocation, no shared state.
		for k := len(order) - 1; k > 0; k-- {
			rng ^= rng << 13
			rng ^= rng >> 7
			rng ^= rng << 17
			j := int(rng % uint64(k+1))
			order[k], order[j] = order[j], order[k]
		}
		busy := false
		for _, i := range order {
			if (cpuKnown && out[i].CPU >= d) || (!cpuKnown && out[i].Wall >= d) || out[i].Wall >= MaxStretch*d {
				continue
			}
			busy = true
			c0 := ThreadCPU()
			t0 := time.Now()
			runs[i](batch[i])
			w := time.Since(t0)
			c1 := ThreadCPU()
			out[i].Ops += int64(batch[i])
			out[i].Wall += w
			if c0 < 0 || c1 < 0 {
				cpuKnown = false
			}
			out[i].CPU += c1 - c0
			switch t := spent(c0, c1, w); {
			case t < slice/2:
				batch[i] *= 2
			case t > 2*slice && batch[i] > 1:
				batch[i] /= 2
			}
		}
		if !busy {
			break
		}
	}
	if !cpuKnown {
		for i := range out {
			out[i].CPU = -1
		}
	}
	return out
}
