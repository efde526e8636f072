package ci

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// These tests check the CI plumbing that no docker engine or GitHub runner
// here can execute: the Dockerfile, .ci/run and the workflow install through
// ci/install-deps.sh; the workflow passes actionlint (pinned, ci/lint-workflow.sh)
// and a broken one does not; the workflow runs the CLI the way
// ci/run-shards.sh replays it.

const workflowPath = "../.github/workflows/xarch.yml"

func isCI() bool { return os.Getenv("CI") == "true" || os.Getenv("CI") == "1" }

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return string(b)
}

// lines returns the non-comment lines of a file.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
			out = append(out, t)
		}
	}
	return out
}

func index(ls []string, re string) int {
	r := regexp.MustCompile(re)
	for i, l := range ls {
		if r.MatchString(l) {
			return i
		}
	}
	return -1
}

// One package list: the Dockerfile, .ci/run, the Makefile and the workflow's
// test jobs all install through ci/install-deps.sh, and none of them names
// packages of its own.
func TestInstallThroughOneScript(t *testing.T) {
	docker := lines(read(t, "../Dockerfile"))
	require.Equal(t, 0, index(docker, `^FROM golang:1\.26-bookworm$`), "the image is Debian 12 (bookworm) with Go 1.26: %q", docker)
	cp := index(docker, `^COPY ci/install-deps\.sh ci/install-deps\.sh$`)
	run := index(docker, `^RUN bash ci/install-deps\.sh$`)
	require.True(t, cp > 0 && run > cp, "Dockerfile must COPY then RUN ci/install-deps.sh: %q", docker)

	cirun := lines(read(t, "../.ci/run"))
	inst := index(cirun, `^bash ci/install-deps\.sh$`)
	tst := index(cirun, `^make test$`)
	require.True(t, inst >= 0 && tst > inst, ".ci/run must run ci/install-deps.sh before make test: %q", cirun)

	mk := read(t, "../Makefile")
	require.Regexp(t, `(?m)^deps:\n\t@?bash ci/install-deps\.sh$`, mk)

	wf := read(t, workflowPath)
	require.Contains(t, wf, "container: golang:1.26-bookworm", "the test jobs run on the Dockerfile's base image")
	require.Contains(t, wf, "run: bash ci/install-deps.sh")

	for name, body := range map[string]string{"Dockerfile": strings.Join(docker, "\n"), ".ci/run": strings.Join(cirun, "\n"),
		"Makefile": mk, "workflow": wf} {
		require.NotRegexp(t, `apt-get|apt install|\bapk add|\bdnf\b|\byum\b`, body, "%s installs packages itself: use ci/install-deps.sh", name)
	}

	// The script itself: valid bash, one apt-get install of its list.
	out, err := exec.Command("bash", "-n", "install-deps.sh").CombinedOutput()
	require.NoError(t, err, string(out))
	require.Regexp(t, `apt-get install .*"\$\{PACKAGES\[@\]\}"`, read(t, "install-deps.sh"))
	// And here, where .ci/run has run it, its check passes.
	if out, err := exec.Command("bash", "install-deps.sh", "--check").CombinedOutput(); err != nil {
		if isCI() {
			t.Fatalf("ci/install-deps.sh --check fails in CI: %s", out)
		}
		t.Logf("prerequisites missing here (%s): the check's failure path is what ran", strings.TrimSpace(string(out)))
	}
}

// lint runs ci/lint-workflow.sh; skipped (outside CI) when actionlint cannot
// be fetched from the module proxy.
func lint(t *testing.T, files ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"lint-workflow.sh"}, files...)...)
	out, err := cmd.CombinedOutput()
	s := string(out)
	if err != nil && !strings.Contains(s, "[") && strings.Contains(s, "go: ") {
		if isCI() {
			t.Fatalf("actionlint could not be built: %s", s)
		}
		t.Skipf("actionlint could not be built from the module proxy here: %s", s)
	}
	return s, err
}

func TestWorkflowPassesActionlint(t *testing.T) {
	out, err := lint(t)
	require.NoError(t, err, "actionlint on .github/workflows:\n%s", out)
}

