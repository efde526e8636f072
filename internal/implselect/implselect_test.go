package implselect

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMatchGrammar(t *testing.T) {
	for _, c := range []struct {
		spec, name string
		want       bool
	}{
		{"", "sha256/generic", true},
		{"all", "aes/aesni", true},
		{"sha256/generic", "sha256/generic", true},
		{"sha256/generic", "sha256/avx2", false},
		{"sha256/", "sha256/avx2", true},
		{"sha256/", "sha512/avx2", false},
		{"sha", "sha256/avx2", false},
		{"*/generic", "mont/generic", true},
		{"*/generic", "mont/generic2", false},
		{" aes/ , */avx2 ", "sha256/avx2", true},
		{" aes/ , */avx2 ", "aes/ctr", true},
		{"sha256/gen", "sha256/generic", false},
	} {
		require.Equal(t, c.want, Match(c.spec, false, c.name, false), "%q selects %s", c.spec, c.name)
		require.Equal(t, c.want, Match(c.spec, true, c.name, false), "--planted changes nothing for %s", c.name)
	}
}

// Planted levels run only when named, and only with --planted.
func TestMatchPlanted(t *testing.T) {
	const p = "sha256/planted-hang"
	for _, c := range []struct {
		spec string
		want bool
	}{
		{"", false},
		{"all", false},
		{"sha256/", false},
		{"sha256/planted-hang", true},
		{"*/planted-hang", true},
		{"sha256/generic,sha256/planted-hang", true},
		{"sha256/generic", false},
	} {
		require.Equal(t, c.want, Match(c.spec, true, p, true), "--planted --impl %q", c.spec)
		require.False(t, Match(c.spec, false, p, true), "--impl %q without --planted", c.spec)
	}
}

func TestCheckAndExact(t *testing.T) {
	require.NoError(t, Check(""))
	require.NoError(t, Check("all,sha256/,*/generic,aes/aesni"))
	require.ErrorContains(t, Check("sha256/generic,sha256"), `--impl "sha256": name a level (sha256/generic)`)
	require.Equal(t, []string{"sha256/avx2", "aes/aesni"}, Exact("all, sha256/avx2 ,aes/,*/generic,aes/aesni"))
	require.Nil(t, Exact("all"))
}
