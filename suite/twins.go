package suite

import (
	"fmt"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/wire"
)

// Twins. A level that requires no CPU feature runs the same machine code on
// every model of an arch: there is one runner binary per arch, and such a
// level reads nothing from the CPU (its Tuning is fixed). Under one emulator
// binary its answers cannot depend on the -cpu model. So its vector files
// run on one target per (runner, emulator), the first in plan order (its
// home), and on the other targets of the group, its twins, each file is
// reported SKIPPED with RanOn naming the home. Its synthetic suites (edges
// around Tuning, the Montgomery known answers) and its fuzz cases still run
// on every model. Options.EveryModel (--every-model) runs everything
// everywhere.
//
// Under emulation these levels are the slowest of all (the generic RSA
// vector files alone were over a quarter of the suite's time), and every model repeated them.

// homes gives, for each plan, the target its model-independent levels'
// vector files run on: "" when that is the plan itself.
func homes(plans []driver.Planned) []string {
	out := make([]string, len(plans))
	first := map[string]string{}
	for i, p := range plans {
		if p.Skip != "" || p.Fail != "" {
			continue
		}
		t := p.Target
		key := fmt.Sprintf("%s\x00%s\x00%s\x00%s\x00%s\x00%v\x00%v", t.Arch, t.Binary, t.Qemu, t.Emulator, t.Mask, t.ABI, t.Env)
		if op := p.OpenSSL; op != nil && op.Level.Detected() {
			key += "\x00" + op.CPUInfo // detected levels twin only on the same word (opensslTwin)
		}
		if h, ok := first[key]; ok {
			out[i] = h
			continue
		}
		first[key] = t.String()
	}
	return out
}

// modelIndependent reports whether a level runs the same code on every
// model: it requires no feature and no hardware. Planted levels run
// everywhere (they test the tester on each model).
func modelIndependent(im wire.ImplInfo) bool {
	return len(im.Requires) == 0 && im.NeedsHardware == "" && !im.Planted
}

// ranOnReason is the note of a vector file left to the home target.
func ranOnReason(home string) string {
	return "ran on " + home + " (same runner and emulator; the level's code does not depend on the model: it needs no CPU feature, or an OpenSSL mask or detected word fixes it)"
}

// Homes and OpenSSLTwin are homes and opensslTwin for the fuzzer: an
// OpenSSL twin leaves its fuzz cases to its home too (the cases are drawn
// from the seed, the level's code and emulator are the home's).
func Homes(plans []driver.Planned) []string { return homes(plans) }

// OpenSSLTwin is opensslTwin (openssl.go).
func OpenSSLTwin(p driver.Planned, family string) bool { return opensslTwin(p, family) }

// RanOnReason is ranOnReason.
func RanOnReason(home string) string { return ranOnReason(home) }