// A deliberately broken workflow fails the same lint, with the rule that
// catches each mistake.
func TestBrokenWorkflowFailsActionlint(t *testing.T) {
	good := read(t, workflowPath)
	dir := t.TempDir()
	var files []string
	rules := map[string]string{}
	for _, c := range []struct {
		name, from, to, rule string
	}{
		{"needs", "needs: [matrix, test]", "needs: [matrix, tset]", `job "merge" needs job "tset" which does not exist`},
		{"label", "os: ubuntu-24.04-arm", "os: ubuntu-24.04-armv9", `label "ubuntu-24.04-armv9" is unknown`},
		{"output", "fromJSON(needs.matrix.outputs.matrix)", "fromJSON(needs.matrix.outputs.matrx)", `property "matrx" is not defined`},
		{"yaml", "    runs-on: ubuntu-24.04\n    outputs:", "    runs-on: ubuntu-24.04\n   outputs:", "[syntax-check]"},
		{"action-input", "if-no-files-found: error", "if-no-file-found: error", `input "if-no-file-found" is not defined`},
	} {
		require.Contains(t, good, c.from, c.name)
		p := filepath.Join(dir, c.name+".yml")
		require.NoError(t, os.WriteFile(p, []byte(strings.Replace(good, c.from, c.to, 1)), 0o644))
		files = append(files, p)
		rules[c.name+".yml"] = c.rule
	}
	// One actionlint run over all of them (each finding names its file).
	out, err := lint(t, files...)
	require.Error(t, err, "actionlint accepted the broken workflows:\n%s", out)
	found := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)([\w.-]+\.yml):\d+:\d+: (.*)$`).FindAllStringSubmatch(out, -1) {
		found[m[1]] += m[2] + "\n"
	}
	for f, rule := range rules {
		require.Contains(t, found[f], rule, "%s: actionlint said:\n%s", f, out)
	}
}

// The workflow drives the CLI as ci/run-shards.sh replays it.
func TestWorkflowUsesTheCLI(t *testing.T) {
	wf := read(t, workflowPath)
	for _, want := range []string{
		`go run ./cmd/xarch matrix --shards "$SHARDS"`,
		`echo "matrix=$matrix" >> "$GITHUB_OUTPUT"`,
		`matrix: ${{ fromJSON(needs.matrix.outputs.matrix) }}`,
		`runs-on: ${{ matrix.os }}`,
		`bash ci/run-shards.sh shard "$ARCH" "$MODEL" "$SHARD" "out/$ID"`,
		`name: xarch-shard-${{ matrix.id }}`,
		`pattern: xarch-shard-*`,
		`./xarch report merge --matrix matrix.json`,
		`shards/*/result.json`,
		`uses: actions/setup-go@`,
		`GO_VERSION: "1.26"`,
		`os: ubuntu-24.04-arm`,
		`./xarch speed --count 5 --json "speed-$ARCH.json"`,
		`./xarch speed compare "base/speed-$ARCH.json" "speed-$ARCH.json"`,
		`name: speed-${{ matrix.arch }}`,
		// The job summary is xarch's Markdown, and the HTML matrix goes with the reports.
		`go run ./cmd/xarch report summary --title "xarch test $ID" -o "$GITHUB_STEP_SUMMARY" "out/$ID/result.json"`,
		`./xarch report summary --title "xarch test (merged shards)" merged/result.json >> "$GITHUB_STEP_SUMMARY"`,
		`./xarch report html -o merged/xarch-report.html merged/result.json`,
		`--html "speed-$ARCH.html"`,
	} {
		require.Contains(t, wf, want)
	}
	require.Regexp(t, `(?m)^go 1\.26(\.\d+)?$`, read(t, "../go.mod"), "setup-go's GO_VERSION must match go.mod")

	// The shard script's one-entry mode runs xarch test with --shard,
	// --json and --junit, into the directory the workflow uploads.
	rs := read(t, "run-shards.sh")
	require.Contains(t, rs, `"$XARCH" test --arch "$arch" --model "$model" --shard "$shard" \`)
	require.Contains(t, rs, `--json "$dir/result.json" --junit "$dir/junit.xml" --no-progress`)
	for _, s := range []string{"run-shards.sh", "lint-workflow.sh"} {
		out, err := exec.Command("bash", "-n", s).CombinedOutput()
		require.NoError(t, err, "%s: %s", s, out)
	}

	// The Makefile's lint runs the same pinned actionlint.
	require.Regexp(t, `(?m)^lint:(\n\t.*)*\n\tbash ci/lint-workflow\.sh$`, read(t, "../Makefile"))
	require.Regexp(t, `(?m)^ACTIONLINT=github\.com/rhysd/actionlint/cmd/actionlint@v\d+\.\d+\.\d+$`, read(t, "lint-workflow.sh"), "actionlint is pinned")
}

// The shard mode of ci/run-shards.sh, on this host's native model, writes
// the files the workflow uploads, and `xarch matrix` lists the same entries
// in both formats.
func TestRunShardsOneEntry(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	dir := t.TempDir()
	bin := xarchBin(t)

	js, err := exec.Command(bin, "matrix", "--shards", "2").Output()
	require.NoError(t, err)
	var m struct {
		Include []struct {
			Arch, Model, OS, ID string
			Shard, Shards       int
		}
	}
	require.NoError(t, json.Unmarshal(js, &m))
	ls, err := exec.Command(bin, "matrix", "--shards", "2", "--format", "lines").Output()
	require.NoError(t, err)
	rows := strings.Split(strings.TrimSpace(string(ls)), "\n")
	require.Len(t, rows, len(m.Include))
	for i, e := range m.Include {
		require.Equal(t, strings.Join([]string{e.Arch, e.Model, itoa(e.Shard), itoa(e.Shards), e.OS, e.ID}, "\t"), rows[i])
	}

	model := "native"
	cmd := exec.Command("bash", "run-shards.sh", "shard", "amd64", model, "2/2", filepath.Join(dir, "out"))
	cmd.Env = append(os.Environ(), "XARCH="+bin)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 {
		t.Logf("the shard has failures (exit 1); this test checks its files:\n%s", out)
	} else {
		require.NoError(t, err, string(out))
	}
	for _, f := range []string{"result.json", "junit.xml", "log.txt"} {
		st, err := os.Stat(filepath.Join(dir, "out", f))
		require.NoError(t, err, "shard mode must write %s:\n%s", f, out)
		require.Greater(t, st.Size(), int64(0), f)
	}
	var res struct {
		Shard     struct{ Index, Count int }
		Selection struct {
			Arches []string
			Models string
		}
	}
	b, err := os.ReadFile(filepath.Join(dir, "out", "result.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &res))
	require.Equal(t, 2, res.Shard.Index)
	require.Equal(t, 2, res.Shard.Count)
	require.Equal(t, []string{"amd64"}, res.Selection.Arches)
	require.Equal(t, model, res.Selection.Models)
	require.Contains(t, read(t, filepath.Join(dir, "out", "log.txt")), "shard 2/2")
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// xarchBin builds the CLI once for this test binary.
func xarchBin(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "xarch-ci-test")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "xarch")
		if out, err := exec.Command("go", "build", "-o", binPath, "../cmd/xarch").CombinedOutput(); err != nil {
			binErr = fmt.Errorf("%v: %s", err, out)
		}
	})
	require.NoError(t, binErr)
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// `xarch report merge` exits 0 on a complete set of shards, 1 when a shard
// or matrix entry is missing, 2 on a file it cannot read; bad --shard
// values are clear errors.
func TestReportMergeCLI(t *testing.T) {
	bin := xarchBin(t)
	dir := t.TempDir()
	run := func(args ...string) (string, int) {
		out, err := exec.Command(bin, args...).CombinedOutput()
		if ee, ok := err.(*exec.ExitError); ok {
			return string(out), ee.ExitCode()
		}
		require.NoError(t, err, string(out))
		return string(out), 0
	}
	var files []string
	for i := 1; i <= 2; i++ {
		f := filepath.Join(dir, fmt.Sprintf("s%d", i), "result.json")
		out, code := run("test", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic",
			"--shard", fmt.Sprintf("%d/2", i), "--json", f, "--junit", filepath.Join(dir, fmt.Sprintf("s%d", i), "junit.xml"), "--no-progress")
		require.Equal(t, 0, code, out)
		files = append(files, f)
	}
	out, code := run(append([]string{"report", "merge", "--json", filepath.Join(dir, "m.json"), "--junit", filepath.Join(dir, "m.xml")}, files...)...)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "xarch report merge: ok, 2 files, 1 targets")
	require.FileExists(t, filepath.Join(dir, "m.xml"))
	list, code := run("report", "list", filepath.Join(dir, "m.json"))
	require.Equal(t, 0, code, list)
	require.Contains(t, list, "amd64\tnative\tsha256/generic\tnist/sha/SHA256ShortMsg.rsp\tpassed")

	out, code = run("report", "merge", files[1])
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "amd64/native impl sha256/generic: shard 1/2 missing")

	mx := filepath.Join(dir, "matrix.json")
	js, code := run("matrix", "--arch", "amd64", "--shards", "2")
	require.Equal(t, 0, code)
	require.NoError(t, os.WriteFile(mx, []byte(js), 0o644))
	out, code = run(append([]string{"report", "merge", "--matrix", mx}, files...)...)
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "matrix entry amd64-Haswell-2of2 (amd64/Haswell shard 2/2): no report file")

	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\n\"format\": 3,\n"), 0o644))
	out, code = run("report", "merge", bad)
	require.Equal(t, 2, code, out)
	require.Contains(t, out, bad)

	out, code = run("test", "--arch", "amd64", "--shard", "4/3")
	require.Equal(t, 2, code, out)
	require.Contains(t, out, `bad shard "4/3": want 1 <= i <= N`)
}
