package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A cached runner that lost its execute bit is rebuilt (it used to get
// "run sudo ci/install-deps.sh" advice); a wazero cache xarch cannot use
// is bypassed with a warning; a bad XARCH_ROOT is named.
func TestHostileEnvironmentAndCache(t *testing.T) {
	bin := xarchBin(t)
	cache := t.TempDir()
	env := []string{"XARCH_CACHE=" + cache}
	args := []string{"test", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic", "--fuzz-cases", "5"}
	out, code := runXarch(t, bin, env, args...)
	require.Equal(t, 0, code, out)
	runners, _ := filepath.Glob(filepath.Join(cache, "runners", "amd64-*", "xarch-runner"))
	require.Len(t, runners, 1)
	require.NoError(t, os.Chmod(runners[0], 0o644))
	// Not a folder: no user, root included, can write a cache there.
	require.NoError(t, os.RemoveAll(filepath.Join(cache, "wazero")))
	require.NoError(t, os.WriteFile(filepath.Join(cache, "wazero"), []byte("not a folder"), 0o644))
	out, code = runXarch(t, bin, env, args...)
	require.Equal(t, 0, code, out)
	require.Contains(t, out, "lost its execute permission; rebuilding it")
	require.NotContains(t, out, "install-deps")
	require.Contains(t, out, "compiling without it")

	out, code = runXarch(t, bin, []string{"XARCH_ROOT=" + t.TempDir()}, args...)
	require.Equal(t, 2, code, out)
	require.Contains(t, out, "XARCH_ROOT=")
	require.Contains(t, out, "is not the xarch source tree")
}

// --model native,native runs the target once: the JSON has no duplicate
// cell (merge used to reject it).
func TestHostileRepeatedModelRunsOnce(t *testing.T) {
	bin := xarchBin(t)
	js := filepath.Join(t.TempDir(), "r.json")
	out, code := runXarch(t, bin, nil, "test", "--arch", "amd64,amd64", "--model", "native,native", "--impl", "sha256/generic",
		"--fuzz-cases", "-1", "--json", js)
	require.Equal(t, 0, code, out)
	out, code = runXarch(t, bin, nil, "report", "merge", js)
	require.Equal(t, 0, code, out)
}

// A repro line of a vector file under a folder with a space runs as
// printed: the path is shell-quoted.
func TestHostileReproQuotesVectorsPath(t *testing.T) {
	bin := xarchBin(t)
	wd, err := os.Getwd()
	require.NoError(t, err)
	vec := filepath.Join(t.TempDir(), "my vectors")
	require.NoError(t, os.MkdirAll(filepath.Join(vec, "nist"), 0o755))
	cp := exec.Command("cp", "-r", filepath.Join(wd, "..", "..", "vectors", "nist", "sha"), filepath.Join(vec, "nist", "sha"))
	b, err := cp.CombinedOutput()
	require.NoError(t, err, string(b))
	js := filepath.Join(t.TempDir(), "r.json")
	out, code := runXarch(t, bin, nil, "test", "--arch", "amd64", "--model", "native", "--planted", "--impl", "sha256/planted-threshold",
		"--fuzz-cases", "-1", "--vectors", vec, "--json", js)
	require.Equal(t, 1, code, out)
	raw, err := os.ReadFile(js)
	require.NoError(t, err)
	var rep struct {
		Results []struct{ Failures []struct{ Repro string } }
	}
	require.NoError(t, json.Unmarshal(raw, &rep))
	repro := ""
	for _, r := range rep.Results {
		for _, f := range r.Failures {
			if strings.Contains(f.Repro, "--vectors ") {
				repro = f.Repro
			}
		}
	}
	require.NotEmpty(t, repro, "no --vectors repro line")
	sh := exec.Command("sh", "-c", strings.Replace(repro, "xarch ", bin+" ", 1))
	b, _ = sh.CombinedOutput()
	require.Equal(t, 1, sh.ProcessState.ExitCode(), "%s\n%s", repro, b)
	require.Contains(t, string(b), "MISMATCH", repro)
}
