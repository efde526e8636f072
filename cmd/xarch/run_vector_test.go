package main

import (
	"encoding/hex"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/driver"
)

// The --vector lines the suites print resolve to the right record, for
// every file-based kind.
func TestLoadVectorEveryKind(t *testing.T) {
	root, err := driver.FindRoot(".")
	require.NoError(t, err)
	dir := filepath.Join(root, "vectors")
	load := func(spec string) runInput {
		t.Helper()
		x, err := loadVector(dir, spec, "", &aesFlags{})
		require.NoError(t, err, spec)
		return x
	}

	x := load("nist/aes/CBC/CBCMCT192.rsp:14")
	require.True(t, x.mct)
	require.Equal(t, "aes-cbc-enc", x.op)
	require.Equal(t, "ae6302d22da9458117f5681431fc80df", hex.EncodeToString(x.expected))

	x = load(filepath.Join(dir, "nist/aes/CTR/AES_CTR.txt") + ":64")
	require.Equal(t, "aes-ctr-enc", x.op)
	require.Len(t, x.data, 64)
	require.Equal(t, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", hex.EncodeToString(x.ordered[1]))

	x = load("nist/aes/ECB/ECBGFSbox128.rsp:13")
	require.False(t, x.mct)
	require.Nil(t, x.ordered[1], "ECB has no IV")

	x = load("nist/sha/SHA256ShortMsg.rsp:10")
	require.Equal(t, "sha256", x.op)
	require.Empty(t, x.data, "Len = 0")
	require.Equal(t, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", hex.EncodeToString(x.expected))

	x = load("nist/sha/SHA256Monte.rsp:10")
	require.True(t, x.mct, "a Monte checkpoint is one Monte Carlo step")
	require.Len(t, x.expected, 32)

	// GCMVS decrypt: line 19 is a PT record, line 27 a FAIL record.
	x = load("nist/gcm/gcmDecrypt128.rsp:19")
	require.Equal(t, "aes-gcm-open", x.op)
	require.Len(t, x.ordered, 4)
	require.Equal(t, []byte{0x01}, x.expected, "authenticates, with the empty plaintext")
	x = load("nist/gcm/gcmDecrypt128.rsp:27")
	require.Equal(t, []byte{0x00}, x.expected, "FAIL: authentication must fail")
	x = load("nist/gcm/gcmEncryptExtIV128.rsp:19")
	require.Equal(t, "aes-gcm-seal", x.op)

	// RSA SigVer: line 20 is Result = F, line 44 Result = P.
	x = load("nist/rsa/186-2/SigVer15_186-3.rsp:20")
	require.Equal(t, "rsa-verify", x.op)
	require.Equal(t, []byte{0x00}, x.expected)
	require.Equal(t, "sha1", string(x.ordered[2]), "the section's SHAAlg")
	x = load("nist/rsa/186-2/SigVer15_186-3.rsp:44")
	require.Equal(t, []byte{0x01}, x.expected)

	for spec, want := range map[string]string{
		"nist/aes/ECB/ECBGFSbox128.rsp:12":                                          "no record's expected output is on line 12",
		"nist/gcm/gcmDecrypt128.rsp:18":                                             "no record's expected answer (PT, FAIL or Tag) is on line 18",
		"nist/rsa/186-2/SigVer15_186-3.rsp:19":                                      "no record's Result is on line 19",
		"nist/aes/ECB/ECBGFSbox128.rsp":                                             "expected FILE:LINE",
		"nist/nowhere.rsp:3":                                                        "no such file",
		"edges: lengths around Tuning, CTR c:1":                                     "no such file",
		"edges: lengths around Tuning, CTR carry (expected from host crypto/aes):1": "has no records to replay",
	} {
		_, err := loadVector(dir, spec, "", &aesFlags{})
		require.ErrorContains(t, err, want, spec)
	}
	_, err = loadVector(dir, "nist/gcm/gcmDecrypt128.rsp:19", "aes-gcm-seal", &aesFlags{})
	require.ErrorContains(t, err, "--op aes-gcm-seal, but nist/gcm/gcmDecrypt128.rsp:19 is an aes-gcm-open record")
	_, err = loadVector(dir, "nist/aes/ECB/ECBGFSbox128.rsp:13", "", &aesFlags{mode: "cbc"})
	require.ErrorContains(t, err, "--mode cbc")
}

// `xarch run --vector` reproduces a GCMVS decrypt record (a PT one and a
// FAIL one) and RSA SigVer records (P and F) on the native generic levels.
func TestRunReproducesGCMAndRSARecords(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("native run on amd64 hosts")
	}
	bin := xarchBin(t)
	for _, c := range []struct{ impl, spec string }{
		{"aes-gcm/generic", "nist/gcm/gcmDecrypt128.rsp:19"},
		{"aes-gcm/generic", "nist/gcm/gcmDecrypt128.rsp:27"},
		{"aes-gcm/generic", "nist/gcm/gcmEncryptExtIV128.rsp:19"},
		{"mont/generic", "nist/rsa/186-2/SigVer15_186-3.rsp:20"},
		{"mont/generic", "nist/rsa/186-2/SigVer15_186-3.rsp:44"},
		{"mont/generic", "nist/rsa/186-3/SigGen15_186-3.rsp:12"},
	} {
		out, err := exec.Command(bin, "run", "--arch", "amd64", "--model", "native", "--impl", c.impl, "--vector", c.spec).CombinedOutput()
		require.NoError(t, err, "%s %s: %s", c.impl, c.spec, out)
		require.Contains(t, string(out), "matches the vector", c.spec)
	}
}
