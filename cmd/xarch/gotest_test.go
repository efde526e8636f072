package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/suite"
)

var gotestBinOnce struct {
	sync.Once
	path string
	err  error
	out  []byte
}

// TestMain removes gotestBin's build when the tests are done.
func TestMain(m *testing.M) {
	code := m.Run()
	if gotestBinOnce.path != "" {
		os.RemoveAll(filepath.Dir(gotestBinOnce.path))
	}
	os.Exit(code)
}

// gotestBin builds the CLI once for the gotest tests (each build costs
// seconds on a loaded machine); TestMain removes it.
func gotestBin(t *testing.T) string {
	t.Helper()
	gotestBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "xarch-gotest-bin")
		if err != nil {
			gotestBinOnce.err = err
			return
		}
		gotestBinOnce.path = filepath.Join(dir, "xarch")
		gotestBinOnce.out, gotestBinOnce.err = exec.Command("go", "build", "-o", gotestBinOnce.path, ".").CombinedOutput()
	})
	require.NoError(t, gotestBinOnce.err, string(gotestBinOnce.out))
	return gotestBinOnce.path
}

// plantedModule writes a tiny module whose Add is right in Go and on
// amd64, and wrong in its arm64-only assembly (a - b instead of a + b).
func plantedModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":         "module example.com/planted\n\ngo 1.26\n",
		"add.go":         "package planted\n\n// Add returns a+b.\nfunc Add(a, b uint64) uint64 { return add(a, b) }\n",
		"add_generic.go": "//go:build !arm64\n\npackage planted\n\nfunc add(a, b uint64) uint64 { return a + b }\n",
		"add_arm64.go":   "package planted\n\n//go:noescape\nfunc add(a, b uint64) uint64\n",
		// Planted: SUB where ADD belongs.
		"add_arm64.s": "#include \"textflag.h\"\n\nTEXT ·add(SB), NOSPLIT, $0-24\n\tMOVD a+0(FP), R0\n\tMOVD b+8(FP), R1\n\tSUB R1, R0, R0\n\tMOVD R0, ret+16(FP)\n\tRET\n",
		"add_test.go": "package planted\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(2, 3); got != 5 {\n\t\tt.Fatalf(\"Add(2, 3) = %d, want 5\", got)\n\t}\n}\n\n" +
			"func TestOther(t *testing.T) {}\n",
	}
	// A second package whose arm64 assembly executes an undefined
	// instruction: a crash, attributed to SIGILL and its test.
	files["crash/crash.go"] = "package crash\n\nfunc Nop() { nop() }\n"
	files["crash/nop_generic.go"] = "//go:build !arm64\n\npackage crash\n\nfunc nop() {}\n"
	files["crash/nop_arm64.go"] = "package crash\n\nfunc nop()\n"
	files["crash/nop_arm64.s"] = "#include \"textflag.h\"\n\nTEXT ·nop(SB), NOSPLIT, $0-0\n\tWORD $0x00000000\n\tRET\n"
	files["crash/crash_test.go"] = "package crash\n\nimport \"testing\"\n\nfunc TestFine(t *testing.T) {}\n\nfunc TestNop(t *testing.T) { Nop() }\n"
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "crash"), 0o755))
	for name, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	return dir
}

func needQemu(t *testing.T, q string) {
	t.Helper()
	if _, err := exec.LookPath(q); err != nil {
		if suite.IsCI() {
			t.Fatalf("%s missing in CI", q)
		}
		t.Skipf("%s not installed", q)
	}
}

