package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Shards that ran with another seed do not merge ("ok" used to be the
// answer); a report with trailing data or an unknown status is refused;
// show exits 1 on a failed row even when the totals say none, and prints
// the error of a run that errored.
func TestHostileReportIdentityAndStrictness(t *testing.T) {
	bin := xarchBin(t)
	dir := t.TempDir()
	shard := func(i, seed string) string {
		p := filepath.Join(dir, "s"+i+"-"+seed+".json")
		out, code := runXarch(t, bin, nil, "test", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic",
			"--fuzz-cases", "20", "--seed", seed, "--shard", i+"/2", "--json", p)
		require.Equal(t, 0, code, out)
		return p
	}
	s1, s2, s2b := shard("1", "1"), shard("2", "1"), shard("2", "2")
	out, code := runXarch(t, bin, nil, "report", "merge", s1, s2)
	require.Equal(t, 0, code, out)
	out, code = runXarch(t, bin, nil, "report", "merge", s1, s2b)
	require.Equal(t, 1, code, out)
	require.Contains(t, out, `differ in seed ("1" vs "2")`)

	b, err := os.ReadFile(s1)
	require.NoError(t, err)
	require.Contains(t, string(b), `"source_hash": "`)
	require.Contains(t, string(b), `"vectors_hash": "`)
	require.Contains(t, string(b), `"version": "`)
	edit := func(name, from, to string) string {
		p := filepath.Join(dir, name)
		s := strings.Replace(string(b), from, to, 1)
		require.NotEqual(t, string(b), s, "%s: nothing replaced", name)
		require.NoError(t, os.WriteFile(p, []byte(s), 0o644))
		return p
	}
	trailing := filepath.Join(dir, "trailing.json")
	require.NoError(t, os.WriteFile(trailing, append(append([]byte(nil), b...), "{}\n"...), 0o644))
	out, code = runXarch(t, bin, nil, "report", "merge", trailing, s2)
	require.Equal(t, 2, code, out)
	require.Contains(t, out, "trailing data")
	out, code = runXarch(t, bin, nil, "report", "show", edit("status.json", `"status": "passed"`, `"status": "pased"`))
	require.Equal(t, 2, code, out)
	require.Contains(t, out, `unknown status "pased"`)
	out, code = runXarch(t, bin, nil, "report", "show", edit("failed.json", `"status": "passed"`, `"status": "failed"`))
	require.Equal(t, 1, code, out)
	out, code = runXarch(t, bin, nil, "report", "show", edit("error.json", `"wall_ns"`, `"error": "runner build exploded", "wall_ns"`))
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "runner build exploded")
}
