package gotest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
)

func TestGotestMaskParsing(t *testing.T) {
	opts := map[string][]string{"amd64": {"aes", "avx2", "bmi2"}, "arm64": {"aes", "sha3"}}
	ms, def, err := parseMasks("", opts)
	require.NoError(t, err)
	require.True(t, def)
	require.Nil(t, ms)

	ms, def, err = parseMasks("none, avx2+bmi2 ,cpu.sha3=off,all,default,none", opts)
	require.NoError(t, err)
	require.True(t, def)
	var names, envs []string
	for _, m := range ms {
		names = append(names, m.Name)
		envs = append(envs, m.GODEBUG())
	}
	require.Equal(t, []string{"none", "avx2+bmi2", "sha3", "all"}, names)
	require.Equal(t, []string{"", "cpu.avx2=off,cpu.bmi2=off", "cpu.sha3=off", "cpu.all=off"}, envs)
	require.True(t, maskApplies(ms[2], opts["arm64"]))
	require.False(t, maskApplies(ms[2], opts["amd64"]), "sha3 is no amd64 option")
	require.True(t, maskApplies(ms[3], opts["amd64"]))

	_, _, err = parseMasks("avx2,nope", opts)
	require.ErrorContains(t, err, `unknown CPU feature "nope"`)

	// Derived masks: the feature tests of the source, in Go's spelling.
	src := []byte("if cpu.X86.HasAVX2 && cpu.X86HasBMI2 || cpu.ARM64.HasSHA3 || cpu.X86.HasOSXSAVE {}")
	require.Equal(t, []string{"avx2", "bmi2"}, usedFeatures(src, "amd64", []string{"avx2", "bmi2", "aes"}))
	require.Equal(t, []string{"sha3"}, usedFeatures(src, "arm64", []string{"sha3"}))
	d := defaultMasks([]string{"avx2"}, nil)
	require.Equal(t, "none", d[0].Name)
	require.Equal(t, "all", d[len(d)-1].Name)
	require.Len(t, defaultMasks(nil, nil), 1, "no feature test: the unmasked run only")
	var dn []string
	for _, m := range defaultMasks([]string{"zbb"}, []string{"v", "zbb"}) {
		dn = append(dn, m.Name)
	}
	require.Equal(t, []string{"none", "v", "zbb", "all"}, dn, "base options count as used, once")

	// The option names come from the toolchain's internal/cpu.
	gr := goroot()
	require.Contains(t, cpuOptions("amd64", gr, ""), "avx2")
	require.Contains(t, cpuOptions("arm64", gr, ""), "sha512")
	require.Contains(t, cpuOptions("ppc64le", gr, ""), "power9")
	require.Contains(t, cpuOptions("riscv64", gr, ""), "zbb")
	require.Contains(t, cpuOptions("riscv64", gr, ""), "v")
	require.Nil(t, cpuOptions("sparc64", gr, ""), "gccgo arch: no GODEBUG options")
	require.Equal(t, []string{"v", "zbb"}, usedFeatures([]byte("cpu.RISCV64.HasV || cpu.RISCV64.HasZbb || cpu.X86.HasAVX2"), "riscv64", []string{"v", "zbb"}))
	require.Equal(t, []string{"vpclmulqdq"}, usedFeatures([]byte("cpu.X86.HasAVX512VPCLMULQDQ"), "amd64", []string{"vpclmulqdq"}))

	// A model without the feature makes its mask redundant.
	sha3 := Mask{Name: "sha3", Features: []string{"sha3"}}
	require.True(t, modelLacks("arm64", ci.Model{Expect: []string{"aes", "sha2"}}, sha3))
	require.False(t, modelLacks("arm64", ci.Model{Expect: []string{"aes", "sha3"}}, sha3))
	require.False(t, modelLacks("amd64", ci.Model{Expect: []string{"aesni"}}, Mask{Name: "aes", Features: []string{"aes"}}))
	require.True(t, modelLacks("amd64", ci.Model{Expect: []string{"aesni"}}, Mask{Name: "sha", Features: []string{"sha"}}), "shani is Go's sha")
	require.False(t, modelLacks("arm64", ci.Model{}, sha3), "no expectation: run it")
	zbb := Mask{Name: "zbb", Features: []string{"zbb"}}
	require.True(t, modelLacks("riscv64", ci.Model{Expect: []string{"rv64"}}, zbb))
	require.True(t, modelLacks("riscv64", ci.Model{Expect: []string{"rv64", "zbb"}, Force: []string{"zbb"}}, zbb), "forced: Go cannot detect it")
	require.False(t, modelLacks("riscv64", ci.Model{Expect: []string{"rv64", "zbb", "v"}}, zbb))
}

