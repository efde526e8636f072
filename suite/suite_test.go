package suite_test

import (
	"fmt"
	_ "github.com/xarchlab/xarch/family/all/host" // every family's spec and judging
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/suite/suitetest"
)

// These tests build real runners (cached by content under the xarch cache)
// and run them natively and under qemu-user.

func find(rep *suite.Report, model, impl string) []suite.Result {
	var out []suite.Result
	for _, r := range rep.Results {
		if r.Model == model && r.Impl == impl {
			out = append(out, r)
		}
	}
	return out
}

func TestNativeAllLevelsPass(t *testing.T) {
	suitetest.NeedNativeAmd64(t)
	o := suitetest.Options(t, "amd64")
	o.Models = "native"
	rep, err := suite.Run(o)
	require.NoError(t, err)
	require.False(t, rep.Failed(), "%+v", rep.Results)
	p, _, _ := rep.RowCounts()
	require.GreaterOrEqual(t, p, 2, "generic and at least one asm level run natively")
	for _, r := range find(rep, "native", "sha256/generic") {
		require.Equal(t, suite.Passed, r.Status)
		require.Greater(t, r.Cases, 60, r.File)
	}
}

// One emulated run per arch: every level usable on the model passes.
// The arches and models come from ci/models.json (each arch's richest
// default model), so a new arch is covered without an entry here.
func TestEmulatedEachArch(t *testing.T) {
	table, err := ci.Load()
	require.NoError(t, err)
	for _, row := range table.Arches {
		arch := row.Arch
		m, ok := row.Richest()
		if !ok {
			continue // native only
		}
		model := m.Label()
		t.Run(arch, func(t *testing.T) {
			suitetest.NeedQemu(t, arch)
			o := suitetest.Options(t, arch)
			o.Models = model
			rep, err := suite.Run(o)
			require.NoError(t, err)
			var b strings.Builder
			rep.Print(&b)
			require.False(t, rep.Failed(), b.String())
			p, _, _ := rep.RowCounts()
			require.GreaterOrEqual(t, p, 2, "generic and the arch's own level pass:\n%s", b.String())
		})
	}
}

func TestMissingFeatureIsSkippedWithName(t *testing.T) {
	o := suitetest.EmulatedOptions(t, "amd64", "Westmere", "sha256/")
	rep, err := suite.Run(o)
	require.NoError(t, err)
	rows := rep.Rows()
	var avx2 *suite.Row
	for i := range rows {
		if rows[i].Impl == "sha256/avx2" {
			avx2 = &rows[i]
		}
	}
	require.NotNil(t, avx2)
	require.Equal(t, suite.Skipped, avx2.Status)
	require.Contains(t, avx2.Note, "missing feature avx")
}

func TestMaskTurnsLevelsOff(t *testing.T) {
	suitetest.NeedNativeAmd64(t)
	o := suitetest.Options(t, "amd64")
	o.Models, o.Mask = "native", "shani,avx2"
	rep, err := suite.Run(o)
	require.NoError(t, err)
	require.False(t, rep.Failed())
	for _, row := range rep.Rows() {
		switch row.Impl {
		case "sha256/shani", "sha256/avx2":
			require.Equal(t, suite.Skipped, row.Status)
			require.Contains(t, row.Note, "masked")
		case "sha256/generic":
			require.Equal(t, suite.Passed, row.Status)
		}
	}
}

func TestCorruptedVectorNamesFileLine(t *testing.T) {
	suitetest.NeedNativeAmd64(t)
	for _, tc := range []struct{ file, impl, op string }{
		{"SHA256ShortMsg.rsp", "sha256/generic", "sha256"},
		{"SHA512ShortMsg.rsp", "sha512/generic", "sha512"},
	} {
		t.Run(tc.op, func(t *testing.T) {
			o := suitetest.Options(t, "amd64")
			dir := t.TempDir()
			require.NoError(t, os.MkdirAll(filepath.Join(dir, "nist", "sha"), 0o755))
			ents, err := os.ReadDir(filepath.Join(o.VectorsDir, "nist", "sha"))
			require.NoError(t, err)
			line, was := 0, ""
			for _, e := range ents {
				b, err := os.ReadFile(filepath.Join(o.VectorsDir, "nist", "sha", e.Name()))
				require.NoError(t, err)
				if e.Name() == tc.file {
					// The first MD (of the empty message): flip its first digit.
					lines := strings.Split(string(b), "\n")
					for i, l := range lines {
						if strings.HasPrefix(l, "MD = ") {
							line, was = i+1, l[5:6]
							flip := map[string]string{"c": "d"}[was]
							if flip == "" {
								flip = "c"
							}
							lines[i] = "MD = " + flip + l[6:]
							break
						}
					}
					b = []byte(strings.Join(lines, "\n"))
				}
				require.NoError(t, os.WriteFile(filepath.Join(dir, "nist", "sha", e.Name()), b, 0o644))
			}
			require.NotZero(t, line)
			o.VectorsDir, o.Models, o.Impl = dir, "native", tc.impl
			rep, err := suite.Run(o)
			require.NoError(t, err)
			require.True(t, rep.Failed())
			var out strings.Builder
			rep.Print(&out)
			require.Contains(t, out.String(), fmt.Sprintf("amd64/native %s: nist/sha/%s:%d: message of 0 bytes: expected MD ", tc.impl, tc.file, line))
			require.Contains(t, out.String(), fmt.Sprintf("repro: xarch run --arch amd64 --model native --impl %s --op %s --in ''", tc.impl, tc.op))
			require.Contains(t, out.String(), "xarch: 0 passed, 1 failed, 0 skipped")
		})
	}
}

