package validate

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	_ "github.com/xarchlab/xarch/family/all/host" // the families' ops and param rules
	"github.com/xarchlab/xarch/wire"
)

func h(n int, b byte) []byte { return []byte(strings.Repeat(string([]byte{b}), n)) }

// Every rule the runner enforces on op params is refused here first, as a
// usage Error; valid requests pass.
func TestOpRules(t *testing.T) {
	k16, iv16, blk := h(16, 1), h(16, 2), h(16, 3)
	for _, c := range []struct {
		op     string
		params map[string][]byte
		in     []byte
		pieces string
		want   string // "" = valid
	}{
		{"aes-cbc-enc", map[string][]byte{"key": k16, "iv": iv16}, blk, "", ""},
		{"aes-cbc-enc", map[string][]byte{"key": h(15, 1), "iv": iv16}, blk, "", "AES key must be 16, 24 or 32 bytes, got 15"},
		{"aes-ctr-enc", map[string][]byte{"key": k16, "iv": h(8, 1)}, blk, "", "needs a 16-byte iv, got 8"},
		{"aes-ecb-enc", map[string][]byte{"key": k16, "iv": iv16}, blk, "", "takes no iv"},
		{"aes-ecb-enc", map[string][]byte{"key": k16}, h(17, 0), "", "whole 16-byte blocks"},
		{"aes-cbc-enc", map[string][]byte{"key": k16, "iv": iv16, "nonce": k16}, blk, "", "--param nonce: aes-cbc-enc takes key, iv"},
		{"aes-gcm-seal", map[string][]byte{"key": k16, "iv": h(12, 0), "taglen": {16}}, blk, "", ""},
		{"aes-gcm-seal", map[string][]byte{"key": k16, "iv": nil, "taglen": {16}}, blk, "", "iv must not be empty"},
		{"aes-gcm-seal", map[string][]byte{"key": k16, "iv": h(12, 0), "taglen": {17}}, blk, "", "tag length must be 4..16 bytes, got 17"},
		{"aes-gcm-seal", map[string][]byte{"key": k16, "iv": h(12, 0), "taglen": {1, 2}}, blk, "", "taglen must be one byte"},
		{"aes-gcm-open", map[string][]byte{"key": k16, "iv": h(12, 0), "taglen": {16}}, h(15, 0), "", "shorter than the 16-byte tag: rejected"},
		{"mont-mul", map[string][]byte{"modulus": {0x0d}}, []byte{3, 4}, "", ""},
		{"mont-mul", map[string][]byte{"modulus": {0x0c}}, []byte{3, 4}, "", "modulus is even"},
		{"mont-mul", map[string][]byte{"modulus": {0x00}}, []byte{0, 0}, "", "leading zero"},
		{"mont-mul", map[string][]byte{"modulus": nil}, nil, "", "modulus is empty"},
		{"mont-mul", map[string][]byte{"modulus": {1}}, []byte{0, 0}, "", "modulus is 1"},
		{"mont-mul", map[string][]byte{"modulus": {0x0d}}, []byte{3, 13}, "", "y is not below the modulus"},
		{"mont-mul", map[string][]byte{"modulus": {0x0d}}, []byte{3}, "", "takes x || y, 1 bytes each"},
		{"mod-exp", map[string][]byte{"modulus": {0x0d}, "exponent": {3}}, []byte{14}, "", "x is not below the modulus"},
		{"sha256", nil, h(5, 0), "1,0,2", ""},
		{"sha256", nil, h(5, 0), "0,0", "every size is 0"},
		{"sha256", nil, h(5, 0), "3,-1", `"-1" is not a size`},
		{"sha256", nil, h(5, 0), "x", `"x" is not a size`},
		{"aes-cbc-enc", map[string][]byte{"key": k16, "iv": iv16}, blk, "8", "8 is not a whole number of 16-byte units"},
		{"mont-mul", map[string][]byte{"modulus": {0x0d}}, []byte{3, 4}, "1", "cannot be fed in pieces"},
		{"sha999", nil, nil, "", `--op "sha999": no such op`},
	} {
		err := Op(c.op, c.params, c.in, c.pieces)
		if c.want == "" {
			require.NoError(t, err, "%s %v", c.op, c.params)
			continue
		}
		require.Error(t, err, "%s %v %x %q", c.op, c.params, c.in, c.pieces)
		require.Contains(t, err.Error(), c.want)
		require.True(t, Is(err), "%v is not a usage error", err)
	}
}

func TestImplFilterAndMatched(t *testing.T) {
	require.NoError(t, ImplFilter("sha256/generic,aes/,*/generic"))
	require.ErrorContains(t, ImplFilter("nope/"), `no family "nope"`)
	require.ErrorContains(t, ImplFilter("sha256"), "name a level")
	require.ErrorContains(t, ImplFilter("*/"), "name a level after */")
	levels := []string{"sha256/generic", "sha512/avx2", "sha512/generic"}
	require.NoError(t, Matched("sha512/,*/generic,sha512/avx2", levels))
	require.NoError(t, Matched("sha512/avx", nil), "no runner: nothing to judge")
	err := Matched("sha256/generic,sha512/avx", levels)
	require.ErrorContains(t, err, `--impl "sha512/avx" matches no implementation`)
	require.ErrorContains(t, err, "sha512/avx2, sha512/generic")
	require.True(t, Is(err))
}

func TestMaskOfAnotherArch(t *testing.T) {
	table, err := ci.Load()
	require.NoError(t, err)
	require.NoError(t, Mask("avx2,shani", []string{"amd64"}, table))
	require.NoError(t, Mask("all", []string{"amd64", "arm64"}, table))
	require.NoError(t, Mask("nosuch", []string{"amd64"}, table), "unknown everywhere: the runner's to refuse")
	require.ErrorContains(t, Mask("avx2", []string{"arm64"}, table), "avx2 is a feature of amd64, not of arm64")
}

func TestSpeedAndTune(t *testing.T) {
	require.NoError(t, SpeedSizes([]string{"aes-128-cbc", "sha256"}, []int{16, 8192}))
	require.ErrorContains(t, SpeedSizes([]string{"aes-128-cbc"}, []int{100}), "--bytes 100: aes-128-cbc takes whole 16-byte blocks")
	require.ErrorContains(t, SpeedSizes([]string{"sha256"}, []int{wire.SpeedMaxSize + 1}), "want 1..")
	n, err := TuneValue("x:y=5", "5")
	require.NoError(t, err)
	require.Equal(t, 5, n)
	_, err = TuneValue("x:y=1e20", "1e20")
	require.ErrorContains(t, err, `"1e20" is not a whole number in 0..2147483647`)
	_, err = TuneValue("x:y=99999999999", "99999999999")
	require.ErrorContains(t, err, "0..2147483647")
	im := wire.ImplInfo{Name: "aes-gcm/x", Tuning: []wire.Tuning{{Name: "wide_min_bytes", Tunable: true}, {Name: "interleave"}}}
	require.NoError(t, Tuning(im, "wide_min_bytes"))
	require.ErrorContains(t, Tuning(im, "interleave"), "tunable: wide_min_bytes")
	require.ErrorContains(t, Variant("nope", []string{"one", "head"}), `--variant "nope": no such variant (variants: one, head)`)
	require.NoError(t, Variant("head", []string{"one", "head"}))
}
