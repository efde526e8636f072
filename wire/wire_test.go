package wire

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRoundTrip(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, []byte("hash"), []byte("sha256/generic"), nil, bytes.Repeat([]byte{7}, 1000)))
	require.NoError(t, Write(&b, []byte("quit")))
	f, err := Read(&b)
	require.NoError(t, err)
	require.Len(t, f, 4)
	require.Equal(t, "hash", string(f[0]))
	require.Empty(t, f[2])
	require.Len(t, f[3], 1000)
	f, err = Read(&b)
	require.NoError(t, err)
	require.Equal(t, [][]byte{[]byte("quit")}, f)
	_, err = Read(&b)
	require.Equal(t, io.EOF, err, "clean EOF between frames")
}

func TestTruncated(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, Write(&b, []byte("hash"), []byte("abcdef")))
	full := b.Bytes()
	for cut := 1; cut < len(full); cut++ {
		_, err := Read(bytes.NewReader(full[:cut]))
		require.ErrorIs(t, err, ErrTruncated, "cut at %d", cut)
	}
}

func TestOversized(t *testing.T) {
	hdr := func(vals ...uint32) []byte {
		out := make([]byte, 4*len(vals))
		for i, v := range vals {
			binary.LittleEndian.PutUint32(out[4*i:], v)
		}
		return out
	}
	for name, frame := range map[string][]byte{
		"too many strings": hdr(MaxArgs + 1),
		"zero strings":     hdr(0),
		"huge length":      hdr(1, MaxFrame+1),
		"sum too large":    hdr(2, MaxFrame, MaxFrame),
	} {
		_, err := Read(bytes.NewReader(frame))
		require.True(t, errors.Is(err, ErrTooLarge), "%s: %v", name, err)
	}
	require.ErrorIs(t, Write(io.Discard, make([]byte, MaxFrame+1)), ErrTooLarge)
}

func TestPackRoundTrip(t *testing.T) {
	in := [][]byte{{}, []byte("a"), bytes.Repeat([]byte{7}, 300)}
	out, err := Unpack(Pack(in...))
	require.NoError(t, err)
	require.Equal(t, in, out)
	_, err = Unpack([]byte{1, 0})
	require.ErrorContains(t, err, "truncated length")
}

func TestFaultSite(t *testing.T) {
	site := FaultSite{PC: 0x51471f, Func: "f+0x9f", Code: "c4e36538", Form: "VINSERTI128 m128"}
	msg := AppendFaultSite("memory fault at 0x1000", site)
	text, got, ok := ParseFaultSite(msg)
	if !ok || text != "memory fault at 0x1000" || got != site {
		t.Fatalf("ParseFaultSite(%q) = %q, %+v, %v", msg, text, got, ok)
	}
	if _, _, ok := ParseFaultSite("memory fault at 0x1000"); ok {
		t.Fatal("a message without a site parsed")
	}
}