// A planted level that executes an illegal instruction is a crash with its
// signal; the rest of the matrix still runs. Natively and under qemu.
func TestCrashIsReportedAndMatrixGoesOn(t *testing.T) {
	for _, tc := range []struct{ arch, model string }{{"amd64", "native"}, {"arm64", "cortex-a53"}, {"sparc64", "default"}} {
		t.Run(tc.arch, func(t *testing.T) {
			if tc.model == "native" {
				suitetest.NeedNativeAmd64(t)
			} else {
				suitetest.NeedQemu(t, tc.arch)
			}
			o := suitetest.Options(t, tc.arch)
			o.Models, o.Planted, o.Impl = tc.model, true, "sha256/planted-sigill,sha256/generic"
			rep, err := suite.Run(o)
			require.NoError(t, err)
			var crashed, edges, generic int
			for _, r := range rep.Results {
				switch r.Impl {
				case "sha256/planted-sigill":
					if r.File == suite.EdgesFile {
						edges++ // its kernel edges crash too
					}
					require.Equal(t, suite.Failed, r.Status)
					require.Contains(t, r.Reason, "runner crashed with SIGILL")
					require.Len(t, r.Failures, 1)
					require.Contains(t, r.Failures[0].Repro, "--planted")
					crashed++
				case "sha256/generic":
					require.Equal(t, suite.Passed, r.Status, r.Reason)
					generic++
				}
			}
			require.Equal(t, 7, crashed, "each vector file and the kernel edges report the crash")
			require.Equal(t, 1, edges, "the kernel edges row reports the crash")
			require.Equal(t, 6, generic, "generic still runs every file after the crashes")
		})
	}
}

func TestHangIsReported(t *testing.T) {
	suitetest.NeedNativeAmd64(t)
	o := suitetest.Options(t, "amd64")
	o.Models, o.Planted, o.Impl, o.Timeout = "native", true, "sha256/planted-hang", 2*time.Second
	rep, err := suite.Run(o)
	require.NoError(t, err)
	require.NotEmpty(t, rep.Results)
	r := rep.Results[0]
	require.Equal(t, suite.Failed, r.Status)
	require.Contains(t, r.Reason, "runner hung")
}

func TestUnknownArchAndModel(t *testing.T) {
	o := suitetest.Options(t, "mips")
	_, err := suite.Run(o)
	require.ErrorContains(t, err, `unknown arch "mips"`)
	o = suitetest.Options(t, "arm64")
	o.Models = "cortex-z9"
	_, err = suite.Run(o)
	require.ErrorContains(t, err, `unknown model "cortex-z9" for arm64`)
}

// A level that requires no feature runs its vector files on the first model
// of each (runner, emulator) only; the other models run its synthetic
// suite and report every file SKIPPED with where it ran. --every-model runs
// them everywhere.
func TestTwinsRunVectorFilesOnce(t *testing.T) {
	o := suitetest.EmulatedOptions(t, "amd64", "Nehalem,Westmere", "aes/generic,sha256/generic")
	rep, err := suite.Run(o)
	require.NoError(t, err)
	require.False(t, rep.Failed(), "%+v", rep.Results)
	ranOn := 0
	for _, r := range rep.Results {
		switch {
		case r.Model == "Nehalem":
			require.Equal(t, suite.Passed, r.Status, r.File)
			require.Empty(t, r.RanOn)
		case strings.HasPrefix(r.File, "edges:"):
			require.Equal(t, suite.Passed, r.Status, "synthetic suites run on every model")
			require.Greater(t, r.Cases, 0)
		default:
			require.Equal(t, suite.Skipped, r.Status, r.File)
			require.Equal(t, "amd64/Nehalem", r.RanOn, r.File)
			require.Zero(t, r.Cases)
			ranOn++
		}
	}
	require.Greater(t, ranOn, 10)
	require.Equal(t, ranOn, rep.RanOnTwin())
	var b strings.Builder
	rep.Print(&b)
	require.Contains(t, b.String(), fmt.Sprintf("%d vector-file runs skipped on a twin target", ranOn))
	for _, row := range rep.Rows() {
		if row.Model == "Westmere" {
			require.Contains(t, row.Note, "vector files ran on amd64/Nehalem", row.Impl)
		}
	}

	o.EveryModel = true
	rep, err = suite.Run(o)
	require.NoError(t, err)
	require.Zero(t, rep.RanOnTwin())
	for _, r := range rep.Results {
		require.Equal(t, suite.Passed, r.Status, "%s %s %s", r.Model, r.Impl, r.File)
	}
}

// Twins share the runner, the emulator binary and its version; a skipped
// or failed plan is nobody's home.
func TestHomes(t *testing.T) {
	tgt := func(arch, model, bin, qemu, emu string) driver.Planned {
		return driver.Planned{Target: driver.Target{Arch: arch, Model: model, Binary: bin, Qemu: qemu, Emulator: emu}}
	}
	skipped := tgt("amd64", "gone", "b1", "q72", "qemu 7.2.22")
	skipped.Skip = "qemu missing"
	plans := []driver.Planned{
		skipped,
		tgt("amd64", "native", "b1", "", "native"),
		tgt("amd64", "Nehalem", "b1", "q72", "qemu 7.2.22"),
		tgt("amd64", "Westmere", "b1", "q72", "qemu 7.2.22"),
		tgt("amd64", "max", "b1", "q10", "qemu 10.0.2"),
		tgt("amd64", "Haswell", "b1", "q10", "qemu 10.0.2"),
		tgt("arm64", "max", "b2", "q72a", "qemu 7.2.22"),
	}
	require.Equal(t, []string{"", "", "", "amd64/Nehalem", "", "amd64/max", ""}, suite.Homes(plans))
}
