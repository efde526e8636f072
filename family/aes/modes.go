package aes

import (
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"
)

// The AES modes of operation (SP 800-38A) over any AESFuncs. The chaining
// state lives in an AESStream, so a message can be fed in pieces: ECB and CBC
// take whole blocks per call, CTR, OFB and CFB128 any length (the keystream
// position is kept between calls).

// Mode names, as used on the wire and in reports.
const (
	ModeECB    = "ecb"
	ModeCBC    = "cbc"
	ModeCTR    = "ctr"
	ModeOFB    = "ofb"
	ModeCFB128 = "cfb128"
)

// Modes lists every mode the stream layer serves.
var Modes = []string{ModeECB, ModeCBC, ModeCTR, ModeOFB, ModeCFB128}

// aesBatch is how many blocks the layer hands an ECB kernel at once when it
// builds a mode from ECB calls (CTR counter blocks, CBC/CFB decryption): big
// enough to fill any interleave group (8 blocks at most so far), small
// enough to stay on the stack's scratch.
const aesBatch = 32

// Stream is one mode of operation, one direction, one key, with its
// chaining state.
type Stream struct {
	f       *Funcs
	k       *Key
	mode    string
	kind    aesKind // mode as a small integer: Crypt dispatches on it per call
	decrypt bool
	// reg is the chaining register: CBC the previous ciphertext block, CTR
	// the next counter block, OFB the last output block, CFB128 the feedback
	// register (ciphertext bytes replace it as they are produced).
	reg [16]byte
	// ks is the current keystream block of CTR, OFB and CFB128; pos bytes of
	// it are used (16: none left).
	ks  [16]byte
	pos int
	tmp [16]byte // CBC encryption's input block (a field: no allocation per call)
	buf []byte   // scratch of aesBatch blocks
}

// aesKind numbers the modes for Crypt's dispatch (a switch on small
// integers, not on strings: short calls pay for every compare).
type aesKind int

const (
	kindECB aesKind = iota
	kindCBC
	kindCTR
	kindOFB
	kindCFB
)

var aesKinds = map[string]aesKind{
	ModeECB: kindECB, ModeCBC: kindCBC, ModeCTR: kindCTR, ModeOFB: kindOFB, ModeCFB128: kindCFB,
}

// ValidKeyLen reports whether n is an AES key size in bytes.
func ValidKeyLen(n int) bool { return n == 16 || n == 24 || n == 32 }

// NewStream starts mode with key and iv (the initial counter block for
// CTR; empty for ECB). decrypt selects the direction (CTR and OFB are the
// same both ways).
func NewStream(f *Funcs, mode string, decrypt bool, key, iv []byte) (*Stream, error) {
	if f == nil || f.Encrypt == nil || f.Decrypt == nil {
		return nil, errors.New("AES implementation has no Encrypt/Decrypt entry points")
	}
	if !ValidKeyLen(len(key)) {
		return nil, fmt.Errorf("AES key must be 16, 24 or 32 bytes, got %d", len(key))
	}
	switch mode {
	case ModeECB:
		if len(iv) != 0 {
			return nil, fmt.Errorf("ECB takes no IV, got %d bytes", len(iv))
		}
	case ModeCBC, ModeCTR, ModeOFB, ModeCFB128:
		if len(iv) != 16 {
			return nil, fmt.Errorf("%s needs a 16-byte IV, got %d bytes", mode, len(iv))
		}
	default:
		return nil, fmt.Errorf("unknown AES mode %q (known: ecb, cbc, ctr, ofb, cfb128)", mode)
	}
	s := &Stream{f: f, k: f.ExpandKey(key), mode: mode, kind: aesKinds[mode], decrypt: decrypt, pos: 16}
	copy(s.reg[:], iv)
	return s, nil
}

// Mode returns the stream's mode name.
func (s *Stream) Mode() string { return s.mode }

// Register returns the chaining register (see the reg field); for CTR it
// is the next counter block not yet turned into keystream.
func (s *Stream) Register() [16]byte { return s.reg }

