// Package sha512 is the SHA-512 family (SHA-384, SHA-512, SHA-512/224,
// SHA-512/256 over one block function): entry points, padding, ops and
// registration, and its generic and planted levels. Target side: Go 1.18.
package sha512

import (
	"encoding/binary"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/hash"
)

// SHA-512 family padding and state handling, shared by every level: kernels
// provide only the 128-byte block function (SHA512Funcs.Block). SHA-384,
// SHA-512/224 and SHA-512/256 are SHA-512 with another start and a shorter
// output (FIPS 180-4, 5.3.4-5.3.6).

// Name is the family name of SHA-512 implementations.
const Name = "sha512"

// Funcs are the entry points of one SHA-512 level.
type Funcs struct {
	// Block consumes len(p)/128 blocks of p into h; len(p)%128 == 0, and p
	// may be empty. Any alignment of p must work.
	Block func(h *[8]uint64, p []byte)
}

// Of returns im's SHA-512 entry points.
func Of(im *arch.Impl) (*Funcs, error) {
	if f, ok := im.Funcs.(*Funcs); ok && f != nil && f.Block != nil {
		return f, nil
	}
	return nil, arch.FuncsError(im, "*sha512.Funcs with Block")
}

// K is the round constant table (FIPS 180-4, 4.2.3), exported so
// assembly levels take its address from Go instead of repeating it.
var K = [80]uint64{
	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
}

// Variant is one digest of the family: its start and output length.
type Variant struct {
	Name string // wire name: "sha384", "sha512", "sha512-224", "sha512-256"
	Init [8]uint64
	Size int
}

// Variants are the four digests of FIPS 180-4 built on SHA-512.
var Variants = []Variant{
	{"sha384", [8]uint64{
		0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
		0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4}, 48},
	{"sha512", [8]uint64{
		0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
		0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179}, 64},
	{"sha512-224", [8]uint64{
		0x8c3d37c819544da2, 0x73e1996689dcd4d6, 0x1dfab7ae32ff9c82, 0x679dd514582f9fcf,
		0x0f6d2b697bd44da8, 0x77e36f7304c48942, 0x3f9d85a86a1d36c8, 0x1112e6ad91d692a1}, 28},
	{"sha512-256", [8]uint64{
		0x22312194fc2bf72c, 0x9f555fa3c84c64c2, 0x2393b86b6f53b151, 0x963877195940eabd,
		0x96283ee2a88effe3, 0xbe5e1e2553863992, 0x2b0199fc2c85b8aa, 0x0eb72ddc81c52ca2}, 32},
}

// VariantByName finds a digest of the family.
func VariantByName(name string) (Variant, bool) {
	for _, v := range Variants {
		if v.Name == name {
			return v, true
		}
	}
	return Variant{}, false
}

// Digest is a streaming SHA-512-family hash over one block function.
type Digest struct {
	block func(h *[8]uint64, p []byte)
	init  [8]uint64
	h     [8]uint64
	size  int
	buf   [128]byte
	pad   [144]byte // in the struct: a stack array passed to the kernel escapes
	nbuf  int
	total uint64
}

// New starts digest v over block.
func New(block func(h *[8]uint64, p []byte), v Variant) *Digest {
	return &Digest{block: block, init: v.Init, h: v.Init, size: v.Size}
}

// Reset starts the digest over.
func (d *Digest) Reset() { d.h, d.nbuf, d.total = d.init, 0, 0 }

// Size is the digest's length in bytes.
func (d *Digest) Size() int { return d.size }

// Write absorbs p. Whole blocks go to the kernel in one call.
func (d *Digest) Write(p []byte) {
	d.total += uint64(len(p))
	if d.nbuf > 0 {
		n := copy(d.buf[d.nbuf:], p)
		d.nbuf += n
		p = p[n:]
		if d.nbuf < 128 {
			return
		}
		d.block(&d.h, d.buf[:])
		d.nbuf = 0
	}
	if whole := len(p) &^ 127; whole > 0 {
		d.block(&d.h, p[:whole])
		p = p[whole:]
	}
	d.nbuf = copy(d.buf[:], p)
}

// Sum pads (0x80, zeros, 128-bit big-endian bit length) and returns the
// digest, cut to the variant's size; d must not be used afterwards.
func (d *Digest) Sum() []byte {
	out := make([]byte, d.size)
	d.SumTo(out)
	return out
}

// SumTo pads and writes the digest to out[:Size()]; Reset before reuse.
func (d *Digest) SumTo(out []byte) {
	pad := d.pad[:]
	for i := range pad {
		pad[i] = 0
	}
	pad[0] = 0x80
	n := 112 - int(d.total%128)
	if n <= 0 {
		n += 128
	}
	binary.BigEndian.PutUint64(pad[n:], d.total>>61)
	binary.BigEndian.PutUint64(pad[n+8:], d.total<<3)
	d.Write(pad[:n+16])
	var full [64]byte
	for i, v := range d.h {
		binary.BigEndian.PutUint64(full[8*i:], v)
	}
	copy(out[:d.size], full[:])
}

// Sum hashes msg with digest v over block in one call.
func Sum(block func(h *[8]uint64, p []byte), v Variant, msg []byte) []byte {
	d := New(block, v)
	d.Write(msg)
	return d.Sum()
}

func init() {
	var vs []hash.Variant
	for _, v := range Variants {
		v := v
		vs = append(vs, hash.Variant{Op: v.Name, Size: v.Size, New: func(im *arch.Impl) (hash.Hasher, error) {
			f, err := Of(im)
			if err != nil {
				return nil, err
			}
			return New(f.Block, v), nil
		}})
	}
	fam := hash.NewFamily(Name, 128, func(im *arch.Impl) error { _, err := Of(im); return err }, vs)
	fam.Edges = edges
	arch.RegisterFamily(fam)
}
