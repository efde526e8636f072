package runner

import (
	"encoding/binary"
	"fmt"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/xarchlab/xarch/arch"
)

// The speed command: the timing loop runs here, next to the kernel, so the
// pipe and the host never sit inside a timed window. One request is one
// sample of each implementation it names: the runner runs one operation on a
// buffer of `size` bytes over and over, taking the implementations in turn
// in slices of about SpeedSlice, until each has run for `nanos` of CPU
// time. Slices this short make two implementations see the same
// machine (the same neighbours, clocks and heat), so their ratio holds even
// when the machine is busy. For each implementation it answers how many
// operations ran, their wall-clock and thread CPU time (-1 if unknown), and
// the output of the last one (the host checks it).

func init() {
	register("speed", 4, "impls (comma-separated), alg, size, nanoseconds per impl", cmdSpeed)
}

// Speed limits: a request outside them is a host bug, not a measurement.
const (
	SpeedMaxSize  = 1 << 24
	SpeedMaxNanos = int64(600 * time.Second)
	// SpeedMaxImpls keeps the answer (4 strings each) inside wire.MaxArgs.
	SpeedMaxImpls = 15
)

// SpeedSlice is how long one implementation runs before the next takes
// over (shorter when the window is short: at least 8 slices each).
const SpeedSlice = 2 * time.Millisecond

// SpeedMaxStretch caps one implementation's share of a request at this many
// windows of wall-clock time, however little CPU the machine gives it.
const SpeedMaxStretch = 20

// SpeedPattern fills buf with the bytes every speed request works on, so the
// host can check the answer's output against its own computation.
func SpeedPattern(buf []byte) {
	for i := range buf {
		buf[i] = byte(i*131 + 7)
	}
}

// speedOp is one prepared operation. run(n) does it n times without
// allocating; last returns the output of the most recent one.
type speedOp struct {
	run  func(n int)
	last func() []byte
}

// speedAlg prepares an operation of one algorithm for an implementation of
// its family on a buffer of size bytes.
type speedAlg struct {
	family  string
	prepare func(im *arch.Impl, size int) (*speedOp, error)
}

// speedAlgs maps the algorithm names of the speed command (openssl's
// spelling) to their preparation.
var speedAlgs = map[string]speedAlg{
	"sha256": {arch.SHA256, func(im *arch.Impl, size int) (*speedOp, error) {
		return newSHA256Speed(arch.SHA256BlockOf(im), arch.SHA256Init, 32, size), nil
	}},
	"sha224": {arch.SHA256, func(im *arch.Impl, size int) (*speedOp, error) {
		return newSHA256Speed(arch.SHA256BlockOf(im), arch.SHA224Init, 28, size), nil
	}},
}

// sha256Speed hashes msg in one shot (init, absorb, pad, output), the work
// `openssl speed -evp sha256` does per buffer, with every byte of state
// allocated once up front.
type sha256Speed struct {
	block func(h *[8]uint32, p []byte)
	init  [8]uint32
	size  int // digest bytes kept
	msg   []byte
	h     [8]uint32
	tail  [128]byte
	out   [32]byte
}

func newSHA256Speed(block func(h *[8]uint32, p []byte), init [8]uint32, outLen, size int) *speedOp {
	b := &sha256Speed{block: block, init: init, size: outLen, msg: make([]byte, size)}
	SpeedPattern(b.msg)
	return &speedOp{run: b.run, last: func() []byte { return append([]byte(nil), b.out[:b.size]...) }}
}

func (b *sha256Speed) run(n int) {
	for i := 0; i < n; i++ {
		b.sum()
	}
}

func (b *sha256Speed) sum() {
	msg := b.msg
	b.h = b.init
	whole := len(msg) &^ 63
	if whole > 0 {
		b.block(&b.h, msg[:whole])
	}
	r := copy(b.tail[:], msg[whole:])
	b.tail[r] = 0x80
	end := 64
	if r >= 56 {
		end = 128
	}
	z := b.tail[r+1 : end-8]
	for i := range z {
		z[i] = 0
	}
	binary.BigEndian.PutUint64(b.tail[end-8:end], uint64(len(msg))*8)
	b.block(&b.h, b.tail[:end])
	for i, v := range b.h {
		binary.BigEndian.PutUint32(b.out[4*i:], v)
	}
}

