package main

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Usage mistakes the runner used to be the first to see (exit 1 after a
// build) are refused by the host's validation layer: exit 2, the rule in
// the message, and no runner built or started (the cache stays empty).
func TestHostileUsageErrorsBeforeAnyBuild(t *testing.T) {
	bin := xarchBin(t)
	k16, iv16, blk := "00000000000000000000000000000000", "00000000000000000000000000000000", "00000000000000000000000000000000"
	run := func(impl, op string, rest ...string) []string {
		return append([]string{"run", "--arch", "amd64", "--model", "native", "--impl", impl, "--op", op}, rest...)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{run("aes/generic", "aes-cbc-enc", "--param", "key=00", "--param", "iv="+iv16, "--in", blk), "AES key must be 16, 24 or 32 bytes, got 1"},
		{run("aes/generic", "aes-cbc-enc", "--param", "key="+k16, "--param", "iv=00", "--in", blk), "needs a 16-byte iv, got 1"},
		{run("aes/generic", "aes-ecb-enc", "--param", "key="+k16, "--in", "0000"), "whole 16-byte blocks"},
		{run("aes-gcm/generic", "aes-gcm-seal", "--param", "key="+k16, "--param", "iv=00", "--param", "taglen=03", "--in", "00"), "tag length must be 4..16 bytes, got 3"},
		{run("aes-gcm/generic", "aes-gcm-open", "--param", "key="+k16, "--param", "iv=00", "--param", "taglen=10", "--in", "00"), "shorter than the 16-byte tag: rejected"},
		{run("mont/generic", "mont-mul", "--param", "modulus=0c", "--in", "0102"), "modulus is even"},
		{run("mont/generic", "mont-mul", "--param", "modulus=00", "--in", "0000"), "leading zero"},
		{run("mont/generic", "mont-mul", "--param", "modulus=01", "--in", "0000"), "modulus is 1"},
		{run("mont/generic", "mont-mul", "--param", "modulus=0d", "--in", "0e01"), "x is not below the modulus"},
		{run("sha256/generic", "sha256", "--in", "00", "--pieces", "0,-1"), `"-1" is not a size`},
		{run("sha256/generic", "sha256", "--in", "00", "--pieces", "0,0"), "every size is 0"},
		{[]string{"fuzz", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic", "--case", "1", "--variant", "sideways"}, `--variant "sideways": no such variant`},
		{[]string{"speed", "--alg", "aes-128-cbc", "--bytes", "100"}, "--bytes 100: aes-128-cbc takes whole 16-byte blocks"},
		{[]string{"speed", "--alg", "sha256", "--bytes", "99999999999"}, "want 1.."},
		{[]string{"speed", "--tune", "aes-gcm/vaes256:wide_min_bytes=1e20"}, "is not a whole number in 0..2147483647"},
		{[]string{"test", "--arch", "arm64", "--model", "max", "--impl", "sha256/generic", "--mask", "avx2"}, "avx2 is a feature of amd64, not of arm64"},
		{[]string{"test", "--arch", "amd64", "--model", "native", "--impl", "nope/"}, `no family "nope"`},
		{[]string{"fuzz", "--arch", "amd64", "--model", "native", "--impl", "nope/"}, `no family "nope"`},
	} {
		cache := t.TempDir()
		out, code := runXarch(t, bin, []string{"XARCH_CACHE=" + cache}, c.args...)
		require.Equal(t, 2, code, "%v:\n%s", c.args, out)
		require.Contains(t, out, c.want, "%v", c.args)
		built, _ := filepath.Glob(filepath.Join(cache, "runners", "*"))
		require.Empty(t, built, "%v built a runner before refusing", c.args)
	}
}

// A selection that matches no level of the runners exits 2, naming the
// levels there are (it used to print one SKIPPED row and pass).
func TestHostileSelectionMatchingNothingExits2(t *testing.T) {
	bin := xarchBin(t)
	for _, args := range [][]string{
		{"test", "--arch", "amd64", "--model", "native", "--impl", "sha512/avx", "--fuzz-cases", "-1"},
		{"fuzz", "--arch", "amd64", "--model", "native", "--impl", "sha512/avx", "--cases", "1"},
		{"test", "--arch", "amd64", "--model", "native", "--impl", "sha256/generic,sha512/avx", "--fuzz-cases", "-1"},
	} {
		out, code := runXarch(t, bin, nil, args...)
		require.Equal(t, 2, code, "%v:\n%s", args, out)
		require.Contains(t, out, `--impl "sha512/avx" matches no implementation`)
		require.Contains(t, out, "sha512/generic")
	}
	// --tune names come from the runner's hello: refused before timing.
	out, code := runXarch(t, bin, nil, "speed", "--alg", "sha256", "--tune", "sha256/generic:nope=1", "--count", "1", "--peers", "none")
	require.Equal(t, 2, code, out)
	require.Contains(t, out, "nope is not a constant it reads at run time")
}
