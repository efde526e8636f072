package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/vectors"
)

func TestVendoredSHAFilesParse(t *testing.T) {
	for _, name := range []string{"SHA256", "SHA224"} {
		size := map[string]int{"SHA256": 32, "SHA224": 28}[name]
		for _, f := range SHAFiles(name) {
			if f.Monte {
				mc, err := LoadMonte(f.Path, size)
				require.NoError(t, err)
				require.Len(t, mc.Checkpoints, 100)
				continue
			}
			cases, err := LoadHash(f.Path, size)
			require.NoError(t, err)
			require.GreaterOrEqual(t, len(cases), 64, f.Path)
		}
	}
	short, err := LoadHash("nist/sha/SHA256ShortMsg.rsp", 32)
	require.NoError(t, err)
	require.Empty(t, short[0].Msg, "Len = 0 is the empty message")
	require.Equal(t, 10, short[0].Line)
}

func TestCRLFAndLFAgree(t *testing.T) {
	raw, err := os.ReadFile("nist/sha/SHA256ShortMsg.rsp")
	require.NoError(t, err)
	require.Contains(t, string(raw), "\r\n", "vendored files keep NIST's CRLF")
	a, err := vectors.Parse("crlf", strings.NewReader(string(raw)))
	require.NoError(t, err)
	b, err := vectors.Parse("lf", strings.NewReader(strings.ReplaceAll(string(raw), "\r\n", "\n")))
	require.NoError(t, err)
	require.Equal(t, len(a), len(b))
	for i := range a {
		require.Equal(t, a[i].Fields, b[i].Fields)
	}
}

func TestMalformedFilesNameTheLine(t *testing.T) {
	cases := []struct{ body, want string }{
		{"[L = 32]\n\nLen = 8\nMsg = zz\nMD = 00\n", "bad.rsp:4: Msg = \"zz\": expected hex digits"},
		{"[L = 32]\n\nLen = eight\nMsg = 00\nMD = 00\n", "bad.rsp:3: Len = \"eight\": expected a non-negative decimal integer"},
		{"Len = 8\nMsg = 0011\nMD = " + strings.Repeat("00", 32) + "\n", "bad.rsp:2: Msg has 2 bytes, expected Len/8 = 1"},
		{"Len = 8\nMsg = 00\nMD = 0011\n", "bad.rsp:3: MD has 2 bytes, expected 32"},
		{"Len = 8\nMD = 00\n", "bad.rsp:1: record has no \"Msg\" field"},
		{"[L = 32\n", "bad.rsp:1: expected a section header"},
		{"Len = 8\nthis is not a field\n", "bad.rsp:2: expected \"key = value\""},
		{"# only comments\n", "bad.rsp:1: no vectors found"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		p := filepath.Join(dir, "bad.rsp")
		require.NoError(t, os.WriteFile(p, []byte(c.body), 0o644))
		_, err := LoadHash(p, 32)
		require.Error(t, err, c.body)
		require.Contains(t, err.Error(), filepath.Join(dir, c.want[:strings.Index(c.want, ":")]))
		require.Contains(t, err.Error(), c.want[len("bad.rsp"):], c.body)
	}
	p := filepath.Join(dir, "m.rsp")
	require.NoError(t, os.WriteFile(p, []byte("Seed = "+strings.Repeat("00", 32)+"\n\nCOUNT = 1\nMD = "+strings.Repeat("00", 32)+"\n"), 0o644))
	_, err := LoadMonte(p, 32)
	require.ErrorContains(t, err, "m.rsp:3: COUNT = 1: expected 0")
}
