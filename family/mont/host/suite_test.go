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

// A flipped byte of an `S =` line in SigGen15_186-3.rsp is reported at its
// file:line: by the verification (S^e mod n is not EM; rsa-verify rejects
// it) and by signing with the .txt twin's d (the target's S differs).
func TestCorruptedSigGenSNamesFileLine(t *testing.T) {
	suitetest.NeedNativeAmd64(t)
	o := suitetest.Options(t, "amd64")
	dir := t.TempDir()
	const rel = "nist/rsa/186-3/SigGen15_186-3.rsp"
	for _, sub := range []string{"nist/rsa/186-2", "nist/rsa/186-3", KATDir} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, sub), 0o755))
		ents, err := os.ReadDir(filepath.Join(o.VectorsDir, sub))
		require.NoError(t, err)
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(o.VectorsDir, sub, e.Name()))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, sub, e.Name()), b, 0o644))
		}
	}
	path := filepath.Join(dir, rel)
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	lines := strings.Split(string(b), "\n")
	sLine := 0
	for i, l := range lines {
		if strings.HasPrefix(l, "S = ") && i > 40 { // a record of the first key, not the first one
			// Flip one byte (two hex digits) in the middle of S.
			k := len("S = ") + 40
			d := []byte(l)
			for j := k; j < k+2; j++ {
				if d[j] == '0' {
					d[j] = 'f'
				} else {
					d[j] = '0'
				}
			}
			lines[i] = string(d)
			sLine = i + 1
			break
		}
	}
	require.NotZero(t, sLine)
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644))
	o.VectorsDir, o.Models, o.Impl = dir, "native", "mont/generic"
	rep, err := suite.Run(o)
	require.NoError(t, err)
	require.True(t, rep.Failed())
	var out strings.Builder
	rep.Print(&out)
	where := fmt.Sprintf("%s:%d: ", rel, sLine)
	require.Contains(t, out.String(), where+"mod-exp (")
	require.Contains(t, out.String(), where+"rsa-verify (")
	require.Contains(t, out.String(), "the signature was rejected, the vector says it is valid")
	require.Contains(t, out.String(), where+"rsa-sign (")
	require.Contains(t, out.String(), "repro: xarch run --arch amd64 --model native --impl mont/generic --op mod-exp --param modulus=")
	// Only that record fails.
	for _, r := range rep.Results {
		if r.File == rel {
			// mod-exp, rsa-verify and rsa-sign with CRT (the record is not
			// its key's first, which is also signed without CRT).
			require.Equal(t, 3, r.Cases-r.Passed, "%+v", r.Failures)
		} else if r.Status == suite.Failed {
			t.Errorf("%s failed too: %s", r.File, r.Reason)
		}
	}
}
