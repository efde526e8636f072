package speed

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/wire"
)

// speed's --impl is the one selector's grammar: families and */level
// too, planted levels only when named.
func TestSelectImplsGrammar(t *testing.T) {
	info := wire.Info{Arch: "amd64", Best: map[string]string{"sha256": "sha256/shani"}, Impls: []wire.ImplInfo{
		{Name: "sha256/shani", Alg: "sha256", Usable: true, Rank: 30},
		{Name: "sha256/generic", Alg: "sha256", Usable: true},
		{Name: "sha256/avx2", Alg: "sha256", Why: "missing feature avx2"},
		{Name: "sha256/planted-slow", Alg: "sha256", Usable: true, Planted: true, Rank: -1},
		{Name: "aes/generic", Alg: "aes", Usable: true},
	}}
	alg := &Alg{Name: "sha256", Family: "sha256"}
	names := func(impls []string, planted bool) ([]string, []string) {
		rows, skips, err := selectImpls(info, alg, impls, planted)
		require.NoError(t, err, "%v", impls)
		var r, s []string
		for _, x := range rows {
			r = append(r, x.Name)
		}
		for _, x := range skips {
			s = append(s, x.Name)
		}
		return r, s
	}
	rows, skips := names(nil, true)
	require.Equal(t, []string{"sha256/shani", "sha256/generic"}, rows, "all: no planted level even with --planted")
	require.Equal(t, []string{"sha256/avx2"}, skips)
	rows, _ = names([]string{"sha256/"}, true)
	require.Equal(t, []string{"sha256/shani", "sha256/generic"}, rows, "a family names no planted level")
	rows, _ = names([]string{"*/generic"}, false)
	require.Equal(t, []string{"sha256/generic"}, rows)
	rows, _ = names([]string{"sha256/generic", "sha256/planted-slow"}, true)
	require.Equal(t, []string{"sha256/generic", "sha256/planted-slow"}, rows)
	rows, _ = names([]string{"aes/generic"}, false)
	require.Empty(t, rows, "another family's level is no row of this one, and no error")

	_, _, err := selectImpls(info, alg, []string{"sha256/nope"}, false)
	require.ErrorContains(t, err, "--impl sha256/nope: no sha256 implementation of that name on amd64 (known: sha256/avx2, sha256/generic, sha256/planted-slow, sha256/shani")
}