// binfmt: the registration is read from binfmt_misc, and a test that
// executes its own binary under qemu without it is a skip with the fix,
// never a failure.
func TestBinfmtDetection(t *testing.T) {
	dir := t.TempDir()
	old := binfmtDir
	binfmtDir = dir
	defer func() { binfmtDir = old }()
	require.False(t, binfmtEnabled("/usr/bin/qemu-aarch64-static"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "qemu-aarch64"), []byte("enabled\ninterpreter /usr/bin/qemu-aarch64-static\n"), 0o644))
	require.True(t, binfmtEnabled("/usr/bin/qemu-aarch64-static"))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "qemu-ppc64le"), []byte("disabled\n"), 0o644))
	require.False(t, binfmtEnabled("qemu-ppc64le-static"))
	require.Contains(t, binfmtFix("qemu-ppc64le-static"), "update-binfmts --enable qemu-ppc64le")
}

// -bench: ns/op per benchmark from the test binary's output, and the
// per-mask table with its significance columns.
func TestGotestBenchTable(t *testing.T) {
	out := []byte("goos: linux\nBenchmarkHash8K/New-2   \t  100000\t     12345.5 ns/op\t 663.60 MB/s\nBenchmarkX-2 10 7 ns/op\nPASS\n")
	require.Equal(t, map[string]float64{"BenchmarkHash8K/New-2": 12345.5, "BenchmarkX-2": 7}, parseBench(out))

	base := map[string][]float64{"BenchmarkA": {100, 101, 99, 100, 102, 98}, "BenchmarkB": {50, 51, 49, 50, 50, 52}}
	masked := map[string][]float64{"BenchmarkA": {200, 201, 199, 202, 198, 200}, "BenchmarkB": {50, 49, 51, 50, 52, 50}}
	var b strings.Builder
	writeMaskTable(&b, Mask{Name: "sha", Features: []string{"sha"}}, []string{"BenchmarkA", "BenchmarkB"}, base, masked)
	s := b.String()
	require.Contains(t, s, "mask sha (GODEBUG=cpu.sha=off) vs no mask")
	require.Regexp(t, `BenchmarkA\s+100.00ns ± \S+\s+200.00ns ± \S+\s+\+100.00% \(p=0.002 n=6\)`, s)
	require.Regexp(t, `BenchmarkB\s+50.00ns ± \S+\s+50.00ns ± \S+\s+~ \(p=`, s)
	require.Contains(t, s, "geomean")
}

func TestGotestRunPattern(t *testing.T) {
	by := map[string]*testOutcome{
		"TestX":         {name: "TestX", action: "fail"},
		"TestX/a.b":     {name: "TestX/a.b", action: "fail"},
		"TestX/ok":      {name: "TestX/ok", action: "pass"},
		"TestY":         {name: "TestY", action: "fail"},
		"TestY/one":     {name: "TestY/one", action: "fail"},
		"TestY/two":     {name: "TestY/two", action: "fail"},
		"TestY/one/sub": {name: "TestY/one/sub", action: "fail"},
	}
	require.Equal(t, `^TestX$/^a\.b$`, runPattern("TestX", by))
	require.Equal(t, `^TestY$`, runPattern("TestY", by), "two failing subtests: the whole test")
	require.Equal(t, `^TestZ$`, runPattern("TestZ", by))
}

// ci/models.json's godebug entries name what the toolchain has: the
// fallback and base options are options of its internal/cpu, and every gc
// arch has an entry (else gotest masks nothing there).
func TestGoDebugTableMatchesToolchain(t *testing.T) {
	table, err := ci.Load()
	require.NoError(t, err)
	gr := goroot()
	for _, a := range table.Arches {
		if a.CompilerName() != "gc" {
			continue
		}
		require.NotNil(t, a.GoDebug, "%s: no godebug entry in ci/models.json", a.Arch)
		for _, f := range a.GoDebug.CPUFiles {
			require.FileExists(t, filepath.Join(gr, "src", "internal", "cpu", f), "%s: cpu_files names no internal/cpu file", a.Arch)
		}
		read := cpuOptions(a.Arch, gr, "")
		for _, o := range append(append([]string(nil), a.GoDebug.Options...), a.GoDebug.Base...) {
			require.Contains(t, read, o, "%s: %q is no option of the toolchain's internal/cpu (%v)", a.Arch, o, a.GoDebug.CPUFiles)
		}
	}
}

// A timeout while a test waits in os.StartProcess is the emulator's fork
// hanging (the cell runs once more); any other timeout or failure is not.
func TestHungInFork(t *testing.T) {
	stack := "panic: test timed out after 2m0s\ngoroutine 7 [syscall]:\nsyscall.forkExec(...)\nos.StartProcess({0x1, 0x2})\n"
	hung := suite.Result{Status: suite.Failed, Reason: "stopped by a timeout (-test.timeout 2m0s) in TestReexec",
		Failures: []suite.Failure{{Where: "TestReexec", Msg: stack}}}
	if !hungInFork(hung) {
		t.Error("a timeout in os.StartProcess not seen as a hung fork")
	}
	other := hung
	other.Failures = []suite.Failure{{Where: "TestSlow", Msg: "panic: test timed out after 2m0s\ntime.Sleep(...)\n"}}
	if hungInFork(other) {
		t.Error("a timeout elsewhere taken for a hung fork")
	}
	failed := hung
	failed.Reason = "1 of 2 tests failed: TestReexec"
	if hungInFork(failed) {
		t.Error("a failed test taken for a hung fork")
	}
}
