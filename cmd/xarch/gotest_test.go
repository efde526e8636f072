package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
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
	// The CLI tests choose their OpenSSL levels themselves: xarch test's
	// default (the installed levels) would add minutes to each run.
	os.Setenv("XARCH_OPENSSL", "none")
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

// A test that executes its own binary under qemu without binfmt_misc is a
// skip with the fix, never a failure.
func TestGotestBinfmt(t *testing.T) {
	needQemu(t, "qemu-aarch64-static")
	if b, err := os.ReadFile("/proc/sys/fs/binfmt_misc/qemu-aarch64"); err == nil && strings.HasPrefix(string(b), "enabled") {
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
	out, err := exec.Command(gotestBin(t), "gotest", "-C", mod, "--arch", "arm64", "--model", "cortex-a53", "--no-probe", "--timeout", "2m", ".").CombinedOutput()
	s := string(out)
	require.NoError(t, err, "a binfmt problem must not fail the run:\n%s", s)
	require.Regexp(t, `arm64\s+cortex-a53\s+none\s+SKIPPED\s+1/2`, s)
	require.Contains(t, s, "needs binfmt_misc for qemu-aarch64")
	require.Contains(t, s, "TestReexec")
	require.Contains(t, s, "apt-get install qemu-user-binfmt")
}

// Ctrl-C during a gotest run stops the test binary and its qemu through
// driver.KillAll (xarch says how many it stopped), and none is left.
func TestGotestInterruptLeavesNoProcess(t *testing.T) {
	needQemu(t, "qemu-aarch64-static")
	bin := gotestBin(t)
	mod := t.TempDir()
	for name, body := range map[string]string{
		"go.mod":        "module example.com/sleepy\n\ngo 1.26\n",
		"s.go":          "package sleepy\n",
		"sleep_test.go": "package sleepy\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestSleep(t *testing.T) { time.Sleep(10 * time.Minute) }\n",
	} {
		require.NoError(t, os.WriteFile(filepath.Join(mod, name), []byte(body), 0o644))
	}
	t.Setenv("XARCH_CACHE", t.TempDir())
	cmd := exec.Command(bin, "gotest", "-C", mod, "--arch", "arm64", "--model", "cortex-a53", "--no-probe", ".")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	defer cmd.Process.Kill()
	// Wait until qemu runs the test binary (the build comes first).
	var kids []int
	running := false
	for deadline := time.Now().Add(3 * time.Minute); !running && time.Now().Before(deadline); {
		time.Sleep(200 * time.Millisecond)
		kids = descendants(cmd.Process.Pid)
		for _, k := range kids {
			argv, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(k), "cmdline"))
			running = running || (bytes.Contains(argv, []byte("qemu-aarch64")) && bytes.Contains(argv, []byte("sleepy.test")))
		}
	}
	require.True(t, running, "the test binary never ran under qemu:\n%s", out.String())
	time.Sleep(time.Second) // inside TestSleep
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	err := cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, out.String())
	require.Equal(t, 130, ee.ExitCode(), out.String())
	require.Regexp(t, `interrupt: stopped [1-9]\d* process group`, out.String(), "KillAll must have stopped the test binary")
	var alive []int
	for i := 0; i < 50; i++ {
		alive = alive[:0]
		for _, k := range kids {
			if syscall.Kill(k, 0) == nil && !zombie(k) {
				alive = append(alive, k)
			}
		}
		if len(alive) == 0 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	require.Empty(t, alive, "processes left after SIGINT: %v (were %v)", alive, kids)
}

// Every arch of ci/models.json is in the README's coverage table and in
// the gotest help, so a new arch cannot be left out of either.
func TestDocsNameEveryArch(t *testing.T) {
	table, err := ci.Load()
	require.NoError(t, err)
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	s := string(readme)
	i := strings.Index(s, "\n## What is covered\n")
	require.GreaterOrEqual(t, i, 0, "README has no coverage section")
	cov := s[i:]
	if j := strings.Index(cov[1:], "\n## "); j >= 0 {
		cov = cov[:j+1]
	}
	help, _ := exec.Command(gotestBin(t), "gotest", "-h").CombinedOutput()
	require.Contains(t, string(help), "Usage: xarch gotest")
	for _, a := range table.ArchNames() {
		require.Regexp(t, `(?m)^\| `+regexp.QuoteMeta(a)+` \|`, cov, "README's coverage table has no %s row", a)
		require.Regexp(t, `\b`+regexp.QuoteMeta(a)+`\b`, string(help), "the gotest help does not name %s", a)
	}
}
