// Package gcm is the AES-GCM family: its entry points (Funcs, over an AES
// level), the streaming seal/open state, its ops and speed algorithms, and
// its generic and planted levels. Target side: Go 1.18.
package gcm

import (
	"crypto/subtle"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/wire"
)

// The AES-GCM family (NIST SP 800-38D). A level provides GHASH and, where it
// pays, a stitched kernel that runs CTR and GHASH over whole blocks in one
// pass; the mode layer below does the rest for every level alike: J0 from a
// 96-bit IV or GHASH of any other IV, AAD and lengths, partial blocks, the
// 32-bit counter (inc32: the upper 96 bits never change), tags of 4 to 16
// bytes and a constant-time tag check that releases no plaintext on failure.
//
// Ops: "aes-gcm-seal" answers ciphertext || tag; "aes-gcm-open" answers 0x01
// || plaintext, or the single byte 0x00 when authentication fails (an
// answer, not an error). Params of both: key, iv, aad, taglen (one byte, the
// tag length in bytes, 4..16).

// Name is the family name of AES-GCM implementations.
const Name = "aes-gcm"

// GCM op names.
const (
	SealOp = "aes-gcm-seal"
	OpenOp = "aes-gcm-open"
)

// GCM open answers: the first byte of aes-gcm-open's output.
const (
	AuthOK     = 0x01
	AuthFailed = 0x00
)

// ErrAuth is the open direction's verdict on a wrong tag, ciphertext, AAD
// or IV.
var ErrAuth = errors.New("authentication failed")

// Funcs are the entry points of one AES-GCM level. Every function works
// on whole 16-byte blocks; dst and src have the same length and may be the
// same slice but must not otherwise overlap.
type Funcs struct {
	// AES is the block cipher level underneath (key expansion, E(K, J0),
	// and CTR for whatever the stitched kernels leave to the mode layer).
	AES *aes.Funcs
	// Init precomputes the level's GHASH key from H = E(K, 0^128) (powers
	// of H, a table); its result is passed to the functions below.
	Init func(h *[16]byte) interface{}
	// GHASH folds whole blocks of p into y: y = (y ^ block) * H per block,
	// in GCM's bit order.
	GHASH func(hk interface{}, y *[16]byte, p []byte)
	// Seal and Open, if set, run CTR (counter blocks ctr, ctr+1, ... with
	// the low 32 bits incremented mod 2^32; ctr is left at the next unused
	// counter) and GHASH of the ciphertext into y, over whole blocks. nil:
	// the mode layer runs CTR with AES.Encrypt, then GHASH.
	Seal func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte)
	Open func(k *aes.Key, hk interface{}, ctr, y *[16]byte, dst, src []byte)
}

// Of returns im's AES-GCM entry points.
func Of(im *arch.Impl) (*Funcs, error) {
	if f, ok := im.Funcs.(*Funcs); ok && f != nil && f.AES != nil && f.AES.Encrypt != nil && f.Init != nil && f.GHASH != nil {
		return f, nil
	}
	return nil, arch.FuncsError(im, "*gcm.Funcs with AES, Init and GHASH")
}

// GCM is one message's state: key, J0, the running GHASH and the counter.
// Streaming: AAD once, then Crypt in pieces, then Tag (seal) or Verify.
type Stream struct {
	f       *Funcs
	k       *aes.Key
	hk      interface{}
	decrypt bool
	tagLen  int
	j0, ctr [16]byte
	y       [16]byte // GHASH state
	// A partial block: ks is the keystream of the block being used, ct
	// collects its ciphertext until it is whole (then GHASHed).
	ks, ct [16]byte
	nks    int // keystream bytes used (0: no partial block)
	// Blocks handed to the kernels live here: a stack array passed
	// through a function value escapes, and the speed loop must not
	// allocate.
	last, lens, ek, tag [16]byte
	aadLen              uint64
	ctLen               uint64
	scratch             []byte
	finished            bool
}

// gcmScratch is the bounce buffer for partial-block work and in-place
// decryption (plaintext is produced only after the ciphertext is hashed).
const gcmScratch = 64 * 16

