package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// copyTree copies the module's files the runner may compile (and one host
// folder) into dst, so the test can edit them without touching the checkout.
func copyTree(t *testing.T, root, dst string) {
	t.Helper()
	for _, top := range []string{"go.mod", "go.sum", "arch", "family", "wire", "timing", "runner", "cmd/xarch-runner"} {
		err := filepath.Walk(filepath.Join(root, top), func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			if info.IsDir() {
				return os.MkdirAll(filepath.Join(dst, rel), 0o755)
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
		})
		require.NoError(t, err)
	}
}

func TestSourceKeyFollowsWhatTheRunnerCompiles(t *testing.T) {
	wd, _ := os.Getwd()
	root, err := FindRoot(wd)
	require.NoError(t, err)
	dirs, err := runnerDirs(BuildOptions{Root: root}, "arm64")
	require.NoError(t, err)
	var rel []string
	for _, d := range dirs {
		r, _ := filepath.Rel(root, d)
		rel = append(rel, r)
	}
	require.Contains(t, rel, filepath.Join("family", "gcm"), "the runner links every family's target code")
	require.Contains(t, rel, filepath.Join("arch", "arm64"))
	require.NotContains(t, rel, filepath.Join("family", "gcm", "host"), "host code is not the runner's")

	tmp := t.TempDir()
	copyTree(t, root, tmp)
	o := BuildOptions{Root: tmp}
	key := func() string {
		k, err := sourceKey(o, "arm64")
		require.NoError(t, err)
		return k
	}
	before := key()
	require.Equal(t, before, key(), "the key is a function of the sources")

	// A comment in a host-only folder does not make a new runner.
	hostFile := filepath.Join(tmp, "family", "gcm", "host", "spec.go")
	b, err := os.ReadFile(hostFile)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(hostFile, append(b, "// edited\n"...), 0o644))
	require.Equal(t, before, key(), "family/gcm/host is not compiled into the runner")

	// Editing a family's target file does.
	famFile := filepath.Join(tmp, "family", "gcm", "gcm.go")
	b, err = os.ReadFile(famFile)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(b), "//"), "family/gcm/gcm.go starts with its package comment")
	require.NoError(t, os.WriteFile(famFile, append(b, "// edited\n"...), 0o644))
	require.NotEqual(t, before, key(), "editing family/gcm must rebuild the runner")

	// So does a planted level, compiled only with the tag.
	afterEdit := key()
	planted := filepath.Join(tmp, "family", "gcm", "planted.go")
	b, err = os.ReadFile(planted)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(planted, append(b, "// edited\n"...), 0o644))
	require.NotEqual(t, afterEdit, key(), "the folder counts whole, planted files included")
}
