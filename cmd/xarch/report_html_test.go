package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The report commands on real fixtures: pages and summaries are written,
// bad input exits 2 with a clear message and leaves no page.
func TestReportHTMLAndSummaryCLI(t *testing.T) {
	bin := xarchBin(t)
	dir := t.TempDir()
	fx := func(n string) string { return filepath.Join("..", "..", "report", "html", "testdata", n) }
	run := func(args ...string) (string, int) {
		out, err := exec.Command(bin, args...).CombinedOutput()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return string(out), ee.ExitCode()
		}
		require.NoError(t, err)
		return string(out), 0
	}

	page := filepath.Join(dir, "r.html")
	out, code := run("report", "html", "-o", page, fx("planted.json"), fx("speed-gcm.json"))
	require.Equal(t, 0, code, out)
	b, err := os.ReadFile(page)
	require.NoError(t, err)
	require.Contains(t, string(b), `id="matrix-table"`)
	require.Contains(t, string(b), `<svg class="chart"`)

	cmp := filepath.Join(dir, "c.html")
	out, code = run("speed", "compare", fx("speed-gcm.json"), fx("speed-gcm-mask-vaes.json"), "--html", cmp)
	require.Equal(t, 0, code, out)
	b, err = os.ReadFile(cmp)
	require.NoError(t, err)
	require.Contains(t, string(b), `data-kind="diff"`)

	sum := filepath.Join(dir, "summary.md")
	out, code = run("report", "summary", "-o", sum, fx("planted.json"))
	require.Equal(t, 0, code, out)
	b, err = os.ReadFile(sum)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(b), "## xarch test: FAILED\n"), string(b))

	// Bad input: exit 2, a message naming the file, no page.
	trunc := filepath.Join(dir, "trunc.json")
	full, err := os.ReadFile(fx("planted.json"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(trunc, full[:len(full)/2], 0o644))
	bad := filepath.Join(dir, "bad.html")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"report", "html", "-o", bad, trunc}, "trunc.json: truncated JSON"},
		{[]string{"report", "summary", fx("speed-gcm.json")}, "is a speed report (xarch speed --json), not a test report"},
		{[]string{"report", "show", fx("speed-gcm.json")}, "is a speed report"},
		{[]string{"speed", "compare", fx("planted.json"), "--html", bad}, "is a test report (xarch test --json), not a speed report"},
		{[]string{"report", "html", "-o", bad}, "no report files given"},
	} {
		out, code := run(c.args...)
		require.Equal(t, 2, code, "%v: %s", c.args, out)
		require.Contains(t, out, c.want, "%v", c.args)
		require.NoFileExists(t, bad)
	}
}
