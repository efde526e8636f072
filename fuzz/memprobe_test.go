package fuzz

import (
	"bytes"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

// Run alone, the fuzzer reports the memory-operand probes of the features
// its selected implementations need: their rows in PROBES, and a failed
// probe as a failed result; a probe of a feature no selected level needs
// neither prints nor fails the run.
func TestMemReport(t *testing.T) {
	info := wire.Info{
		Impls: []wire.ImplInfo{
			{Name: "sha256/avx2", Requires: []string{"avx2"}},
			{Name: "sha256/shani", Requires: []string{"shani"}},
			{Name: "sha256/generic"},
		},
		MemProbes: []wire.MemProbeInfo{{Feature: "avx2", Form: "A"}, {Feature: "shani", Form: "B"}},
	}
	rows := []suite.ProbeRow{
		{Arch: "amd64", Model: "m", Feature: "memory", Verdict: suite.ProbeOK},
		{Arch: "amd64", Model: "m", Feature: "avx2", Instr: "A memory operand", Verdict: "FAILED"},
		{Arch: "amd64", Model: "m", Feature: "shani", Instr: "B memory operand", Verdict: "FAILED"},
	}
	fails := []suite.Result{
		{Arch: "amd64", Model: "m", Impl: "memprobe", File: "A", Status: suite.Failed},
		{Arch: "amd64", Model: "m", Impl: "memprobe", File: "B", Status: suite.Failed},
	}
	for _, c := range []struct {
		impl          string
		rows, results int
	}{
		{"sha256/avx2", 2, 1},
		{"sha256/", 3, 2},
		{"sha256/generic", 1, 0},
	} {
		tr := &targetRun{o: Options{Impl: c.impl}, t: driver.Target{Arch: "amd64", Model: "m"}}
		tr.memReport(info, rows, fails)
		if len(tr.probes) != c.rows || len(tr.results) != c.results {
			t.Errorf("--impl %s: %d rows, %d results; want %d, %d", c.impl, len(tr.probes), len(tr.results), c.rows, c.results)
		}
	}
	var b bytes.Buffer
	(&Report{Probes: rows[:2], Arches: []string{"amd64"}}).Print(&b)
	if !strings.Contains(b.String(), "\nPROBES (") || !strings.Contains(b.String(), "A memory operand") {
		t.Errorf("no PROBES section:\n%s", b.String())
	}
}
