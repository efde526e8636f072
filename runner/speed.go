package runner

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/timing"
	"github.com/xarchlab/xarch/wire"
)

// The speed command: the timing loop runs here, next to the kernel, so the
// pipe and the host never sit inside a timed window. One request is one
// sample of each implementation it names: the runner runs one operation on a
// buffer of `size` bytes over and over, taking the implementations in turn
// in slices of about timing.Slice, until each has run for `nanos` of CPU
// time. Slices this short make two implementations see the same
// machine (the same neighbours, clocks and heat), so their ratio holds even
// when the machine is busy. For each implementation it answers how many
// operations ran, their wall-clock and thread CPU time (-1 if unknown), and
// the output of the last one (the host checks it).

func init() {
	register("speed", 4, "impls (comma-separated), alg, size, nanoseconds per impl", cmdSpeed)
}

func cmdSpeed(s *Server, args [][]byte) ([][]byte, error) {
	alg, ok := arch.LookupSpeed(string(args[1]))
	if !ok {
		return nil, fmt.Errorf("unknown speed algorithm %q (known: %s)", args[1], speedAlgList())
	}
	names := strings.Split(string(args[0]), ",")
	if len(names) > wire.SpeedMaxImpls {
		return nil, fmt.Errorf("%d implementations in one request, at most %d", len(names), wire.SpeedMaxImpls)
	}
	var ims []*arch.Impl
	for _, n := range names {
		im, err := s.usable([]byte(n), alg.Family)
		if err != nil {
			return nil, err
		}
		ims = append(ims, im)
	}
	size, err := strconv.Atoi(string(args[2]))
	if err != nil || size < 0 || size > wire.SpeedMaxSize {
		return nil, fmt.Errorf("size %q: want 0..%d bytes", args[2], wire.SpeedMaxSize)
	}
	nanos, err := strconv.ParseInt(string(args[3]), 10, 64)
	if err != nil || nanos <= 0 || nanos > wire.SpeedMaxNanos {
		return nil, fmt.Errorf("duration %q: want 1..%d nanoseconds", args[3], wire.SpeedMaxNanos)
	}
	var lasts []func() []byte
	var runs []func(int)
	for _, im := range ims {
		run, last, err := alg.Prepare(im, size)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", im.Name, err)
		}
		lasts = append(lasts, last)
		runs = append(runs, run)
	}
	var out [][]byte
	for i, t := range timing.TimeInterleaved(runs, time.Duration(nanos)) {
		out = append(out,
			[]byte(strconv.FormatInt(t.Ops, 10)),
			[]byte(strconv.FormatInt(int64(t.Wall), 10)),
			[]byte(strconv.FormatInt(int64(t.CPU), 10)),
			lasts[i]())
	}
	return out, nil
}

func speedAlgList() string {
	var names []string
	for _, a := range arch.SpeedAlgs() {
		names = append(names, a.Name)
	}
	return strings.Join(names, ", ")
}