// The planted arm64-only bug fails on arm64 and only there, and the
// printed repro line reproduces it when run by a shell.
func TestGotestPlantedArm64Failure(t *testing.T) {
	needQemu(t, "qemu-aarch64-static")
	bin := gotestBin(t)
	mod := plantedModule(t)
	t.Setenv("XARCH_CACHE", t.TempDir())
	js := filepath.Join(t.TempDir(), "r.json")
	cmd := exec.Command(bin, "gotest", "-C", mod, "--arch", "amd64,arm64", "--model", "native,cortex-a53", "--no-probe", "--json", js, "./...")
	out, err := cmd.CombinedOutput()
	s := string(out)
	require.Error(t, err, s)
	require.Equal(t, 1, cmd.ProcessState.ExitCode(), s)
	require.Regexp(t, `example.com/planted\s+amd64\s+native\s+none\s+PASSED\s+2/2`, s)
	require.Regexp(t, `example.com/planted\s+arm64\s+cortex-a53\s+none\s+FAILED\s+1/2`, s)
	require.Contains(t, s, "Add(2, 3) = 18446744073709551615, want 5")
	require.Regexp(t, `example.com/planted/crash\s+amd64\s+native\s+none\s+PASSED\s+2/2`, s)
	require.Regexp(t, `example.com/planted/crash\s+arm64\s+cortex-a53\s+none\s+FAILED\s+\d/2\s+\S+\s+crashed with SIGILL in TestNop`, s)

	m := regexp.MustCompile(`(?m)^\s+repro: (.*)$`).FindStringSubmatch(s)
	require.NotNil(t, m, s)
	line := m[1]
	require.Contains(t, line, "qemu-aarch64-static -cpu cortex-a53")
	require.Contains(t, line, "-test.run '^TestAdd$'")
	rep, err := exec.Command("sh", "-c", line).CombinedOutput()
	require.Error(t, err, "the repro line passed: %s\n%s", line, rep)
	require.Contains(t, string(rep), "Add(2, 3) = 18446744073709551615, want 5")
	require.Contains(t, string(rep), "--- FAIL: TestAdd")
	require.NotContains(t, string(rep), "TestOther", "the repro is narrowed to the failing test")

	f, err := report.ReadJSON(js)
	require.NoError(t, err)
	require.Equal(t, 2, f.Totals.Failed)
	require.Equal(t, 2, f.Totals.Passed)
}

// Shards of a gotest run merge into the whole run with `xarch report merge`.
func TestGotestShardsMerge(t *testing.T) {
	bin := gotestBin(t)
	mod := plantedModule(t)
	t.Setenv("XARCH_CACHE", t.TempDir())
	dir := t.TempDir()
	var files []string
	for _, sh := range []string{"1/2", "2/2"} {
		p := filepath.Join(dir, strings.Replace(sh, "/", "of", 1)+".json")
		files = append(files, p)
		out, err := exec.Command(bin, "gotest", "-C", mod, "--arch", "amd64", "--model", "native", "--mask", "none,all,avx2,aes", "--no-probe",
			"--shard", sh, "--json", p, "./...").CombinedOutput()
		require.NoError(t, err, string(out))
	}
	merged := filepath.Join(dir, "merged.json")
	out, err := exec.Command(bin, append([]string{"report", "merge", "--json", merged}, files...)...).CombinedOutput()
	require.NoError(t, err, string(out))
	f, err := report.ReadJSON(merged)
	require.NoError(t, err)
	require.Len(t, f.Results, 8, "4 masks on amd64/native, 2 packages")
	seen := map[string]bool{}
	for _, r := range f.Results {
		seen[r.File] = true
		require.Equal(t, "passed", r.Status)
	}
	require.Equal(t, map[string]bool{"mask:none": true, "mask:all": true, "mask:avx2": true, "mask:aes": true}, seen)
}