// NewStream starts one message: key, IV (any length >= 1 byte), tag
// length 4..16 bytes, and the AAD, which GCM hashes before the data.
func NewStream(f *Funcs, key, iv, aad []byte, tagLen int, decrypt bool) (*Stream, error) {
	if !aes.ValidKeyLen(len(key)) {
		return nil, fmt.Errorf("AES key must be 16, 24 or 32 bytes, got %d", len(key))
	}
	if len(iv) == 0 {
		return nil, errors.New("GCM IV must not be empty")
	}
	if tagLen < 4 || tagLen > 16 {
		return nil, fmt.Errorf("GCM tag length must be 4..16 bytes, got %d", tagLen)
	}
	s := &Stream{f: f, k: f.AES.ExpandKey(key), decrypt: decrypt, tagLen: tagLen}
	var h [16]byte
	f.AES.Encrypt(s.k, h[:], h[:])
	s.hk = f.Init(&h)
	if len(iv) == 12 {
		copy(s.j0[:], iv)
		s.j0[15] = 1
	} else {
		// J0 = GHASH(IV || 0^s || 0^64 || [len(IV)]64).
		s.ghashPadded(&s.j0, iv)
		binary.BigEndian.PutUint64(s.lens[8:], uint64(len(iv))*8)
		f.GHASH(s.hk, &s.j0, s.lens[:])
	}
	s.ctr = s.j0
	inc32(&s.ctr)
	s.ghashPadded(&s.y, aad)
	s.aadLen = uint64(len(aad))
	return s, nil
}

// ghashPadded folds p into y, the last partial block zero-padded.
func (s *Stream) ghashPadded(y *[16]byte, p []byte) {
	whole := len(p) &^ 15
	if whole > 0 {
		s.f.GHASH(s.hk, y, p[:whole])
	}
	if whole < len(p) {
		s.last = [16]byte{}
		copy(s.last[:], p[whole:])
		s.f.GHASH(s.hk, y, s.last[:])
	}
}

// inc32 increments the low 32 bits of a counter block mod 2^32.
func inc32(c *[16]byte) {
	binary.BigEndian.PutUint32(c[12:], binary.BigEndian.Uint32(c[12:])+1)
}

// Inc32 is inc32 for kernels' tests.
func Inc32(c *[16]byte) { inc32(c) }

// Crypt encrypts (seal) or decrypts (open) the next piece of the message.
// For open, dst holds plaintext that must not be released before Verify.
func (s *Stream) Crypt(dst, src []byte) error {
	if s.finished {
		return errors.New("GCM: Crypt after the tag")
	}
	if len(dst) != len(src) {
		return fmt.Errorf("GCM: dst %d bytes, src %d", len(dst), len(src))
	}
	if aes.OverlapsInexactly(dst, src) {
		return errors.New("GCM: dst and src overlap but are not the same buffer")
	}
	if s.ctLen+uint64(len(src)) > (1<<32-2)*16 {
		return errors.New("GCM: message longer than 2^39-256 bits")
	}
	s.ctLen += uint64(len(src))
	// Finish a partial block first.
	for s.nks > 0 && len(src) > 0 {
		c := src[0]
		p := c ^ s.ks[s.nks]
		if !s.decrypt {
			c = p
		}
		s.ct[s.nks] = c
		dst[0] = p
		dst, src = dst[1:], src[1:]
		s.nks++
		if s.nks == 16 {
			s.f.GHASH(s.hk, &s.y, s.ct[:])
			s.nks = 0
		}
	}
	whole := len(src) &^ 15
	if whole > 0 {
		s.blocks(dst[:whole], src[:whole])
		dst, src = dst[whole:], src[whole:]
	}
	if len(src) > 0 {
		// Start a partial block: one keystream block, the rest next call.
		s.f.AES.Encrypt(s.k, s.ks[:], s.ctr[:])
		inc32(&s.ctr)
		for i := range src {
			c := src[i]
			p := c ^ s.ks[i]
			if !s.decrypt {
				c = p
			}
			s.ct[i] = c
			dst[i] = p
		}
		s.nks = len(src)
	}
	return nil
}

// blocks runs CTR and GHASH over whole blocks, stitched when the level can.
func (s *Stream) blocks(dst, src []byte) {
	f := s.f
	if !s.decrypt && f.Seal != nil {
		f.Seal(s.k, s.hk, &s.ctr, &s.y, dst, src)
		return
	}
	if s.decrypt && f.Open != nil {
		f.Open(s.k, s.hk, &s.ctr, &s.y, dst, src)
		return
	}
	if s.scratch == nil {
		s.scratch = make([]byte, gcmScratch)
	}
	for len(src) > 0 {
		n := len(src)
		if n > gcmScratch {
			n = gcmScratch
		}
		ks := s.scratch[:n]
		for i := 0; i < n; i += 16 {
			copy(ks[i:], s.ctr[:])
			inc32(&s.ctr)
		}
		f.AES.Encrypt(s.k, ks, ks)
		if s.decrypt {
			f.GHASH(s.hk, &s.y, src[:n]) // before dst may overwrite it
		}
		xorBytes(dst[:n], src[:n], ks)
		if !s.decrypt {
			f.GHASH(s.hk, &s.y, dst[:n])
		}
		dst, src = dst[n:], src[n:]
	}
}

