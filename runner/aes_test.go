package runner

import (
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"encoding/json"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

func unhex(s string) string {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestAESCommandMatchesCryptoCipher(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	r := rand.New(rand.NewSource(11))
	key, iv := make([]byte, 24), make([]byte, 16)
	r.Read(key)
	r.Read(iv)
	msg := make([]byte, 5*16)
	r.Read(msg)
	b, _ := aes.NewCipher(key)
	want := map[string][]byte{}
	for _, m := range []string{"ecb", "cbc", "ctr", "ofb", "cfb128"} {
		out := make([]byte, len(msg))
		switch m {
		case "ecb":
			for i := 0; i < len(msg); i += 16 {
				b.Encrypt(out[i:], msg[i:])
			}
		case "cbc":
			cipher.NewCBCEncrypter(b, iv).CryptBlocks(out, msg)
		case "ctr":
			cipher.NewCTR(b, iv).XORKeyStream(out, msg)
		case "ofb":
			cipher.NewOFB(b, iv).XORKeyStream(out, msg)
		case "cfb128":
			cipher.NewCFBEncrypter(b, iv).XORKeyStream(out, msg)
		}
		want[m] = out
	}
	for m, ct := range want {
		ivArg := string(iv)
		if m == "ecb" {
			ivArg = ""
		}
		resps, err := exchange(t, s, nil,
			frame("run", "aes/generic", "aes-"+m+"-enc", string(wire.Pack(key, []byte(ivArg), msg))),
			frame("run", "aes/generic", "aes-"+m+"-dec", string(wire.Pack(key, []byte(ivArg), ct))))
		require.NoError(t, err)
		require.Equal(t, "ok", string(resps[0][0]), "%s: %s", m, resps[0])
		require.Equal(t, ct, resps[0][1], m)
		require.Equal(t, "ok", string(resps[1][0]), "%s: %s", m, resps[1])
		require.Equal(t, msg, resps[1][1], m)
	}
}

func TestAESBatchPieces(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	r := rand.New(rand.NewSource(12))
	var cases [][]byte
	var wants [][]byte
	for i := 0; i < 4; i++ {
		key, iv, msg := make([]byte, 16), make([]byte, 16), make([]byte, 7+23*i)
		r.Read(key)
		r.Read(iv)
		r.Read(msg)
		b, _ := aes.NewCipher(key)
		out := make([]byte, len(msg))
		cipher.NewCFBEncrypter(b, iv).XORKeyStream(out, msg)
		cases = append(cases, key, iv, msg)
		wants = append(wants, out)
	}
	for _, pieces := range []string{"", "1", "0,5,16,17", "100"} {
		resps, err := exchange(t, s, nil, frame("batch", "aes/generic", "aes-cfb128-enc", pieces, string(wire.Pack(cases...))))
		require.NoError(t, err)
		require.Equal(t, "ok", string(resps[0][0]), "%s", resps[0])
		outs, err := wire.Unpack(resps[0][1])
		require.NoError(t, err)
		require.Equal(t, wants, outs, "pieces %q", pieces)
	}
	// Errors name the case and the rule.
	bad := wire.Pack([]byte("short key"), make([]byte, 16), make([]byte, 16))
	for _, c := range []struct{ mode, pieces, cases, want string }{
		{"cbc", "17", string(wire.Pack(cases[:3]...)), "17 is not a whole number of 16-byte units"},
		{"ctr", "0,0", string(wire.Pack(cases[:3]...)), "every size is 0"},
		{"ctr", "", string(bad), "case 0: AES key must be 16, 24 or 32 bytes, got 9"},
		{"ctr", "", string(wire.Pack(cases[:2]...)), "want groups of 3 (key, iv, data)"},
		{"ctr", "", "\x05\x00\x00\x00ab", "announces 5 bytes"},
	} {
		resps, err := exchange(t, s, nil, frame("batch", "aes/generic", "aes-"+c.mode+"-enc", c.pieces, c.cases))
		require.NoError(t, err)
		require.Equal(t, "error", string(resps[0][0]))
		require.Contains(t, string(resps[0][1]), c.want)
	}
}

// TestAESMCTFirstRounds checks outer iteration 0 of two NIST MCT files: the
// runner's CT[999] is the file's CIPHERTEXT of COUNT = 0, and for CBC its
// CT[998] is the PLAINTEXT of COUNT = 1 (AESAVS: PT[0] = CT[998]).
func TestAESMCTFirstRounds(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	resps, err := exchange(t, s, nil,
		// ECBMCT128.rsp, [ENCRYPT] COUNT = 0
		frame("mct", "aes/generic", "aes-ecb-enc", string(wire.Pack([]byte(unhex("139a35422f1d61de3c91787fe0507afd")), []byte(""), []byte(unhex("b9145a768b7dc489a096b546f43b231f"))))),
		// CBCMCT192.rsp, [ENCRYPT] COUNT = 0
		frame("mct", "aes/generic", "aes-cbc-enc", string(wire.Pack([]byte(unhex("dea64f83cfe6a0a183ddbe865cfca059b3c615c1623d63fc")), []byte(unhex("426fbc087b50b395c0fc81ef9fd6d1aa")), []byte(unhex("cd0b8c8a8179ecb171b64c894a4d60fd"))))),
		// CFB128MCT256.rsp, [DECRYPT] COUNT = 0
		frame("mct", "aes/generic", "aes-cfb128-dec", string(wire.Pack([]byte(unhex("37664842a5f64779a06bfb640ae88cdb6ea3e7634beab552b0648d34099a686e")), []byte(unhex("bb1802f8eac784ff66dbf2fbe63f5755")), []byte(unhex("b20d5526aa68bfb5d2afed5d80ef8aae"))))),
		frame("mct", "aes/generic", "aes-ctr-enc", string(wire.Pack([]byte(string(make([]byte, 16))), []byte(string(make([]byte, 16))), []byte(string(make([]byte, 16)))))),
		frame("mct", "aes/generic", "aes-ecb-enc", string(wire.Pack([]byte(string(make([]byte, 16))), []byte(""), []byte("short")))),
	)
	require.NoError(t, err)
	for _, r := range resps[:3] {
		require.Equal(t, "ok", string(r[0]), "%s", r)
	}
	require.Equal(t, "d7c3ffac9031238650901e157364c386", hex.EncodeToString(resps[0][1]))
	require.Equal(t, "ae6302d22da9458117f5681431fc80df", hex.EncodeToString(resps[1][1]))
	require.Equal(t, "fbdafc0fe9c2a68f2fce8cef8f367758", hex.EncodeToString(resps[1][2]))
	require.Equal(t, "3d273aa41e658d8ab5bc681d43b595c2", hex.EncodeToString(resps[2][1]))
	require.Contains(t, string(resps[3][1]), "aes-ctr-enc has no Monte Carlo test")
	require.Contains(t, string(resps[4][1]), "one 16-byte block")
}

func TestAESRejectsOtherAlgorithms(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	resps, err := exchange(t, s, nil,
		frame("run", "sha256/generic", "aes-ecb-enc", string(wire.Pack(make([]byte, 16), nil, nil))),
		frame("run", "aes/generic", "aes-ecb-sideways", string(wire.Pack(make([]byte, 16), nil, nil))),
		frame("run", "aes/generic", "aes-ecb-enc", string(wire.Pack(make([]byte, 16), nil))),
		frame("run", "aes/generic", "aes-ecb-enc", string(wire.Pack(make([]byte, 16), nil, make([]byte, 15)))))
	require.NoError(t, err)
	for i, want := range []string{"is sha256, not aes", "unknown op \"aes-ecb-sideways\"", "wants 2 params (key, iv) and the data", "whole 16-byte units"} {
		require.Equal(t, "error", string(resps[i][0]))
		require.Contains(t, string(resps[i][1]), want)
	}
}

// A fake feature with one faithful and one broken probe.
func init() {
	arch.RegisterFeatures([]arch.Feature{{Name: "xtest", Desc: "test feature"}, {Name: "xabsent", Desc: "never detected"}},
		func() map[string]bool { return map[string]bool{"xtest": true} })
	arch.RegisterProbe(arch.Probe{Feature: "xtest", Instr: "good", Run: func() ([]byte, []byte) { return []byte{1, 2}, []byte{1, 2} }})
	arch.RegisterProbe(arch.Probe{Feature: "xtest", Instr: "zeros", Run: func() ([]byte, []byte) { return []byte{1, 2}, []byte{0, 0} }})
	arch.RegisterProbe(arch.Probe{Feature: "xabsent", Instr: "panics", Run: func() ([]byte, []byte) { panic("boom") }})
}

func TestProbeCommand(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	resps, err := exchange(t, s, nil,
		frame("hello", "1"),
		frame("probe", "xtest", ""),
		frame("probe", "xabsent", ""),
		frame("probe", "xabsent", "force"),
		frame("probe", "nope", ""),
		frame("probe", "xtest", "yes"))
	require.NoError(t, err)
	var inf Info
	require.NoError(t, json.Unmarshal(resps[0][2], &inf))
	require.Contains(t, inf.Probes, ProbeInfo{Feature: "xtest", Instr: "zeros"})

	var got []ProbeResult
	require.NoError(t, json.Unmarshal(resps[1][1], &got))
	require.Equal(t, []ProbeResult{
		{Feature: "xtest", Instr: "good", Want: "0102", Got: "0102", OK: true},
		{Feature: "xtest", Instr: "zeros", Want: "0102", Got: "0000", OK: false},
	}, got)

	require.Equal(t, "error", string(resps[2][0]))
	require.Contains(t, string(resps[2][1]), "not detected here")

	got = nil
	require.NoError(t, json.Unmarshal(resps[3][1], &got))
	require.Len(t, got, 1)
	require.False(t, got[0].OK)
	require.Equal(t, "boom", got[0].Error)

	require.Contains(t, string(resps[4][1]), "unknown feature")
	require.Contains(t, string(resps[5][1]), "want \"force\"")
}
