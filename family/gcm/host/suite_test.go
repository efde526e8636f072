package host

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/suite/suitetest"
)

// A flipped byte in a gcmDecrypt file's expected plaintext, or a FAIL line
// turned into a plaintext, is reported at its file:line with a repro line.
func TestCorruptedGCMVectorNamesFileLine(t *testing.T) {
	suitetest.NeedNativeAmd64(t)
	o := suitetest.Options(t, "amd64")
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "nist", "gcm"), 0o755))
	ents, err := os.ReadDir(filepath.Join(o.VectorsDir, "nist", "gcm"))
	require.NoError(t, err)
	ptLine, failLine := 0, 0
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(o.VectorsDir, "nist", "gcm", e.Name()))
		require.NoError(t, err)
		if e.Name() == "gcmDecrypt128.rsp" {
			lines := strings.Split(string(b), "\n")
			for i, l := range lines {
				switch {
				case ptLine == 0 && strings.HasPrefix(l, "PT = ") && len(strings.TrimSpace(l)) > len("PT = "):
					// Flip the first hex digit of the first non-empty PT.
					d := l[5]
					flip := byte('0')
					if d == '0' {
						flip = '1'
					}
					lines[i] = "PT = " + string(flip) + l[6:]
					ptLine = i + 1
				case failLine == 0 && strings.TrimSpace(l) == "FAIL":
					// A FAIL record that now claims the empty plaintext.
					lines[i] = "PT = \r"
					failLine = i + 1
				}
			}
			b = []byte(strings.Join(lines, "\n"))
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, "nist", "gcm", e.Name()), b, 0o644))
	}
	require.NotZero(t, ptLine)
	require.NotZero(t, failLine)
	o.VectorsDir, o.Models, o.Impl = dir, "native", "aes-gcm/generic"
	rep, err := suite.Run(o)
	require.NoError(t, err)
	require.True(t, rep.Failed())
	var out strings.Builder
	rep.Print(&out)
	require.Contains(t, out.String(), fmt.Sprintf("nist/gcm/gcmDecrypt128.rsp:%d: open (", ptLine))
	require.Contains(t, out.String(), fmt.Sprintf("nist/gcm/gcmDecrypt128.rsp:%d: open (", failLine))
	require.Contains(t, out.String(), "authentication failed, expected PT")
	require.Contains(t, out.String(), "repro: xarch run --arch amd64 --model native --impl aes-gcm/generic --op aes-gcm-open --param key=")
}