func xorBytes(dst, a, b []byte) {
	for i := range dst {
		dst[i] = a[i] ^ b[i]
	}
}

// Tag finishes the message and returns the tag (tagLen bytes).
func (s *Stream) Tag() []byte {
	s.finish()
	return append([]byte(nil), s.tag[:s.tagLen]...)
}

// finish hashes the last partial block and the lengths and computes the
// full tag into s.tag, once.
func (s *Stream) finish() {
	if s.finished {
		return
	}
	if s.nks > 0 {
		s.last = [16]byte{}
		copy(s.last[:], s.ct[:s.nks])
		s.f.GHASH(s.hk, &s.y, s.last[:])
		s.nks = 0
	}
	binary.BigEndian.PutUint64(s.lens[:8], s.aadLen*8)
	binary.BigEndian.PutUint64(s.lens[8:], s.ctLen*8)
	s.f.GHASH(s.hk, &s.y, s.lens[:])
	s.f.AES.Encrypt(s.k, s.ek[:], s.j0[:])
	for i := range s.tag {
		s.tag[i] = s.y[i] ^ s.ek[i]
	}
	s.finished = true
}

// Verify compares tag with the computed one in constant time.
func (s *Stream) Verify(tag []byte) bool {
	want := s.Tag()
	return len(tag) == len(want) && subtle.ConstantTimeCompare(want, tag) == 1
}

// Seal encrypts pt in one call: ciphertext || tag.
func Seal(f *Funcs, key, iv, aad, pt []byte, tagLen int) ([]byte, error) {
	s, err := NewStream(f, key, iv, aad, tagLen, false)
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(pt), len(pt)+tagLen)
	if err := s.Crypt(out, pt); err != nil {
		return nil, err
	}
	return append(out, s.Tag()...), nil
}

// Open decrypts ct || tag in one call; ErrGCMAuth and no plaintext when
// the tag does not match.
func Open(f *Funcs, key, iv, aad, sealed []byte, tagLen int) ([]byte, error) {
	return gcmOpenChunks(f, key, iv, aad, sealed, tagLen, nil)
}

func gcmOpenChunks(f *Funcs, key, iv, aad, sealed []byte, tagLen int, chunks []int) ([]byte, error) {
	if len(sealed) < tagLen {
		return nil, ErrAuth
	}
	s, err := NewStream(f, key, iv, aad, tagLen, true)
	if err != nil {
		return nil, err
	}
	ct, tag := sealed[:len(sealed)-tagLen], sealed[len(sealed)-tagLen:]
	pt := make([]byte, len(ct))
	if err := arch.Feed(pt, ct, chunks, s.Crypt); err != nil {
		return nil, err
	}
	if !s.Verify(tag) {
		for i := range pt {
			pt[i] = 0
		}
		return nil, ErrAuth
	}
	return pt, nil
}

// gcmParams reads the ops' params: key, iv, aad, taglen (one byte).
func gcmParams(p [][]byte) (key, iv, aad []byte, tagLen int, err error) {
	if len(p[3]) != 1 {
		return nil, nil, nil, 0, fmt.Errorf("taglen must be one byte (the tag length in bytes), got %d bytes", len(p[3]))
	}
	return p[0], p[1], p[2], int(p[3][0]), nil
}

// SpeedKey and GCMSpeedIV are the key and IV of GCM speed operations.
func SpeedKey(n int) []byte { return aes.SpeedKey(n) }

// SpeedIV is a fixed 96-bit IV.
func SpeedIV() []byte {
	iv := make([]byte, 12)
	for i := range iv {
		iv[i] = byte(0xc0 + i)
	}
	return iv
}

