package suite_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/runner"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/suite/suitetest"
)

// fakeProbes answers probe requests from a table: a result list, or an error
// (a *driver.CrashError plays a trap).
type fakeProbes struct {
	info    runner.Info
	answers map[string][]runner.ProbeResult
	errs    map[string]error
	calls   []string
}

func (f *fakeProbes) Info() runner.Info { return f.info }

func (f *fakeProbes) Call(args ...[]byte) ([][]byte, error) {
	feat, force := string(args[1]), string(args[2])
	f.calls = append(f.calls, feat+"/"+force)
	if err := f.errs[feat]; err != nil {
		return nil, err
	}
	js, _ := json.Marshal(f.answers[feat])
	return [][]byte{js}, nil
}

var (
	qemuSparc = driver.Target{Arch: "sparc64", Model: "default", Qemu: "qemu-sparc64-static"}
	t4        = runner.ImplInfo{Name: "aes/t4", Alg: "aes", Requires: []string{"crypto"}, NeedsHardware: "SPARC T4 crypto opcodes", Why: "missing feature crypto"}
	v9        = runner.ImplInfo{Name: "aes/sparc64", Alg: "aes", Requires: []string{"v9"}, Usable: true}
)

func sparcInfo() runner.Info {
	return runner.Info{Detected: []string{"v9"}, Impls: []runner.ImplInfo{t4, v9},
		Probes: []runner.ProbeInfo{{Feature: "crypto", Instr: "aes_eround01"}}}
}

func TestForcedProbeMarksNotFaithfullyEmulated(t *testing.T) {
	f := &fakeProbes{info: sparcInfo(), answers: map[string][]runner.ProbeResult{
		"crypto": {{Feature: "crypto", Instr: "aes_eround01", Want: "a49c7ff2689f352b", Got: "0000000000000000"}},
	}}
	verdicts, rows := suite.ProbeTarget(suite.Options{}, f, qemuSparc, f.info)
	require.Equal(t, []string{"crypto/force"}, f.calls, "crypto is forced for the needs-hardware level; v9 has no probe")
	require.Len(t, rows, 2)
	require.Equal(t, suite.ProbeUnfaithful, rows[0].Verdict)
	require.True(t, rows[0].Forced)
	require.Equal(t, []string{"v9"}, rows[1].NoProbe)

	st, why, ok := suite.ProbeStatus(verdicts, qemuSparc, t4)
	require.True(t, ok)
	require.Equal(t, suite.NotEmulated, st)
	require.Equal(t, "not faithfully emulated: crypto probe aes_eround01: expected a49c7ff2689f352b, got 0000000000000000 (needs hardware: SPARC T4 crypto opcodes)", why)
	_, _, ok = suite.ProbeStatus(verdicts, qemuSparc, v9)
	require.False(t, ok, "aes/sparc64 does not need crypto")

	// In a report: apart from failures, with the probe's values.
	rep := &suite.Report{Targets: 1, Probes: rows, Results: []suite.Result{
		{Arch: "sparc64", Model: "default", Impl: "aes/t4", Status: st, Reason: why},
		{Arch: "sparc64", Model: "default", Impl: "aes/sparc64", File: "x", Status: suite.Passed, Cases: 1, Passed: 1},
	}}
	require.False(t, rep.Failed())
	var b strings.Builder
	rep.Print(&b)
	out := b.String()
	require.Regexp(t, `aes/t4 +NOT EMULATED +- +- +not faithfully emulated: crypto probe aes_eround01: expected a49c7ff2689f352b, got 0000000000000000`, out)
	require.Regexp(t, `PROBES .*\n +sparc64/default +crypto +aes_eround01 +forced \(not detected\) +NOT FAITHFULLY EMULATED +expected a49c7ff2689f352b, got 0000000000000000\n`, out)
	require.Regexp(t, `sparc64/default +- +- +no probe registered +for v9\n`, out)
	require.Contains(t, out, "xarch: 1 passed, 0 failed, 1 skipped (1 of them not faithfully emulated, see PROBES)")
}

func TestForcedProbeThatTrapsMeansNeedsHardware(t *testing.T) {
	f := &fakeProbes{info: sparcInfo(), errs: map[string]error{
		"crypto": &driver.CrashError{Signal: "SIGILL", Exit: "exit status 2", Stderr: "SIGILL: illegal instruction"},
	}}
	verdicts, rows := suite.ProbeTarget(suite.Options{}, f, qemuSparc, f.info)
	require.Equal(t, "traps with SIGILL", rows[0].Verdict)
	st, why, ok := suite.ProbeStatus(verdicts, qemuSparc, t4)
	require.True(t, ok)
	require.Equal(t, suite.Skipped, st, "an absent feature that traps is what the emulator should do")
	require.Equal(t, "needs hardware: SPARC T4 crypto opcodes; the crypto probe (aes_eround01) traps with SIGILL", why)
}

