package speed

import (
	"bytes"
	"strings"
	"testing"
)

func lossReport(lowerFactor float64) *Report {
	base := []float64{100, 103, 98, 101, 99, 102, 100}
	cells := func(f float64) []Cell {
		var cs []Cell
		for _, size := range []int{16, 1024} {
			var s []float64
			for i, v := range base {
				x := v
				if size == 1024 {
					x = v * f * (1 + 0.01*float64(i%3))
				}
				s = append(s, x)
			}
			cs = append(cs, Cell{Size: size, Samples: s})
		}
		return cs
	}
	flat := cells(1)
	return &Report{Config: Config{Algs: []string{"aes-128-ctr"}, Sizes: []int{16, 1024}},
		Rows: []Row{
			{Alg: "aes-128-ctr", Name: "aes/vaes512", Kind: KindImpl, Rank: 5, Best: true, Cells: flat},
			{Alg: "aes-128-ctr", Name: "aes/vaes256", Kind: KindImpl, Rank: 4, Cells: cells(lowerFactor)},
			// A tune row and a peer never count, however fast.
			{Alg: "aes-128-ctr", Name: "aes/vaes512:min=1", Kind: KindImpl, Rank: 5, Cells: cells(3)},
			{Alg: "aes-128-ctr", Name: "openssl", Kind: KindOpenSSL, Cells: cells(3)},
		}}
}

func TestDispatchLossesFlagsAFasterLowerLevel(t *testing.T) {
	losses := DispatchLosses(lossReport(1.3))
	if len(losses) != 1 {
		t.Fatalf("losses = %+v, want one at 1024 bytes", losses)
	}
	l := losses[0]
	if l.Size != 1024 || l.Lower != "aes/vaes256" || l.Dispatched != "aes/vaes512" || !l.Paired || l.Ratio < 1.25 || l.Ratio > 1.35 {
		t.Errorf("loss = %+v", l)
	}
	var b bytes.Buffer
	WriteLosses(&b, losses)
	if !strings.Contains(b.String(), "aes-128-ctr 1024 bytes: aes/vaes256 is 1.3") {
		t.Errorf("printed:\n%s", b.String())
	}
}

func TestDispatchLossesIgnoresTiesAndSlowerLevels(t *testing.T) {
	for _, f := range []float64{1, 0.7} {
		if losses := DispatchLosses(lossReport(f)); len(losses) != 0 {
			t.Errorf("factor %v: losses = %+v, want none", f, losses)
		}
	}
	// A higher-ranked level that is not dispatched (unusable rows are never
	// timed, so this is a level dispatch passed over) is not "lower".
	r := lossReport(1.3)
	r.Rows[1].Rank = 6
	if losses := DispatchLosses(r); len(losses) != 0 {
		t.Errorf("higher rank: losses = %+v", losses)
	}
}

func TestDispatchLossesUnpairedUsesUTest(t *testing.T) {
	r := lossReport(1.5)
	c := r.Rows[1].Cell(1024)
	c.Samples = c.Samples[:6] // one sample fewer: not paired
	losses := DispatchLosses(r)
	if len(losses) != 1 || losses[0].Paired {
		t.Fatalf("losses = %+v, want one unpaired", losses)
	}
}
