package wire

import (
	"encoding/binary"
	"fmt"
)

// Pack joins many strings into one frame string: u32 little-endian length,
// then the bytes, each. A frame holds at most MaxArgs strings; batches of
// cases (AES files, fuzz cases with their parameters) hold more.
func Pack(list ...[]byte) []byte {
	n := 0
	for _, b := range list {
		n += 4 + len(b)
	}
	out := make([]byte, 0, n)
	for _, b := range list {
		var l [4]byte
		binary.LittleEndian.PutUint32(l[:], uint32(len(b)))
		out = append(append(out, l[:]...), b...)
	}
	return out
}

// Unpack splits what Pack joined.
func Unpack(b []byte) ([][]byte, error) {
	var out [][]byte
	for off := 0; off < len(b); {
		if len(b)-off < 4 {
			return nil, fmt.Errorf("truncated length at byte %d", off)
		}
		n := int(binary.LittleEndian.Uint32(b[off:]))
		off += 4
		if n > len(b)-off {
			return nil, fmt.Errorf("string %d announces %d bytes, %d left", len(out), n, len(b)-off)
		}
		out = append(out, b[off:off+n:off+n])
		off += n
	}
	return out, nil
}