// SpeedTiming is one implementation's share of a sample: Ops operations in
// Wall elapsed time, of which its thread was on a CPU for CPU (-1 if
// unknown).
type SpeedTiming struct {
	Ops       int64
	Wall, CPU time.Duration
}

// TimeLoop runs one operation for about d (see TimeInterleaved).
func TimeLoop(run func(n int), d time.Duration) SpeedTiming {
	return TimeInterleaved([]func(int){run}, d)[0]
}

// TimeInterleaved runs each operation for about d of CPU time, in
// turns of about SpeedSlice, in a new random order each round: none is
// always first, and no periodic disturbance on the machine (timer ticks,
// a neighbour's time slice) can line up with one operation's turns. Each turn is a batch of operations timed by the wall clock
// and by the thread's CPU clock; the goroutine is locked to its thread so
// that clock is this loop's. Batch sizes follow the CPU clock: when the
// thread is preempted a turn's wall time balloons, and shrinking batches
// for that would let the clock reads dominate short operations. Every
// operation first runs untimed (warm-up and calibration). The window is
// CPU time because on a busy machine a thread may get a few percent of a
// CPU: a wall-clock window would then hold almost no work. Wall time is
// capped at SpeedMaxStretch windows per operation all the same; without a
// CPU clock the window is wall-clock time.
func TimeInterleaved(runs []func(n int), d time.Duration) []SpeedTiming {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	slice := SpeedSlice
	if d/8 < slice {
		slice = d / 8
	}
	out := make([]SpeedTiming, len(runs))
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
			if (cpuKnown && out[i].CPU >= d) || (!cpuKnown && out[i].Wall >= d) || out[i].Wall >= SpeedMaxStretch*d {
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

func cmdSpeed(s *Server, args [][]byte) ([][]byte, error) {
	alg, ok := speedAlgs[string(args[1])]
	if !ok {
		return nil, fmt.Errorf("unknown speed algorithm %q (known: %s)", args[1], speedAlgList())
	}
	names := strings.Split(string(args[0]), ",")
	if len(names) > SpeedMaxImpls {
		return nil, fmt.Errorf("%d implementations in one request, at most %d", len(names), SpeedMaxImpls)
	}
	var ims []*arch.Impl
	for _, n := range names {
		im, err := s.usable([]byte(n), alg.family)
		if err != nil {
			return nil, err
		}
		ims = append(ims, im)
	}
	size, err := strconv.Atoi(string(args[2]))
	if err != nil || size < 0 || size > SpeedMaxSize {
		return nil, fmt.Errorf("size %q: want 0..%d bytes", args[2], SpeedMaxSize)
	}
	nanos, err := strconv.ParseInt(string(args[3]), 10, 64)
	if err != nil || nanos <= 0 || nanos > SpeedMaxNanos {
		return nil, fmt.Errorf("duration %q: want 1..%d nanoseconds", args[3], SpeedMaxNanos)
	}
	var ops []*speedOp
	var runs []func(int)
	for _, im := range ims {
		op, err := alg.prepare(im, size)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", im.Name, err)
		}
		ops = append(ops, op)
		runs = append(runs, op.run)
	}
	var out [][]byte
	for i, t := range TimeInterleaved(runs, time.Duration(nanos)) {
		out = append(out,
			[]byte(strconv.FormatInt(t.Ops, 10)),
			[]byte(strconv.FormatInt(int64(t.Wall), 10)),
			[]byte(strconv.FormatInt(int64(t.CPU), 10)),
			ops[i].last())
	}
	return out, nil
}

func speedAlgList() string {
	var names []string
	for k := range speedAlgs {
		names = append(names, k)
	}
	sort.Strings(names)
	return fmt.Sprint(names)
}