func init() {
	params := []string{"key", "iv", "aad", "taglen"}
	f := &arch.Family{Name: Name, Block: 16, Check: func(im *arch.Impl) error { _, err := Of(im); return err }}
	f.Ops = []*arch.Op{
		{OpInfo: wire.OpInfo{Name: SealOp, Shape: wire.ShapeAEAD, Params: params},
			Run: func(im *arch.Impl, p [][]byte, _, in []byte, chunks []int) ([]byte, error) {
				g, err := Of(im)
				if err != nil {
					return nil, err
				}
				key, iv, aad, tagLen, err := gcmParams(p)
				if err != nil {
					return nil, err
				}
				s, err := NewStream(g, key, iv, aad, tagLen, false)
				if err != nil {
					return nil, err
				}
				out := make([]byte, len(in), len(in)+tagLen)
				if err := arch.Feed(out, in, chunks, s.Crypt); err != nil {
					return nil, err
				}
				return append(out, s.Tag()...), nil
			}},
		{OpInfo: wire.OpInfo{Name: OpenOp, Shape: wire.ShapeAEAD, Params: params},
			Run: func(im *arch.Impl, p [][]byte, _, in []byte, chunks []int) ([]byte, error) {
				g, err := Of(im)
				if err != nil {
					return nil, err
				}
				key, iv, aad, tagLen, err := gcmParams(p)
				if err != nil {
					return nil, err
				}
				pt, err := gcmOpenChunks(g, key, iv, aad, in, tagLen, chunks)
				if err == ErrAuth {
					return []byte{AuthFailed}, nil
				}
				if err != nil {
					return nil, err
				}
				return append([]byte{AuthOK}, pt...), nil
			}},
	}
	for _, kl := range []int{16, 32} {
		kl := kl
		f.Speed = append(f.Speed, &arch.SpeedAlg{
			SpeedInfo: wire.SpeedInfo{Name: fmt.Sprintf("aes-%d-gcm", 8*kl), Op: SealOp},
			Prepare:   func(im *arch.Impl, size int) (func(int), func() []byte, error) { return gcmSpeed(im, kl, size) },
			PrepareWhole: func(w arch.Whole, op *arch.Op, size int) (func(int), func() []byte, error) {
				return wholeSpeed(w, op, kl, size)
			},
		})
	}
	f.Edges = edges
	arch.RegisterFamily(f)
}

// gcmSpeed: one operation seals a buffer of size bytes (fresh J0 from a
// fixed 96-bit IV, no AAD, the 16-byte tag), the work of one AEAD call.
// The check output is the tag.
func gcmSpeed(im *arch.Impl, keyLen, size int) (func(int), func() []byte, error) {
	g, err := Of(im)
	if err != nil {
		return nil, nil, err
	}
	key, iv := SpeedKey(keyLen), SpeedIV()
	msg := make([]byte, size)
	wire.SpeedPattern(msg)
	out := make([]byte, size)
	k := g.AES.ExpandKey(key)
	var h [16]byte
	g.AES.Encrypt(k, h[:], h[:])
	hk := g.Init(&h)
	s := &Stream{f: g, k: k, hk: hk, tagLen: 16, scratch: make([]byte, gcmScratch)}
	var tag [16]byte
	run := func(n int) {
		for i := 0; i < n; i++ {
			s.y, s.nks, s.aadLen, s.ctLen, s.finished = [16]byte{}, 0, 0, 0, false
			copy(s.j0[:], iv)
			s.j0[12], s.j0[13], s.j0[14], s.j0[15] = 0, 0, 0, 1
			s.ctr = s.j0
			inc32(&s.ctr)
			s.Crypt(out, msg)
			s.finish()
			tag = s.tag
		}
	}
	return run, func() []byte { return append([]byte(nil), tag[:]...) }, nil
}

// wholeSpeed is gcmSpeed over a provider level (arch.Whole): one seal per
// operation, checked by its tag.
func wholeSpeed(w arch.Whole, op *arch.Op, keyLen, size int) (func(int), func() []byte, error) {
	msg := make([]byte, size)
	wire.SpeedPattern(msg)
	if l, ok := w.(Looper); ok { // whole.go
		return l.SealLoop(SpeedKey(keyLen), SpeedIV(), msg)
	}
	params := [][]byte{SpeedKey(keyLen), SpeedIV(), nil, {16}}
	out, err := w.Run(op, params, nil, msg, nil)
	if err != nil {
		return nil, nil, err
	}
	run := func(n int) {
		for i := 0; i < n; i++ {
			out, _ = w.Run(op, params, nil, msg, nil)
		}
	}
	return run, func() []byte { return append([]byte(nil), out[len(out)-16:]...) }, nil
}
