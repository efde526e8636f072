package runner

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	// The generic (and planted) levels of every family, without an arch's.
	_ "github.com/xarchlab/xarch/family/aes"
	_ "github.com/xarchlab/xarch/family/gcm"
	_ "github.com/xarchlab/xarch/family/mont"
	_ "github.com/xarchlab/xarch/family/sha256"
	_ "github.com/xarchlab/xarch/family/sha512"
	"github.com/xarchlab/xarch/wire"
)

// exchange sends the frames and returns every response frame.
func exchange(t *testing.T, s *Server, raw []byte, reqs ...[][]byte) ([][][]byte, error) {
	t.Helper()
	var in, out bytes.Buffer
	for _, r := range reqs {
		require.NoError(t, wire.Write(&in, r...))
	}
	in.Write(raw)
	err := s.Serve(&in, &out)
	var resps [][][]byte
	for out.Len() > 0 {
		f, rerr := wire.Read(&out)
		require.NoError(t, rerr)
		resps = append(resps, f)
	}
	return resps, err
}

func frame(args ...string) [][]byte {
	out := make([][]byte, len(args))
	for i, a := range args {
		out[i] = []byte(a)
	}
	return out
}

func TestHelloHashAndErrors(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	msg := []byte("abc")
	resps, err := exchange(t, s, nil,
		frame("hello", "1"),
		frame("hash", "sha256/generic", "sha256", string(msg)),
		frame("hash", "sha256/generic", "sha224", string(msg)),
		frame("nope"),
		frame("hash", "sha256/generic"),
		frame("hash", "sha256/none", "sha256", "x"),
		frame("hash", "sha256/generic", "md5", "x"),
		frame("hello", "99"),
		frame("hash-mct", "sha256/generic", "sha256", "short"),
		frame("quit"),
		frame("hash", "sha256/generic", "sha256", "after quit"),
	)
	require.NoError(t, err)
	require.Len(t, resps, 10, "nothing is answered after quit")

	require.Equal(t, "ok", string(resps[0][0]))
	var inf Info
	require.NoError(t, json.Unmarshal(resps[0][2], &inf))
	require.Equal(t, wire.Version, inf.Protocol)
	require.Equal(t, "sha256/generic", inf.Best["sha256"])

	want := sha256.Sum256(msg)
	require.Equal(t, hex.EncodeToString(want[:]), hex.EncodeToString(resps[1][1]))
	w224 := sha256.Sum224(msg)
	require.Equal(t, w224[:], resps[2][1])
	for i, sub := range []string{"unknown command", "want 3 arguments", "unknown implementation", "unknown op \"md5\"", "protocol mismatch", "seed must be 32 bytes"} {
		r := resps[3+i]
		require.Equal(t, "error", string(r[0]), "response %d", 3+i)
		require.Contains(t, string(r[1]), sub)
	}
	require.Equal(t, "ok", string(resps[9][0]))
}

func TestBrokenStreamIsAnsweredThenEnds(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	// A header announcing 1000 strings: the runner answers with an error and stops.
	resps, err := exchange(t, s, []byte{0xe8, 0x03, 0, 0}, frame("hello", "1"))
	require.ErrorIs(t, err, wire.ErrTooLarge)
	require.Len(t, resps, 2)
	require.Equal(t, "error", string(resps[1][0]))
	require.Contains(t, string(resps[1][1]), "bad frame")

	resps, err = exchange(t, s, []byte{2, 0, 0, 0, 5, 0}, frame("hello", "1"))
	require.ErrorIs(t, err, wire.ErrTruncated)
	require.Equal(t, "error", string(resps[1][0]))
}

func TestMaskUnknownFeature(t *testing.T) {
	_, err := New("no-such-feature")
	require.Error(t, err)
	require.Contains(t, err.Error(), "unknown feature")
}