func TestDetectedFeatureProbes(t *testing.T) {
	aesni := runner.ImplInfo{Name: "aes/aesni", Alg: "aes", Requires: []string{"aesni", "sse2"}, Usable: true}
	vaes := runner.ImplInfo{Name: "aes/vaes512", Alg: "aes", Requires: []string{"vaes"}, Why: "missing feature vaes"}
	masked := runner.ImplInfo{Name: "sha256/shani", Alg: "sha256", Requires: []string{"shani"}, Why: "masked shani"}
	info := runner.Info{Detected: []string{"aesni", "sse2", "shani"}, Masked: []string{"shani"},
		Impls:  []runner.ImplInfo{aesni, vaes, masked},
		Probes: []runner.ProbeInfo{{Feature: "aesni", Instr: "AESENC"}, {Feature: "vaes", Instr: "VAESENC"}, {Feature: "shani", Instr: "SHA256RNDS2"}}}
	emu := driver.Target{Arch: "amd64", Model: "Westmere", Qemu: "qemu-x86_64-static"}
	native := driver.Target{Arch: "amd64", Model: "native"}
	wrong := map[string][]runner.ProbeResult{"aesni": {{Feature: "aesni", Instr: "AESENC", Want: "01", Got: "02"}}}
	right := map[string][]runner.ProbeResult{"aesni": {{Feature: "aesni", Instr: "AESENC", Want: "01", Got: "01", OK: true}}}

	// Only features of levels that will run are probed: not the missing
	// vaes, not the masked shani; aesni without force.
	f := &fakeProbes{info: info, answers: right}
	verdicts, rows := suite.ProbeTarget(suite.Options{}, f, emu, info)
	require.Equal(t, []string{"aesni/"}, f.calls)
	require.Equal(t, suite.ProbeOK, rows[0].Verdict)
	_, _, ok := suite.ProbeStatus(verdicts, emu, aesni)
	require.False(t, ok)

	// A wrong answer under an emulator: not emulated faithfully, not run.
	f = &fakeProbes{info: info, answers: wrong}
	verdicts, _ = suite.ProbeTarget(suite.Options{}, f, emu, info)
	st, why, ok := suite.ProbeStatus(verdicts, emu, aesni)
	require.True(t, ok)
	require.Equal(t, suite.NotEmulated, st)
	require.Equal(t, "not faithfully emulated: aesni probe AESENC: expected 01, got 02", why)

	// The same on hardware is reported, but the level still runs and counts.
	f = &fakeProbes{info: info, answers: wrong}
	verdicts, rows = suite.ProbeTarget(suite.Options{}, f, native, info)
	require.Equal(t, suite.ProbeWrongHW, rows[0].Verdict)
	_, _, ok = suite.ProbeStatus(verdicts, native, aesni)
	require.False(t, ok)

	// A detected feature whose instruction traps under the emulator.
	f = &fakeProbes{info: info, errs: map[string]error{"aesni": &driver.CrashError{Signal: "SIGILL"}}}
	verdicts, _ = suite.ProbeTarget(suite.Options{}, f, emu, info)
	st, why, ok = suite.ProbeStatus(verdicts, emu, aesni)
	require.True(t, ok)
	require.Equal(t, suite.NotEmulated, st)
	require.Contains(t, why, "the aesni probe (AESENC) traps with SIGILL although the feature is detected")

	// The --impl filter limits what is probed.
	f = &fakeProbes{info: info, answers: right}
	suite.ProbeTarget(suite.Options{Impl: "sha256/"}, f, emu, info)
	require.Empty(t, f.calls)

	// A probe request the runner refuses is an error row, not a verdict.
	f = &fakeProbes{info: info, errs: map[string]error{"aesni": &driver.RemoteError{Msg: "probe: nope"}}}
	verdicts, rows = suite.ProbeTarget(suite.Options{}, f, emu, info)
	require.Equal(t, suite.ProbeError, rows[0].Verdict)
	_, _, ok = suite.ProbeStatus(verdicts, emu, aesni)
	require.False(t, ok)
}

// The requirement, end to end: under qemu-sparc64 the T4 AES probe
// shows "not faithfully emulated" and aes/t4 is not a failure.
func TestSparcT4IsNotFaithfullyEmulated(t *testing.T) {
	o := suitetest.EmulatedOptions(t, "sparc64", "default", "aes/t4")
	rep, err := suite.Run(o)
	require.NoError(t, err)
	var b strings.Builder
	rep.Print(&b)
	require.False(t, rep.Failed(), b.String())
	rows := rep.Rows()
	require.Len(t, rows, 1, b.String())
	require.Equal(t, suite.NotEmulated, rows[0].Status, b.String())
	require.Contains(t, rows[0].Note, "not faithfully emulated: crypto probe aes_eround01: expected ")
	require.Contains(t, rows[0].Note, "got 0000000000000000")
	require.Regexp(t, `sparc64/default +crypto +aes_eround01 +forced \(not detected\) +NOT FAITHFULLY EMULATED +expected [0-9a-f]+, got 0000000000000000`, b.String())
}
