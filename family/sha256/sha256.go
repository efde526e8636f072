// Package sha256 is the SHA-256 family (SHA-224 and SHA-256 over one block
// function): its entry points, padding, ops and registration, and its
// generic and planted levels. Target side: Go 1.18, stdlib only.
package sha256

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/hash"
)

// Name is the family name of SHA-256 (and SHA-224) implementations.
const Name = "sha256"

// Funcs are the entry points of one SHA-256 level.
type Funcs struct {
	// Block consumes len(p)/64 blocks of p into h. len(p)%64 == 0.
	Block func(h *[8]uint32, p []byte)
}

// Of returns im's SHA-256 entry points.
func Of(im *arch.Impl) (*Funcs, error) {
	if f, ok := im.Funcs.(*Funcs); ok && f != nil && f.Block != nil {
		return f, nil
	}
	return nil, arch.FuncsError(im, "*sha256.Funcs with Block")
}

// SHA-256 padding and state handling, shared by every level: kernels only
// provide the block function.

// BlockOf returns im's SHA-256 block function, nil for another family.
func BlockOf(im *arch.Impl) func(h *[8]uint32, p []byte) {
	if f, ok := im.Funcs.(*Funcs); ok && f != nil {
		return f.Block
	}
	return nil
}

// Init is the initial hash value (FIPS 180-4, 5.3.3).
var Init = [8]uint32{
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
}

// Init224 is SHA-224's initial hash value (FIPS 180-4, 5.3.2); SHA-224
// is SHA-256 with this start and the output cut to 28 bytes.
var Init224 = [8]uint32{
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
	0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
}

// K is the round constant table (FIPS 180-4, 4.2.2), exported so
// assembly levels can take its address from Go instead of repeating it.
var K = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

// Digest is a streaming SHA-256 over one block function.
type Digest struct {
	block func(h *[8]uint32, p []byte)
	init  [8]uint32
	size  int
	h     [8]uint32
	buf   [64]byte
	pad   [72]byte // in the struct: a stack array passed to the kernel escapes
	nbuf  int
	total uint64
}

// New starts a digest that uses block for the compression function.
func New(block func(h *[8]uint32, p []byte)) *Digest {
	return &Digest{block: block, init: Init, size: 32, h: Init}
}

// New224 starts a SHA-224 digest; keep the first 28 bytes of Sum.
func New224(block func(h *[8]uint32, p []byte)) *Digest {
	return &Digest{block: block, init: Init224, size: 28, h: Init224}
}

// Reset starts the digest over.
func (d *Digest) Reset() { d.h, d.nbuf, d.total = d.init, 0, 0 }

// Size is the digest's length in bytes (32, or 28 for SHA-224).
func (d *Digest) Size() int { return d.size }

// SumTo pads and writes the digest to out[:Size()]; Reset before reuse.
func (d *Digest) SumTo(out []byte) {
	s := d.Sum()
	copy(out[:d.size], s[:])
}

// Write absorbs p. Whole blocks go to the kernel in one call.
func (d *Digest) Write(p []byte) {
	d.total += uint64(len(p))
	if d.nbuf > 0 {
		n := copy(d.buf[d.nbuf:], p)
		d.nbuf += n
		p = p[n:]
		if d.nbuf < 64 {
			return
		}
		d.block(&d.h, d.buf[:])
		d.nbuf = 0
	}
	if whole := len(p) &^ 63; whole > 0 {
		d.block(&d.h, p[:whole])
		p = p[whole:]
	}
	d.nbuf = copy(d.buf[:], p)
}

// Sum pads and returns the digest; d must not be used afterwards.
func (d *Digest) Sum() [32]byte {
	bits := d.total * 8
	pad := d.pad[:]
	for i := range pad {
		pad[i] = 0
	}
	pad[0] = 0x80
	n := 56 - int(d.total%64)
	if n <= 0 {
		n += 64
	}
	binary.BigEndian.PutUint64(pad[n:], bits)
	d.Write(pad[:n+8])
	var out [32]byte
	for i, v := range d.h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

// Sum256 hashes msg in one call with the given block function.
func Sum256(block func(h *[8]uint32, p []byte), msg []byte) [32]byte {
	d := New(block)
	d.Write(msg)
	return d.Sum()
}

// Sum224 hashes msg with SHA-224 using the given block function.
func Sum224(block func(h *[8]uint32, p []byte), msg []byte) [28]byte {
	d := New224(block)
	d.Write(msg)
	full := d.Sum()
	var out [28]byte
	copy(out[:], full[:28])
	return out
}

func init() {
	fam := hash.NewFamily(Name, 64, func(im *arch.Impl) error { _, err := Of(im); return err }, []hash.Variant{
		{Op: "sha224", Size: 28, New: func(im *arch.Impl) (hash.Hasher, error) {
			f, err := Of(im)
			if err != nil {
				return nil, err
			}
			return New224(f.Block), nil
		}},
		{Op: "sha256", Size: 32, New: func(im *arch.Impl) (hash.Hasher, error) {
			f, err := Of(im)
			if err != nil {
				return nil, err
			}
			return New(f.Block), nil
		}},
	})
	fam.Edges = edges
	arch.RegisterFamily(fam)
}
