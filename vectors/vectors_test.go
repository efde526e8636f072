package vectors

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestProvenance checks every vendored file against the sha256 in PROVENANCE.md,
// and that no file under nist/ is missing from it.
func TestProvenance(t *testing.T) {
	f, err := os.Open("PROVENANCE.md")
	require.NoError(t, err)
	defer f.Close()
	row := regexp.MustCompile("^\\| `([^`]+)` \\|.*\\| `([0-9a-f]{64})` \\|$")
	listed := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		m := row.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		raw, err := os.ReadFile(m[1])
		require.NoError(t, err)
		sum := sha256.Sum256(raw)
		require.Equal(t, m[2], hex.EncodeToString(sum[:]), m[1])
		listed[m[1]] = true
	}
	require.NotEmpty(t, listed)
	filepath.Walk("nist", func(p string, info os.FileInfo, err error) error {
		require.NoError(t, err)
		if !info.IsDir() {
			require.True(t, listed[p], "%s has no PROVENANCE.md row", p)
		}
		return nil
	})
}
