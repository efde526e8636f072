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
	register("tune", 3, "impl, tuning name, value", cmdTune)
}

// cmdTune sets a run-time tuning constant (arch.Tuning.Var) for the rest of
// this runner's life and answers the value it replaced: how `xarch speed`
// applies a calibration. Only speed sends it; the suite's correctness runs
// never do, so their levels keep the declared values.
func cmdTune(s *Server, args [][]byte) ([][]byte, error) {
	im, ok := arch.Lookup(string(args[0]))
	if !ok {
		return nil, fmt.Errorf("unknown implementation %q", args[0])
	}
	if why := s.State.Missing(im); why != "" {
		return nil, fmt.Errorf("implementation %q not usable here: %s", args[0], why)
	}
	v, err := tuningVar(im, string(args[1]))
	if err != nil {
		return nil, err
	}
	val, err := strconv.Atoi(string(args[2]))
	if err != nil || val < 0 {
		return nil, fmt.Errorf("%s: tuning %s=%q: the value must be a number >= 0", im.Name, args[1], args[2])
	}
	old := *v
	*v = val
	return [][]byte{[]byte(strconv.Itoa(old))}, nil
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
	var tunes []func(run func(int)) func(int)
	for _, n := range names {
		name, tune := n, ""
		if i := strings.Index(n, ":"); i >= 0 {
			name, tune = n[:i], n[i+1:]
		}
		im, err := s.usable([]byte(name), alg.Family)
		if err != nil {
			return nil, err
		}
		wrap, err := tuneWrap(im, tune)
		if err != nil {
			return nil, err
		}
		ims = append(ims, im)
		tunes = append(tunes, wrap)
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
		run, last, err := arch.PrepareSpeed(alg, im, size)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", im.Name, err)
		}
		lasts = append(lasts, last)
		runs = append(runs, tunes[len(runs)](run))
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

// tuneWrap reads "name=value" (a tuning constant the level reads at run time,
// arch.Tuning.Var) and returns a wrapper that sets it for each turn of the
// timing loop and restores it after, so rows of one level with different
// values interleave in one request. "" leaves the run alone.
func tuneWrap(im *arch.Impl, tune string) (func(func(int)) func(int), error) {
	if tune == "" {
		return func(run func(int)) func(int) { return run }, nil
	}
	i := strings.Index(tune, "=")
	if i <= 0 {
		return nil, fmt.Errorf("%s: tuning %q: want NAME=VALUE", im.Name, tune)
	}
	name := tune[:i]
	val, err := strconv.Atoi(tune[i+1:])
	if err != nil || val < 0 {
		return nil, fmt.Errorf("%s: tuning %q: the value must be a number >= 0", im.Name, tune)
	}
	v, err := tuningVar(im, name)
	if err != nil {
		return nil, err
	}
	return func(run func(int)) func(int) {
		return func(n int) {
			old := *v
			*v = val
			run(n)
			*v = old
		}
	}, nil
}

// tuningVar finds im's run-time tuning constant name.
func tuningVar(im *arch.Impl, name string) (*int, error) {
	for _, t := range im.Tuning {
		if t.Name != name {
			continue
		}
		if t.Var == nil {
			return nil, fmt.Errorf("%s: tuning constant %s is assembled in, not read at run time (no Var)", im.Name, name)
		}
		return t.Var, nil
	}
	var known []string
	for _, t := range im.Tuning {
		if t.Var != nil {
			known = append(known, t.Name)
		}
	}
	return nil, fmt.Errorf("%s has no tunable constant %q (tunable: %s)", im.Name, name, strings.Join(known, ", "))
}
