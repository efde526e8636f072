// Package wire is the framing shared by the host and the runner, in the style
// of the ACVP modulewrapper protocol: a little-endian u32 count of strings,
// one u32 length per string, then the strings. In a request string 0 is the
// command; in a response it is "ok" or "error" (followed by the message).
//
// Target-side code: Go 1.18 standard library only (gccgo 12 builds it).
package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Version is the protocol version exchanged in the hello handshake. Bump it
// when a command changes shape.
const Version = 1

// Limits that keep a corrupted length from allocating the machine away.
const (
	MaxArgs  = 64
	MaxFrame = 64 << 20 // bytes of payload in one frame
)

// Response status strings.
const (
	OK    = "ok"
	Error = "error"
)

// ErrTooLarge means a frame header announced more than the limits allow.
var ErrTooLarge = errors.New("frame exceeds limits")

// ErrTruncated means the stream ended inside a frame.
var ErrTruncated = errors.New("truncated frame")

// Write sends one frame.
func Write(w io.Writer, args ...[]byte) error {
	if len(args) > MaxArgs {
		return fmt.Errorf("%w: %d strings (max %d)", ErrTooLarge, len(args), MaxArgs)
	}
	hdr := make([]byte, 4+4*len(args))
	binary.LittleEndian.PutUint32(hdr, uint32(len(args)))
	total := 0
	for i, a := range args {
		binary.LittleEndian.PutUint32(hdr[4+4*i:], uint32(len(a)))
		total += len(a)
	}
	if total > MaxFrame {
		return fmt.Errorf("%w: %d bytes (max %d)", ErrTooLarge, total, MaxFrame)
	}
	buf := make([]byte, 0, len(hdr)+total)
	buf = append(buf, hdr...)
	for _, a := range args {
		buf = append(buf, a...)
	}
	_, err := w.Write(buf)
	return err
}

// Read receives one frame. It returns io.EOF only at a clean frame boundary;
// a stream that ends mid-frame gives ErrTruncated.
func Read(r io.Reader) ([][]byte, error) {
	var n4 [4]byte
	if _, err := io.ReadFull(r, n4[:]); err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		return nil, fmt.Errorf("%w: in count: %v", ErrTruncated, err)
	}
	n := binary.LittleEndian.Uint32(n4[:])
	if n == 0 || n > MaxArgs {
		return nil, fmt.Errorf("%w: %d strings (want 1..%d)", ErrTooLarge, n, MaxArgs)
	}
	lens := make([]byte, 4*n)
	if _, err := io.ReadFull(r, lens); err != nil {
		return nil, fmt.Errorf("%w: in lengths: %v", ErrTruncated, err)
	}
	total := uint64(0)
	for i := uint32(0); i < n; i++ {
		total += uint64(binary.LittleEndian.Uint32(lens[4*i:]))
	}
	if total > MaxFrame {
		return nil, fmt.Errorf("%w: %d bytes (max %d)", ErrTooLarge, total, MaxFrame)
	}
	body := make([]byte, total)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, fmt.Errorf("%w: in body (%d bytes announced): %v", ErrTruncated, total, err)
	}
	out := make([][]byte, n)
	off := 0
	for i := range out {
		l := int(binary.LittleEndian.Uint32(lens[4*i:]))
		out[i] = body[off : off+l : off+l]
		off += l
	}
	return out, nil
}