// Crypt encrypts or decrypts src into dst (same length; the same slice for
// in place, no other overlap). ECB and CBC need whole blocks.
//
// The common calls (whole blocks into a level's own entry point, no
// keystream left over) go straight to the kernel from here: at 16 bytes
// the layer's own work is a sizeable part of an operation.
func (s *Stream) Crypt(dst, src []byte) error {
	if len(dst) != len(src) {
		return fmt.Errorf("dst has %d bytes, src %d", len(dst), len(src))
	}
	if OverlapsInexactly(dst, src) {
		return errors.New("dst and src overlap without being the same slice")
	}
	whole := len(src)&15 == 0
	switch s.kind {
	case kindCTR:
		if whole && s.pos == 16 && s.f.CTR != nil {
			if len(src) > 0 {
				s.f.CTR(s.k, &s.reg, dst, src)
			}
			return nil
		}
		s.ctr(dst, src)
		return nil
	case kindECB, kindCBC:
		if !whole {
			return fmt.Errorf("%s takes whole 16-byte blocks, got %d bytes", s.mode, len(src))
		}
		if len(src) == 0 {
			return nil
		}
	}
	switch s.kind {
	case kindECB:
		if s.decrypt {
			s.f.Decrypt(s.k, dst, src)
		} else {
			s.f.Encrypt(s.k, dst, src)
		}
	case kindCBC:
		if s.decrypt {
			if s.f.CBCDecrypt != nil {
				s.f.CBCDecrypt(s.k, &s.reg, dst, src)
			} else {
				s.cbcDecrypt(dst, src)
			}
		} else {
			if s.f.CBCEncrypt != nil {
				s.f.CBCEncrypt(s.k, &s.reg, dst, src)
			} else {
				s.cbcEncrypt(dst, src)
			}
		}
	case kindOFB:
		s.ofb(dst, src)
	case kindCFB:
		s.cfb(dst, src)
	}
	return nil
}

func (s *Stream) scratch() []byte {
	if s.buf == nil {
		s.buf = make([]byte, 16*aesBatch)
	}
	return s.buf
}

// cbcEncrypt and cbcDecrypt build CBC from the block kernels, for levels
// without CBC entry points.
func (s *Stream) cbcEncrypt(dst, src []byte) {
	for i := 0; i < len(src); i += 16 {
		xor16(s.tmp[:], src[i:i+16], s.reg[:])
		s.f.Encrypt(s.k, dst[i:i+16], s.tmp[:])
		copy(s.reg[:], dst[i:i+16])
	}
}

func (s *Stream) cbcDecrypt(dst, src []byte) {
	// Decrypt a batch with one ECB call (kernels interleave there), keeping
	// the ciphertext first because dst may be src.
	ct := s.scratch()
	for len(src) > 0 {
		n := len(src)
		if n > len(ct) {
			n = len(ct)
		}
		copy(ct, src[:n])
		s.f.Decrypt(s.k, dst[:n], ct[:n])
		xor16(dst[:16], dst[:16], s.reg[:])
		for i := 16; i < n; i += 16 {
			xor16(dst[i:i+16], dst[i:i+16], ct[i-16:i])
		}
		copy(s.reg[:], ct[n-16:n])
		dst, src = dst[n:], src[n:]
	}
}

// useKeystream XORs the rest of the current keystream block into dst and
// returns how many bytes it consumed. For CFB the produced ciphertext goes
// into the feedback register.
func (s *Stream) useKeystream(dst, src []byte) int {
	n := 0
	for s.pos < 16 && n < len(src) {
		in := src[n]
		out := in ^ s.ks[s.pos]
		dst[n] = out
		if s.kind == kindCFB {
			if s.decrypt {
				s.reg[s.pos] = in
			} else {
				s.reg[s.pos] = out
			}
		}
		s.pos++
		n++
	}
	return n
}

func (s *Stream) ctr(dst, src []byte) {
	n := s.useKeystream(dst, src)
	dst, src = dst[n:], src[n:]
	whole := len(src) &^ 15
	if whole > 0 {
		if s.f.CTR != nil {
			s.f.CTR(s.k, &s.reg, dst[:whole], src[:whole])
		} else {
			s.ctrBlocks(dst[:whole], src[:whole])
		}
		dst, src = dst[whole:], src[whole:]
	}
	if len(src) > 0 {
		// A partial block: make one keystream block with the same kernel
		// (CTR over zeros gives E(counter) and steps the counter).
		if s.f.CTR != nil {
			var zero [16]byte
			s.f.CTR(s.k, &s.reg, s.ks[:], zero[:])
		} else {
			s.f.Encrypt(s.k, s.ks[:], s.reg[:])
			IncCounter(&s.reg)
		}
		s.pos = 0
		s.useKeystream(dst, src)
	}
}

// ctrBlocks is CTR over whole blocks from the ECB kernel, for levels
// without a CTR entry point: counter blocks in batches, one Encrypt call
// per batch.
func (s *Stream) ctrBlocks(dst, src []byte) {
	buf := s.scratch()
	for off := 0; off < len(src); {
		m := len(src) - off
		if m > len(buf) {
			m = len(buf)
		}
		for i := 0; i < m; i += 16 {
			copy(buf[i:i+16], s.reg[:])
			IncCounter(&s.reg)
		}
		s.f.Encrypt(s.k, buf[:m], buf[:m])
		for i := 0; i < m; i++ {
			dst[off+i] = src[off+i] ^ buf[i]
		}
		off += m
	}
}

