package main

import (
	"encoding/hex"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/driver"
)

// The --vector lines the AES suites print resolve to the right record.
func TestLoadAESVector(t *testing.T) {
	root, err := driver.FindRoot(".")
	require.NoError(t, err)
	dir := filepath.Join(root, "vectors")

	x, err := loadAESVector(dir, "nist/aes/CBC/CBCMCT192.rsp:14")
	require.NoError(t, err)
	require.True(t, x.mct)
	require.False(t, x.decrypt)
	require.Equal(t, "cbc", x.mode)
	require.Equal(t, "ae6302d22da9458117f5681431fc80df", hex.EncodeToString(x.expected))

	x, err = loadAESVector(dir, filepath.Join(dir, "nist/aes/CTR/AES_CTR.txt")+":64")
	require.NoError(t, err)
	require.Equal(t, "ctr", x.mode)
	require.Len(t, x.data, 64)
	require.Equal(t, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", hex.EncodeToString(x.iv))

	x, err = loadAESVector(dir, "nist/aes/ECB/ECBGFSbox128.rsp:13")
	require.NoError(t, err)
	require.False(t, x.mct)
	require.Nil(t, x.iv)

	for spec, want := range map[string]string{
		"nist/aes/ECB/ECBGFSbox128.rsp:12": "no record's expected output is on line 12",
		"nist/sha/SHA256Monte.rsp:10":      "not one of the AES vector files",
		"nist/aes/ECB/ECBGFSbox128.rsp":    "expected FILE:LINE",
	} {
		_, err := loadAESVector(dir, spec)
		require.ErrorContains(t, err, want, spec)
	}
}
