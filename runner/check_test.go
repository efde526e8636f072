package runner

import (
	cryptoaes "crypto/aes"
	"crypto/cipher"
	cryptosha256 "crypto/sha256"
	"encoding/binary"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/sha256"
)

// Test-only broken levels, registered for this package's tests only.
func init() {
	arch.Register(
		&arch.Impl{Name: "sha256/test-overread", Alg: sha256.Name, Arch: "generic", Rank: -1, Planted: true,
			Funcs: &sha256.Funcs{Block: func(h *[8]uint32, p []byte) {
				sha256.GenericBlock(h, p)
				testSink ^= *(*byte)(unsafe.Add(unsafe.Pointer(&p[0]), len(p)))
			}}},
		&arch.Impl{Name: "sha256/test-underread", Alg: sha256.Name, Arch: "generic", Rank: -1, Planted: true,
			Funcs: &sha256.Funcs{Block: func(h *[8]uint32, p []byte) {
				sha256.GenericBlock(h, p)
				testSink ^= *(*byte)(unsafe.Add(unsafe.Pointer(&p[0]), -3))
			}}},
		&arch.Impl{Name: "sha256/test-scribble", Alg: sha256.Name, Arch: "generic", Rank: -1, Planted: true,
			Funcs: &sha256.Funcs{Block: func(h *[8]uint32, p []byte) {
				sha256.GenericBlock(h, p)
				p[0] ^= 1 // writes its input
			}}},
		&arch.Impl{Name: "sha256/test-panic", Alg: sha256.Name, Arch: "generic", Rank: -1, Planted: true,
			Funcs: &sha256.Funcs{Block: func(h *[8]uint32, p []byte) { panic("boom") }}},
		// ECB encryption that writes one byte after dst.
		&arch.Impl{Name: "aes/test-overwrite", Alg: aes.Name, Arch: "generic", Rank: -1, Planted: true,
			Funcs: &aes.Funcs{Decrypt: aes.GenericDecrypt, Encrypt: func(k *aes.Key, dst, src []byte) {
				aes.GenericEncrypt(k, dst, src)
				if len(dst) > 0 {
					*(*byte)(unsafe.Add(unsafe.Pointer(&dst[0]), len(dst))) = 0x5a
				}
			}}},
	)
}

var testSink byte

func pack(parts ...[]byte) []byte {
	var out []byte
	for _, p := range parts {
		var l [4]byte
		binary.LittleEndian.PutUint32(l[:], uint32(len(p)))
		out = append(append(out, l[:]...), p...)
	}
	return out
}

// check sends one check request through Serve (which turns faults into
// panics) and returns the per-variant answers, or the error response.
func check(t *testing.T, impl, op, variants string, payload []byte) ([][]byte, string) {
	t.Helper()
	s, err := New("")
	require.NoError(t, err)
	resps, err := exchange(t, s, nil, [][]byte{[]byte("check"), []byte(impl), []byte(op), []byte(variants), payload})
	require.NoError(t, err)
	require.Len(t, resps, 1)
	if string(resps[0][0]) == "error" {
		return nil, string(resps[0][1])
	}
	return resps[0][1:], ""
}

// requireFaultAt checks a fault answer names the distance, unless the
// platform gave no fault address (qemu-ppc64le does not fill DAR).
func requireFaultAt(t *testing.T, r []byte, where string) {
	t.Helper()
	require.Equal(t, byte(CheckFault), r[0], "%s", r[1:])
	if strings.Contains(string(r[1:]), "address not reported") {
		t.Logf("no fault address here: %s", r[1:])
		return
	}
	require.Contains(t, string(r[1:]), where)
}

func msg(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + 3)
	}
	return b
}

func TestCheckHashVariantsAgree(t *testing.T) {
	for _, n := range []int{0, 1, 55, 63, 64, 65, 127, 128, 1000, 4096} {
		m := msg(n)
		want := cryptosha256.Sum256(m)
		vs := "one end - -\nhead start+0 - -\nmisalign start+5 - -\nchunks end - 1,0,63,64,7\nchunks2 start+15 - 3,3,3"
		res, errMsg := check(t, "sha256/generic", "sha256", vs, pack(m))
		require.Empty(t, errMsg)
		require.Len(t, res, 5)
		for i, r := range res {
			require.Equal(t, byte(CheckOK), r[0], "n=%d variant %d: %s", n, i, r[1:])
			require.Equal(t, want[:], r[1:], "n=%d variant %d", n, i)
		}
		w224 := cryptosha256.Sum224(m)
		res, _ = check(t, "sha256/generic", "sha224", "chunks end - 17", pack(m))
		require.Equal(t, append([]byte{CheckOK}, w224[:]...), res[0])
	}
}

