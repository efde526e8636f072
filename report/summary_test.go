package report

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSummaryMarkdown(t *testing.T) {
	b, err := os.ReadFile("html/testdata/planted.json") // a real planted run, amd64 native and Westmere
	require.NoError(t, err)
	var f File
	require.NoError(t, json.Unmarshal(b, &f))
	var buf bytes.Buffer
	require.NoError(t, WriteSummary(&buf, &f, ""))
	md := buf.String()
	require.Contains(t, md, "## xarch test: FAILED\n")
	require.Contains(t, md, "| 8 | 19 | 2 | 8002 of 12192 | 2 |")
	require.Contains(t, md, "### Failed cells (19)")
	require.Contains(t, md, "- **amd64/native** `sha256/planted-threshold`: SHA224LongMsg.rsp")
	require.Contains(t, md, "  xarch run --arch amd64 --model native --impl sha256/planted-threshold --planted --op sha224 --vector nist/sha/SHA224LongMsg.rsp:30")
	require.Contains(t, md, "| SKIPPED: missing feature | 2 | amd64/Westmere `sha256/avx2`: missing feature avx,avx2,bmi2 |")

	// A run that passed, and one that did not finish.
	ok := File{Format: Format, Totals: Totals{Passed: 1, Results: 1}, Results: []Result{{Arch: "amd64", Model: "native", Impl: "sha256/generic", Status: "passed"}}}
	buf.Reset()
	require.NoError(t, WriteSummary(&buf, &ok, "shard 1/2"))
	require.Contains(t, buf.String(), "## shard 1/2: passed\n")
	require.NotContains(t, buf.String(), "Failed cells")
	ok.Error = "cannot build the runner: <exit 1>"
	buf.Reset()
	require.NoError(t, WriteSummary(&buf, &ok, ""))
	require.Contains(t, buf.String(), "FAILED")
	require.Contains(t, buf.String(), "did not finish:** cannot build the runner: &lt;exit 1&gt;")
}