func TestGotestBadInputs(t *testing.T) {
	bin := gotestBin(t)
	mod := plantedModule(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"gotest", "--arch", "mips", "."}, `unknown arch "mips"`},
		{[]string{"gotest", "--arch", "sparc64", "."}, "gotest cross-compiles with gc"},
		{[]string{"gotest", "--arch", "arm64", "--model", "cortex-z9", "."}, `unknown model "cortex-z9"`},
		{[]string{"gotest", "--arch", "amd64,arm64", "--model", "Haswell,cortex-z9", "."}, `unknown model "cortex-z9"`},
		{[]string{"gotest", "--arch", "amd64", "--mask", "avx3", "."}, `unknown CPU feature "avx3"`},
		{[]string{"gotest", "--arch", "amd64", "--mask", "sha3", "."}, `unknown CPU feature "sha3"`},
		{[]string{"gotest", "-C", filepath.Join(mod, "nope"), "."}, "not a directory"},
		{[]string{"gotest", "--shard", "3/2", "."}, "bad shard"},
	} {
		cmd := exec.Command(bin, c.args...)
		cmd.Dir = mod
		out, err := cmd.CombinedOutput()
		require.Error(t, err, "%v", c.args)
		require.Contains(t, string(out), c.want, "%v", c.args)
	}
}

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
	d := defaultMasks([]string{"avx2"})
	require.Equal(t, "none", d[0].Name)
	require.Equal(t, "all", d[len(d)-1].Name)
	require.Len(t, defaultMasks(nil), 1, "no feature test: the unmasked run only")

	// The option names come from the toolchain's internal/cpu.
	gr := goroot()
	require.Contains(t, cpuOptions("amd64", gr, ""), "avx2")
	require.Contains(t, cpuOptions("arm64", gr, ""), "sha512")
	require.Contains(t, cpuOptions("ppc64le", gr, ""), "power9")

	// A model without the feature makes its mask redundant.
	require.True(t, modelLacks("arm64", []string{"aes", "sha2"}, gotestMask{Name: "sha3", Features: []string{"sha3"}}))
	require.False(t, modelLacks("arm64", []string{"aes", "sha3"}, gotestMask{Name: "sha3", Features: []string{"sha3"}}))
	require.False(t, modelLacks("amd64", []string{"aesni"}, gotestMask{Name: "aes", Features: []string{"aes"}}))
	require.False(t, modelLacks("arm64", nil, gotestMask{Name: "sha3", Features: []string{"sha3"}}), "no expectation: run it")
}

// binfmt: the registration is read from binfmt_misc, and a test that
// executes its own binary under qemu without it is a skip with the fix,
// never a failure.
func TestGotestBinfmt(t *testing.T) {
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
	binfmtDir = old

	needQemu(t, "qemu-aarch64-static")
	if binfmtEnabled("qemu-aarch64-static") {
		t.Skip("binfmt_misc runs arm64 binaries on this host: re-exec works, nothing to detect")
	}
	mod := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module example.com/reexec\n\ngo 1.26\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(mod, "r.go"), []byte("package reexec\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(mod, "r_test.go"), []byte(`package reexec

import (
	"os"
	"os/exec"
	"testing"
)

func TestPlain(t *testing.T) {}

func TestReexec(t *testing.T) {
	if os.Getenv("REEXEC_CHILD") == "1" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestReexec$")
	cmd.Env = append(os.Environ(), "REEXEC_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("re-exec: %v\n%s", err, out)
	}
}
`), 0o644))
	t.Setenv("XARCH_CACHE", t.TempDir())
	out, err := exec.Command(gotestBin(t), "gotest", "-C", mod, "--arch", "arm64", "--model", "cortex-a53", "--no-probe", ".").CombinedOutput()
	s := string(out)
	require.NoError(t, err, "a binfmt problem must not fail the run:\n%s", s)
	require.Regexp(t, `arm64\s+cortex-a53\s+none\s+SKIPPED\s+1/2`, s)
	require.Contains(t, s, "needs binfmt_misc for qemu-aarch64")
	require.Contains(t, s, "TestReexec")
	require.Contains(t, s, "apt-get install qemu-user-binfmt")
}

// -bench: ns/op per benchmark from the test binary's output, and the
// per-mask table with its significance columns.
func TestGotestBenchTable(t *testing.T) {
	out := []byte("goos: linux\nBenchmarkHash8K/New-2   \t  100000\t     12345.5 ns/op\t 663.60 MB/s\nBenchmarkX-2 10 7 ns/op\nPASS\n")
	require.Equal(t, map[string]float64{"BenchmarkHash8K/New-2": 12345.5, "BenchmarkX-2": 7}, parseBench(out))

	base := map[string][]float64{"BenchmarkA": {100, 101, 99, 100, 102, 98}, "BenchmarkB": {50, 51, 49, 50, 50, 52}}
	masked := map[string][]float64{"BenchmarkA": {200, 201, 199, 202, 198, 200}, "BenchmarkB": {50, 49, 51, 50, 52, 50}}
	var b strings.Builder
	writeMaskTable(&b, gotestMask{Name: "sha", Features: []string{"sha"}}, []string{"BenchmarkA", "BenchmarkB"}, base, masked)
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