// ofb: each output block is E(previous output block), so it is serial.
// Whole blocks skip the byte-wise keystream bookkeeping.
func (s *Stream) ofb(dst, src []byte) {
	n := s.useKeystream(dst, src)
	dst, src = dst[n:], src[n:]
	for len(src) >= 16 {
		s.f.Encrypt(s.k, s.reg[:], s.reg[:])
		xor16(dst[:16], src[:16], s.reg[:])
		dst, src = dst[16:], src[16:]
	}
	if len(src) > 0 {
		s.f.Encrypt(s.k, s.reg[:], s.reg[:])
		s.ks, s.pos = s.reg, 0
		s.useKeystream(dst, src)
	}
}

func (s *Stream) cfb(dst, src []byte) {
	n := s.useKeystream(dst, src)
	dst, src = dst[n:], src[n:]
	if s.decrypt && len(src) >= 32 {
		// Decryption is parallel: the keystream E(IV), E(C1), E(C2)... is
		// known up front, so whole blocks go through ECB in batches.
		whole := len(src) &^ 15
		s.cfbDecryptBatch(dst[:whole], src[:whole])
		dst, src = dst[whole:], src[whole:]
	}
	for len(src) >= 16 {
		s.f.Encrypt(s.k, s.ks[:], s.reg[:])
		if s.decrypt {
			copy(s.reg[:], src[:16]) // the ciphertext, before dst (maybe src) changes
			xor16(dst[:16], s.reg[:], s.ks[:])
		} else {
			xor16(dst[:16], src[:16], s.ks[:])
			copy(s.reg[:], dst[:16])
		}
		dst, src = dst[16:], src[16:]
	}
	if len(src) > 0 {
		s.f.Encrypt(s.k, s.ks[:], s.reg[:])
		s.pos = 0
		s.useKeystream(dst, src)
	}
}

// cfbDecryptBatch decrypts whole blocks starting on a block boundary.
func (s *Stream) cfbDecryptBatch(dst, src []byte) {
	buf := s.scratch()
	for len(src) > 0 {
		n := len(src)
		if n > len(buf) {
			n = len(buf)
		}
		copy(buf[:16], s.reg[:])
		copy(buf[16:n], src[:n-16])
		copy(s.reg[:], src[n-16:n]) // read before dst (maybe src) is written
		s.f.Encrypt(s.k, buf[:n], buf[:n])
		for i := 0; i < n; i++ {
			dst[i] = src[i] ^ buf[i]
		}
		dst, src = dst[n:], src[n:]
	}
}

// CTRRun is how many of n blocks, counting from the big-endian counter
// block ctr, come before the counter's low `bits` bits (32 or 64) wrap to
// zero: n if they do not within the n blocks. A CTR kernel that steps only
// the low 32 or 64 bits of its counter blocks is called for that many
// blocks, then (once in 2^32 or 2^64 blocks) again from the carried
// counter, so the carry never has to be in its inner loop.
func CTRRun(ctr *[16]byte, n int, bits uint) int {
	var left uint64 // blocks to the wrap; 0 stands for 2^64
	switch bits {
	case 32:
		left = 1<<32 - uint64(binary.BigEndian.Uint32(ctr[12:]))
	case 64:
		left = -binary.BigEndian.Uint64(ctr[8:])
	default:
		panic("arch: CTRRun counts 32 or 64 bits")
	}
	if left != 0 && left < uint64(n) {
		return int(left)
	}
	return n
}

// IncCounter adds one to a 128-bit big-endian counter block (wrapping).
func IncCounter(c *[16]byte) {
	for i := 15; i >= 0; i-- {
		c[i]++
		if c[i] != 0 {
			return
		}
	}
}

func xor16(dst, a, b []byte) {
	_, _, _ = dst[15], a[15], b[15]
	for i := 0; i < 16; i++ {
		dst[i] = a[i] ^ b[i]
	}
}

// OverlapsInexactly reports whether x and y share memory without starting at
// the same address (in-place use is allowed, a shifted overlap is not).
func OverlapsInexactly(x, y []byte) bool {
	if len(x) == 0 || len(y) == 0 {
		return false
	}
	px := uintptr(unsafe.Pointer(&x[0]))
	py := uintptr(unsafe.Pointer(&y[0]))
	return px != py && px < py+uintptr(len(y)) && py < px+uintptr(len(x))
}
