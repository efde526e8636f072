package host

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/oracle/ref"
)

// stdCrypt runs a whole message through the reference (crypto/aes +
// crypto/cipher, oracle/ref).
func stdCrypt(t *testing.T, mode string, decrypt bool, key, iv, in []byte) []byte {
	out, err := ref.AESCrypt(mode, decrypt, key, iv, in)
	require.NoError(t, err)
	return out
}

// TestAESFilesAgreeWithCryptoAES parses every KAT and MMT file and checks
// each case with the standard library: the parser gets directions, fields
// and lengths right.
func TestAESFilesAgreeWithCryptoAES(t *testing.T) {
	files := AESFiles()
	require.Len(t, files, 4*6*3+1)
	for _, f := range files {
		if f.Kind == "MCT" || f.Kind == "CTR" {
			continue
		}
		cases, err := LoadAES(f.Path, f.Mode, f.KeyBits)
		require.NoError(t, err)
		enc, dec := 0, 0
		for _, c := range cases {
			if c.Decrypt {
				dec++
			} else {
				enc++
			}
			got := stdCrypt(t, f.Mode, c.Decrypt, c.Key, c.IV, c.In)
			require.Equal(t, hex.EncodeToString(c.Out), hex.EncodeToString(got), "%s:%d", f.Path, c.Line)
		}
		require.Equal(t, enc, dec, "%s: as many decrypt as encrypt records", f.Path)
		require.Greater(t, enc, 0, f.Path)
		if f.Kind == "MMT" {
			require.Equal(t, 10, enc)
			require.Len(t, cases[9].In, 160, "MMT message i has i blocks")
		}
	}
	c, err := LoadAES("nist/aes/CBC/CBCGFSbox128.rsp", "cbc", 128)
	require.NoError(t, err)
	require.Equal(t, 14, c[0].Line, "line of the first CIPHERTEXT")
	require.True(t, c[len(c)-1].Decrypt)
}

// TestAESMCTProcedure runs the whole AESAVS Monte Carlo procedure with
// crypto/aes for every MCT file: the inner loop as the runner runs it, the
// key shuffle and next inputs with AESMCTNext, checked against every
// record (outputs and the next record's KEY, IV and text).
func TestAESMCTProcedure(t *testing.T) {
	for _, f := range AESFiles() {
		if f.Kind != "MCT" {
			continue
		}
		m, err := LoadAESMCT(f.Path, f.Mode, f.KeyBits)
		require.NoError(t, err)
		for _, list := range [][]AESCase{m.Encrypt, m.Decrypt} {
			require.Len(t, list, 100, f.Path)
			key, iv, text := list[0].Key, list[0].IV, list[0].In
			for i, c := range list {
				require.Equal(t, c.Key, key, "%s:%d KEY of COUNT %d", f.Path, c.Line, i)
				require.Equal(t, c.IV, iv, "%s:%d IV of COUNT %d", f.Path, c.Line, i)
				require.Equal(t, c.In, text, "%s:%d text of COUNT %d", f.Path, c.Line, i)
				out999, out998 := mctInner(t, f.Mode, c.Decrypt, key, iv, text)
				require.Equal(t, hex.EncodeToString(c.Out), hex.EncodeToString(out999), "%s:%d", f.Path, c.Line)
				key, iv, text = AESMCTNext(f.Mode, key, out999, out998)
			}
		}
	}
}

// mctInner is the inner loop written against crypto/cipher streams that
// keep their chaining state across the 1000 one-block calls.
func mctInner(t *testing.T, mode string, decrypt bool, key, iv, text []byte) (out999, out998 []byte) {
	b, err := aes.NewCipher(key)
	require.NoError(t, err)
	var step func(dst, src []byte)
	switch {
	case mode == "ecb" && decrypt:
		step = b.Decrypt
	case mode == "ecb":
		step = b.Encrypt
	case mode == "cbc" && decrypt:
		step = cipher.NewCBCDecrypter(b, iv).CryptBlocks
	case mode == "cbc":
		step = cipher.NewCBCEncrypter(b, iv).CryptBlocks
	case mode == "ofb":
		step = cipher.NewOFB(b, iv).XORKeyStream
	case mode == "cfb128" && decrypt:
		step = cipher.NewCFBDecrypter(b, iv).XORKeyStream
	case mode == "cfb128":
		step = cipher.NewCFBEncrypter(b, iv).XORKeyStream
	}
	in := append([]byte(nil), text...)
	out, prev := make([]byte, 16), make([]byte, 16)
	for j := 0; j < 1000; j++ {
		copy(prev, out)
		step(out, in)
		switch {
		case mode == "ecb":
			copy(in, out)
		case j == 0:
			copy(in, iv)
		default:
			copy(in, prev)
		}
	}
	return out, prev
}