// A read one byte past the input faults on the trailing guard page only
// when the input is flush against it, and the answer names the variant's
// buffer and the distance; the next variant still runs.
func TestCheckGuardPagesCatchOverread(t *testing.T) {
	m := msg(128)
	res, errMsg := check(t, "sha256/test-overread", "sha256", "one end - -\nhead start+0 - -", pack(m))
	require.Empty(t, errMsg)
	requireFaultAt(t, res[0], "the first byte past the end of the input")
	require.Equal(t, byte(CheckOK), res[1][0], "not flush: the stray read lands in the arena")

	res, _ = check(t, "sha256/test-underread", "sha256", "head start+0 - -\nmisalign start+7 - -", pack(m))
	requireFaultAt(t, res[0], "3 bytes before the start of the input")
	require.Equal(t, byte(CheckOK), res[1][0])
}

func TestCheckPanicIsNotAFault(t *testing.T) {
	res, errMsg := check(t, "sha256/test-panic", "sha256", "one end - -\nhead start+0 - -", pack(msg(100)))
	require.Empty(t, errMsg)
	for _, r := range res {
		require.Equal(t, append([]byte{CheckError}, "panic: boom"...), r)
	}
}

func TestCheckInputModified(t *testing.T) {
	res, errMsg := check(t, "sha256/test-scribble", "sha256", "one end - -", pack(msg(200)))
	require.Empty(t, errMsg)
	require.Equal(t, byte(CheckError), res[0][0])
	require.Contains(t, string(res[0][1:]), "input modified (first at byte 0 of 200)")
}

func TestCheckCipherOutputGuards(t *testing.T) {
	key, iv := msg(16), msg(16)
	m := msg(64)
	res, errMsg := check(t, "aes/test-overwrite", "aes-ecb-enc",
		"one end end -\nmis start+3 start+9 -\ninplace start+0 same -", pack(key, nil, m))
	require.Empty(t, errMsg)
	requireFaultAt(t, res[0], "the first byte past the end of the output")
	require.Equal(t, byte(CheckError), res[1][0], "%s", res[1][1:])
	require.Contains(t, string(res[1][1:]), "wrote past the end of the output (poison at +0 changed)")
	require.Equal(t, byte(CheckError), res[2][0], "%s", res[2][1:])
	require.Contains(t, string(res[2][1:]), "wrote past the end of the input")

	// The generic level: every placement, in place and in chunks agree with
	// the standard library.
	b, _ := cryptoaes.NewCipher(key)
	want := make([]byte, len(m))
	cipher.NewCBCEncrypter(b, iv).CryptBlocks(want, m)
	res, errMsg = check(t, "aes/generic", "aes-cbc-enc",
		"one end end -\nmis start+1 start+15 -\nin end same -\nch end end 16,0,32", pack(key, iv, m))
	require.Empty(t, errMsg)
	for i, r := range res {
		require.Equal(t, append([]byte{CheckOK}, want...), r, "variant %d", i)
	}
}

func TestCheckBadRequests(t *testing.T) {
	for _, c := range []struct{ impl, op, vs, want string }{
		{"sha256/generic", "md5", "one end - -", `unknown op "md5"`},
		{"sha256/generic", "sha256", "one end -", "want NAME IN OUT CHUNKS"},
		{"sha256/generic", "sha256", "one middle - -", `placement "middle"`},
		{"sha256/generic", "sha256", "one end same -", "no in-place form"},
		{"sha256/generic", "sha256", "one end - 1,x", `chunk size "x"`},
		{"aes/generic", "aes-cbc-enc", "one end end 8", "whole 16-byte units"},
		{"aes/generic", "sha256", "one end - -", "is aes, not sha256"},
	} {
		_, errMsg := check(t, c.impl, c.op, c.vs, pack(msg(16)))
		require.Contains(t, errMsg, c.want, "%+v", c)
	}
	_, errMsg := check(t, "aes/generic", "aes-cbc-enc", "one end end -", pack(msg(16), msg(16), msg(15)))
	require.Contains(t, errMsg, "whole 16-byte units, got 15")
	_, errMsg = check(t, "aes/generic", "aes-cbc-enc", "one end end -", pack(msg(16)))
	require.True(t, strings.Contains(errMsg, "wants 2 params"), errMsg)
}