func TestAESCTRExample(t *testing.T) {
	cases, err := LoadAESCTR(AESCTRFile)
	require.NoError(t, err)
	require.Len(t, cases, 6)
	bits := map[int]int{}
	for _, c := range cases {
		bits[len(c.Key)*8]++
		require.Equal(t, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff", hex.EncodeToString(c.Counter), c.Title)
		require.Len(t, c.Blocks, 4)
		got := stdCrypt(t, "ctr", c.Decrypt, c.Key, c.Counter, c.In)
		require.Equal(t, hex.EncodeToString(c.Out), hex.EncodeToString(got), "%s:%d %s", c.File, c.Line, c.Title)
	}
	require.Equal(t, map[int]int{128: 2, 192: 2, 256: 2}, bits)
	require.False(t, cases[0].Decrypt)
	require.True(t, cases[1].Decrypt)
	require.Equal(t, "874d6191b620e3261bef6864990db6ce", hex.EncodeToString(cases[0].Out[:16]))

	// CRLF line endings parse the same.
	raw, err := os.ReadFile(AESCTRFile)
	require.NoError(t, err)
	crlf, err := parseAESCTR("crlf", bytes.ReplaceAll(raw, []byte("\n"), []byte("\r\n")))
	require.NoError(t, err)
	require.Equal(t, len(cases), len(crlf))
	for i := range cases {
		require.Equal(t, cases[i].Out, crlf[i].Out)
		require.Equal(t, cases[i].Line, crlf[i].Line)
	}
}

func TestAESCRLFAndLFAgree(t *testing.T) {
	dir := t.TempDir()
	raw, err := os.ReadFile("nist/aes/OFB/OFBMMT192.rsp")
	require.NoError(t, err)
	require.Contains(t, string(raw), "\r\n")
	lf := filepath.Join(dir, "lf.rsp")
	require.NoError(t, os.WriteFile(lf, bytes.ReplaceAll(raw, []byte("\r\n"), []byte("\n")), 0o644))
	a, err := LoadAES("nist/aes/OFB/OFBMMT192.rsp", "ofb", 192)
	require.NoError(t, err)
	b, err := LoadAES(lf, "ofb", 192)
	require.NoError(t, err)
	require.Equal(t, len(a), len(b))
	for i := range a {
		require.Equal(t, a[i].Out, b[i].Out)
		require.Equal(t, a[i].Line, b[i].Line)
		require.Equal(t, a[i].Decrypt, b[i].Decrypt)
	}
}

func TestAESMalformedFilesNameTheLine(t *testing.T) {
	k16, b16 := strings.Repeat("00", 16), strings.Repeat("11", 16)
	cases := []struct{ mode, body, want string }{
		{"ecb", "COUNT = 0\nKEY = " + k16 + "\nPLAINTEXT = " + b16 + "\nCIPHERTEXT = " + b16 + "\n",
			"bad.rsp:1: record is not inside an [ENCRYPT] or [DECRYPT] section"},
		{"ecb", "[ENCRYPT]\n\nCOUNT = 0\nKEY = 0011\nPLAINTEXT = " + b16 + "\nCIPHERTEXT = " + b16 + "\n",
			"bad.rsp:4: KEY has 2 bytes, expected 16 for AES-128"},
		{"ecb", "[ENCRYPT]\n\nCOUNT = 0\nKEY = " + k16 + "\nIV = " + b16 + "\nPLAINTEXT = " + b16 + "\nCIPHERTEXT = " + b16 + "\n",
			"bad.rsp:5: ECB record has an IV"},
		{"cbc", "[ENCRYPT]\n\nCOUNT = 0\nKEY = " + k16 + "\nPLAINTEXT = " + b16 + "\nCIPHERTEXT = " + b16 + "\n",
			"bad.rsp:3: record has no \"IV\" field"},
		{"cbc", "[DECRYPT]\n\nCOUNT = 0\nKEY = " + k16 + "\nIV = " + b16 + "\nCIPHERTEXT = 00\nPLAINTEXT = 00\n",
			"bad.rsp:6: CIPHERTEXT has 1 bytes, expected a non-zero multiple of 16"},
		{"cbc", "[DECRYPT]\n\nCOUNT = 0\nKEY = " + k16 + "\nIV = " + b16 + "\nCIPHERTEXT = " + b16 + "\nPLAINTEXT = " + b16 + b16 + "\n",
			"bad.rsp:7: PLAINTEXT has 32 bytes, expected 16 like CIPHERTEXT"},
		{"cbc", "[DECRYPT]\n\nCOUNT = 0\nKEY = " + k16 + "\nIV = " + b16 + "\nPLAINTEXT = " + b16 + "\n",
			"bad.rsp:3: record has no \"CIPHERTEXT\" field"},
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "bad.rsp")
	for _, c := range cases {
		require.NoError(t, os.WriteFile(p, []byte(c.body), 0o644))
		_, err := LoadAES(p, c.mode, 128)
		require.Error(t, err, c.body)
		require.Contains(t, err.Error(), filepath.Join(dir, c.want), c.body)
	}
	// MCT records out of order (vectors.CheckCounts).
	body := "[ENCRYPT]\n\nCOUNT = 1\nKEY = " + k16 + "\nPLAINTEXT = " + b16 + "\nCIPHERTEXT = " + b16 + "\n"
	require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	_, err := LoadAESMCT(p, "ecb", 128)
	require.ErrorContains(t, err, "bad.rsp:3: COUNT = 1: expected COUNT = 0")
}

func TestAESCTRMalformedNamesTheLine(t *testing.T) {
	raw, err := os.ReadFile(AESCTRFile)
	require.NoError(t, err)
	lines := strings.Split(string(raw), "\n")
	find := func(prefix string, nth int) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				if nth == 0 {
					return i
				}
				nth--
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	edit := func(i int, l string) []byte {
		c := append([]string(nil), lines...)
		c[i] = l
		return []byte(strings.Join(c, "\n"))
	}
	in2 := find("InputBlock", 1)
	out1 := find("Text-Out", 0)
	key := find("Key is", 0) + 1
	for _, c := range []struct {
		body []byte
		want string
	}{
		{edit(in2, "InputBlock F0F1F2F3 F4F5F6F7 F8F9FAFB FCFDFF01 "), "block #2: InputBlock f0f1f2f3f4f5f6f7f8f9fafbfcfdff01 is not the previous counter + 1"},
		{edit(out1, "Text-Out 874D6191 B620E326 1BEF6864 990DB6CF "), "block #1: Text-In/Text-Out differ from the message paragraphs"},
		{edit(key, "2B7E1516 28AED2A6 ABF71588"), "CTR-AES128 (Encryption): key has 12 bytes, expected 16"},
		{edit(key, "2B7E1516 28AED2A6 ABF71588 09CF4F3G"), "expected hex groups"},
		{edit(find("Block #2", 0), "Block #3"), "expected \"Block #2\", got \"Block #3\""},
		{edit(find("CTR-AES192", 0), "CTR-AES193 (Encryption)"), "expected a title"},
	} {
		_, err := parseAESCTR("ctr.txt", c.body)
		require.Error(t, err, c.want)
		require.Contains(t, err.Error(), c.want)
		require.Regexp(t, `^ctr\.txt:\d+: `, err.Error())
	}
	// The exact line is named.
	_, err = parseAESCTR("ctr.txt", edit(key, "2B7E1516 28AED2A6 ABF71588 09CF4F3G"))
	require.ErrorContains(t, err, fmt.Sprintf("ctr.txt:%d:", key+1))
}
