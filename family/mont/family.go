package mont

import (
	"errors"
	"fmt"
	"math/big"
	"math/bits"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// The mont family above the kernel (MontFuncs.Mul): byte <-> limb
// conversion and input checks, modular exponentiation in Montgomery form,
// and RSA PKCS#1 v1.5 (rsa.go). Every level gets all of it; a level
// provides Mul, and may provide Exp (mont.go), which then runs mod-exp and
// both CRT halves of a signature.
//
// Ops (shape fixed: no pieces, no in-place form; numbers are big-endian
// bytes, a modulus of k bytes has n = ceil(k/8) limbs and R = 2^(64n)):
//
//   - mont-mul: param modulus; data x || y (k bytes each, x, y < modulus);
//     answers x*y*R^-1 mod modulus, k bytes. One call of the kernel.
//   - mod-exp: params modulus, exponent (0..MontMaxBytes bytes, leading
//     zeros count); data x (k bytes, x < modulus); answers x^e mod modulus,
//     k bytes, by the fixed-window method below.
//   - rsa-sign, rsa-verify: see rsa.go.
//
// A modulus is 1..MontMaxBytes bytes with a non-zero first byte, odd and
// greater than 1; anything else is an error that says which rule failed.

// Op names of the mont family.
const (
	MulOp    = "mont-mul"
	ModExpOp = "mod-exp"
)

// MaxBytes is the longest modulus (and exponent) the ops take.
const MaxBytes = 8 * MaxLimbs

// ExpWindow is the fixed window of mod-exp (and of RSA signing), in
// exponent bits: a table of 2^5 = 32 powers x^0..x^31 in Montgomery form,
// then per 5 exponent bits five squarings and one multiplication by the
// table entry the bits select. 5 is what the cost model says for the
// 1024..2048-bit exponents of RSA-2048..4096 CRT halves: 30 products to
// build the table, and bits/5 multiplications (a 4-bit window builds 14 but
// multiplies bits/4 times; a 6-bit one builds 62 and makes every masked
// table read twice as long). The table read is a masked select over every
// entry (expSel), so neither the memory touched nor the branches taken
// depend on the exponent; the number of windows depends only on the
// exponent's length in bytes. It is a family constant, not a level's:
// every level computes the same sequence of products.
const ExpWindow = 5

// montCtx is one modulus prepared for a level's Mul, with the scratch of
// exponentiation, so repeated operations do not allocate.
type montCtx struct {
	mul   func(z, x, y, m []uint64, k0 uint64)
	fexp  func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64)                                                                 // the level's Exp, or nil
	fexp2 func(z1, x1 []uint64, e1 []byte, m1, rr1 []uint64, k01 uint64, z2, x2 []uint64, e2 []byte, m2, rr2 []uint64, k02 uint64, scratch []uint64) // the level's Exp2, or nil
	n     int
	m     []uint64
	k0    uint64
	rr    []uint64 // R^2 mod m: Mul(x, rr) is x in Montgomery form
	one   []uint64 // the integer 1: Mul(a, one) leaves Montgomery form
	xs    []uint64 // ExpScratch(n) words: exp's table and accumulators
	acc   []uint64 // expPublic's
	t     []uint64
	d     []uint64 // scratch of condSub
	bR    []uint64 // B*R mod m, B = 2^(64(n-1)): the Horner step of reduce
	big   *big.Int // m, for setup only
	size  int      // bytes of the modulus as given
}

// checkModulus says what is wrong with a modulus (nil: fine).
func checkModulus(what string, mod []byte) error {
	switch {
	case len(mod) == 0:
		return fmt.Errorf("%s is empty", what)
	case len(mod) > MaxBytes:
		return fmt.Errorf("%s has %d bytes; at most %d (%d limbs)", what, len(mod), MaxBytes, MaxLimbs)
	case mod[0] == 0:
		return fmt.Errorf("%s has a leading zero byte: give it in its minimal length (the length sets R = 2^(64*ceil(len/8)))", what)
	case mod[len(mod)-1]&1 == 0:
		return fmt.Errorf("%s is even; Montgomery multiplication needs an odd modulus", what)
	case len(mod) == 1 && mod[0] == 1:
		return fmt.Errorf("%s is 1; it must be greater than 1", what)
	}
	return nil
}

// newMontCtx prepares a modulus (checkModulus) for f.Mul.
func newMontCtx(f *Funcs, what string, mod []byte) (*montCtx, error) {
	if err := checkModulus(what, mod); err != nil {
		return nil, err
	}
	n := (len(mod) + 7) / 8
	c := &montCtx{mul: f.Mul, fexp: f.Exp, fexp2: f.Exp2, n: n, size: len(mod)}
	buf := make([]uint64, n*7+ExpScratch(n))
	next := func() []uint64 {
		s := buf[:n:n]
		buf = buf[n:]
		return s
	}
	c.m, c.rr, c.one, c.acc, c.t, c.d, c.bR = next(), next(), next(), next(), next(), next(), next()
	c.xs = buf
	bytesToLimbs(c.m, mod)
	c.k0 = K0(c.m[0])
	c.one[0] = 1
	// The constants come from math/big once per modulus: setup, not the
	// operation, and the modulus is public.
	c.big = new(big.Int).SetBytes(mod)
	r2 := new(big.Int).Lsh(big.NewInt(1), uint(128*n))
	bigToLimbs(c.rr, r2.Mod(r2, c.big))
	if n > 1 {
		br := new(big.Int).Lsh(big.NewInt(1), uint(64*(2*n-1)))
		bigToLimbs(c.bR, br.Mod(br, c.big))
	}
	return c, nil
}

// bytesToLimbs sets z (zero-extended) to the big-endian number b, which
// must fit in len(z) limbs.
func bytesToLimbs(z []uint64, b []byte) {
	for i := range z {
		z[i] = 0
	}
	for i, v := range b {
		k := len(b) - 1 - i // byte position from the least significant
		z[k/8] |= uint64(v) << (8 * uint(k%8))
	}
}

// limbsToBytes writes the low len(b) bytes of z big-endian.
func limbsToBytes(b []byte, z []uint64) {
	for i := range b {
		k := len(b) - 1 - i
		if k/8 < len(z) {
			b[i] = byte(z[k/8] >> (8 * uint(k%8)))
		} else {
			b[i] = 0
		}
	}
}

func bigToLimbs(z []uint64, v *big.Int) {
	bytesToLimbs(z, v.Bytes())
}

// limbsLess reports a < m (operands are public here: input checks only).
func limbsLess(a, m []uint64) bool {
	for i := len(m) - 1; i >= 0; i-- {
		if a[i] != m[i] {
			return a[i] < m[i]
		}
	}
	return false
}

// readOperand converts a k-byte operand and checks that it is below m.
func (c *montCtx) readOperand(z []uint64, what string, b []byte) error {
	if len(b) != c.size {
		return fmt.Errorf("%s has %d bytes, want %d (the modulus's length)", what, len(b), c.size)
	}
	bytesToLimbs(z, b)
	if !limbsLess(z, c.m) {
		return fmt.Errorf("%s is not below the modulus", what)
	}
	return nil
}

// condSub sets z = z - m when top:z >= m (z < 2m), by mask.
func (c *montCtx) condSub(z []uint64, top uint64) {
	var b uint64
	for j := 0; j < c.n; j++ {
		c.d[j], b = bits.Sub64(z[j], c.m[j], b)
	}
	keep := -((top | (b ^ 1)) & 1)
	for j := 0; j < c.n; j++ {
		z[j] = (c.d[j] & keep) | (z[j] &^ keep)
	}
}

// reduce sets z = a mod m for a number a of any length, by Horner's rule in
// chunks of n-1 limbs (each below B = 2^(64(n-1)) <= m): z = z*B + chunk,
// where z*B mod m is one Mul by B*R mod m and the sum, below 2m, is brought
// under m by a masked subtraction. A one-limb modulus divides word by word.
func (c *montCtx) reduce(z, a []uint64) {
	n := c.n
	if n == 1 {
		var r uint64
		for i := len(a) - 1; i >= 0; i-- {
			_, r = bits.Div64(r, a[i], c.m[0])
		}
		z[0] = r
		return
	}
	w := n - 1
	for j := range z {
		z[j] = 0
	}
	for ci := (len(a) + w - 1) / w; ci > 0; ci-- {
		base := (ci - 1) * w
		c.mul(z, z, c.bR, c.m, c.k0)
		var carry uint64
		for j := 0; j < n; j++ {
			var v uint64
			if j < w && base+j < len(a) {
				v = a[base+j]
			}
			z[j], carry = bits.Add64(z[j], v, carry)
		}
		c.condSub(z, carry)
	}
}

// expBits reads width bits of the big-endian exponent e from bit lo up.
func expBits(e []byte, lo, width int) uint {
	var v uint
	for b := width - 1; b >= 0; b-- {
		k := lo + b
		v = v<<1 | uint(e[len(e)-1-k/8]>>uint(k%8)&1)
	}
	return v
}

// exp sets z = x^e mod m (x < m, plain limbs in and out): the level's Exp
// when it has one, else ExpMul over its Mul. z may be x.
func (c *montCtx) exp(z, x []uint64, e []byte) {
	if c.fexp != nil {
		c.fexp(z, x, e, c.m, c.rr, c.k0, c.xs)
		return
	}
	ExpMul(c.mul, z, x, e, c.m, c.rr, c.k0, c.xs)
}

// exp2 sets z1 = x1^e1 mod c's modulus and z2 = x2^e2 mod d's (the same
// limb count): the level's Exp2 over scratch (Exp2Scratch words), else
// Exp2Mul.
func exp2(c, d *montCtx, z1, x1 []uint64, e1 []byte, z2, x2 []uint64, e2 []byte, scratch []uint64) {
	if c.fexp2 != nil {
		c.fexp2(z1, x1, e1, c.m, c.rr, c.k0, z2, x2, e2, d.m, d.rr, d.k0, scratch)
		return
	}
	Exp2Mul(c.fexp, c.mul, z1, x1, e1, c.m, c.rr, c.k0, z2, x2, e2, d.m, d.rr, d.k0, scratch)
}

// Exp2Mul is the fallback of Exp2 (Funcs.Exp2): one exponentiation after
// the other, by the level's Exp when it has one (exp, nil for none), else
// ExpMul over mul, each in its half of scratch. The shorter exponent
// needs no padding here: leading zero bytes do not change x^e.
func Exp2Mul(exp func(z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64), mul func(z, x, y, m []uint64, k0 uint64),
	z1, x1 []uint64, e1 []byte, m1, rr1 []uint64, k01 uint64, z2, x2 []uint64, e2 []byte, m2, rr2 []uint64, k02 uint64, scratch []uint64) {
	w := ExpScratch(len(m1))
	s1, s2 := scratch[:w:w], scratch[w:2*w:2*w]
	if exp != nil {
		exp(z1, x1, e1, m1, rr1, k01, s1)
		exp(z2, x2, e2, m2, rr2, k02, s2)
		return
	}
	ExpMul(mul, z1, x1, e1, m1, rr1, k01, s1)
	ExpMul(mul, z2, x2, e2, m2, rr2, k02, s2)
}

// ExpMul is the family's exponentiation over a level's Mul, with Exp's
// contract (Funcs.Exp): the fixed window, the products made depend only
// on len(e), the table is read by masked select (expSel). A level's Exp
// computes the same.
func ExpMul(mul func(z, x, y, m []uint64, k0 uint64), z, x []uint64, e []byte, m, rr []uint64, k0 uint64, scratch []uint64) {
	n, w := len(m), ExpWindow
	tab := scratch[: n<<ExpWindow : n<<ExpWindow]
	rest := scratch[n<<ExpWindow:]
	acc, t, one := rest[:n:n], rest[n:2*n:2*n], rest[2*n:3*n:3*n]
	for j := range one {
		one[j] = 0
	}
	one[0] = 1
	mul(tab[:n], rr, one, m, k0)  // R mod m: 1 in Montgomery form
	mul(tab[n:2*n], x, rr, m, k0) // x R mod m
	for i := 2; i < 1<<ExpWindow; i++ {
		mul(tab[i*n:i*n+n], tab[(i-1)*n:i*n], tab[n:2*n], m, k0)
	}
	nbits := 8 * len(e)
	if nbits == 0 {
		copy(acc, tab[:n])
	} else {
		windows := (nbits + w - 1) / w
		lo := w * (windows - 1)
		expSel(acc, tab, expBits(e, lo, nbits-lo))
		for lo > 0 {
			lo -= w
			for s := 0; s < w; s++ {
				mul(acc, acc, acc, m, k0)
			}
			expSel(t, tab, expBits(e, lo, w))
			mul(acc, acc, t, m, k0)
		}
	}
	mul(z, acc, one, m, k0)
}

// expSel sets out to table entry idx, reading every entry under a mask.
func expSel(out, tab []uint64, idx uint) {
	n := len(out)
	for j := range out {
		out[j] = 0
	}
	for i := 0; i < 1<<ExpWindow; i++ {
		d := uint64(uint(i) ^ idx)
		mask := ((d | -d) >> 63) - 1 // all ones when i == idx
		row := tab[i*n : i*n+n]
		for j := 0; j < n; j++ {
			out[j] |= row[j] & mask
		}
	}
}

// ExpDigits writes the windows of e, top first, one ExpWindow-bit digit
// a byte, to dig (len(dig) >= ExpWindows(len(e))) and returns their
// number: the digits ExpMul selects, for a level's Exp that reads them
// from memory. The positions read depend only on len(e).
func ExpDigits(dig []byte, e []byte) int {
	nbits := 8 * len(e)
	windows := ExpWindows(len(e))
	for k := 0; k < windows; k++ {
		lo := ExpWindow * (windows - 1 - k)
		width := ExpWindow
		if nbits-lo < width {
			width = nbits - lo
		}
		i := len(e) - 1 - lo/8 // the byte holding bit lo
		v := uint(e[i])
		if i > 0 {
			v |= uint(e[i-1]) << 8
		}
		dig[k] = byte(v >> uint(lo%8) & (1<<uint(width) - 1))
	}
	return windows
}

// ExpWindows is the number of windows of a len(e)-byte exponent.
func ExpWindows(ebytes int) int { return (8*ebytes + ExpWindow - 1) / ExpWindow }

// expPublic sets z = x^e mod m for a public exponent, left to right one bit
// at a time from e's top set bit (verification: e is not secret, and
// 65537 costs 17 squarings, not a 32-entry table).
func (c *montCtx) expPublic(z, x []uint64, e []byte) {
	top := -1
	for k := 8*len(e) - 1; k >= 0; k-- {
		if expBits(e, k, 1) == 1 {
			top = k
			break
		}
	}
	if top < 0 {
		for j := range z {
			z[j] = 0
		}
		z[0] = 1 // x^0; m > 1
		return
	}
	c.mul(c.t, x, c.rr, c.m, c.k0)
	copy(c.acc, c.t)
	for k := top - 1; k >= 0; k-- {
		c.mul(c.acc, c.acc, c.acc, c.m, c.k0)
		if expBits(e, k, 1) == 1 {
			c.mul(c.acc, c.acc, c.t, c.m, c.k0)
		}
	}
	c.mul(z, c.acc, c.one, c.m, c.k0)
}

// MulBytes is the mont-mul op on one level: x*y*R^-1 mod modulus.
func MulBytes(f *Funcs, mod, in []byte) ([]byte, error) {
	c, err := newMontCtx(f, "modulus", mod)
	if err != nil {
		return nil, err
	}
	k := len(mod)
	if len(in) != 2*k {
		return nil, fmt.Errorf("mont-mul takes x || y, %d bytes each (the modulus's length), got %d bytes", k, len(in))
	}
	x, y := make([]uint64, c.n), make([]uint64, c.n)
	if err := c.readOperand(x, "x", in[:k]); err != nil {
		return nil, err
	}
	if err := c.readOperand(y, "y", in[k:]); err != nil {
		return nil, err
	}
	z := make([]uint64, c.n)
	f.Mul(z, x, y, c.m, c.k0)
	out := make([]byte, k)
	limbsToBytes(out, z)
	return out, nil
}

// ModExpBytes is the mod-exp op on one level: x^e mod modulus.
func ModExpBytes(f *Funcs, mod, e, in []byte) ([]byte, error) {
	c, err := newMontCtx(f, "modulus", mod)
	if err != nil {
		return nil, err
	}
	if len(e) > MaxBytes {
		return nil, fmt.Errorf("exponent has %d bytes; at most %d", len(e), MaxBytes)
	}
	x := make([]uint64, c.n)
	if err := c.readOperand(x, "x", in); err != nil {
		return nil, err
	}
	c.exp(x, x, e)
	out := make([]byte, len(mod))
	limbsToBytes(out, x)
	return out, nil
}

var errMontColumn = errors.New("mont speed algorithms take a column (1-based), not a size")

// montSpeedKey parses one of MontSpeedKeys.
func montSpeedKey(bits int) (n, e, d, p, q []byte) {
	for _, k := range SpeedKeys {
		if k.Bits == bits {
			hexb := func(s string) []byte {
				v, ok := new(big.Int).SetString(s, 16)
				if !ok {
					panic("arch: bad hex in MontSpeedKeys")
				}
				return v.Bytes()
			}
			return hexb(k.N), big.NewInt(int64(k.E)).Bytes(), hexb(k.D), hexb(k.P), hexb(k.Q)
		}
	}
	panic(fmt.Sprintf("arch: no %d-bit speed key", bits))
}

// SpeedOperands are x || y of the mont-2048 speed algorithm: 512 bytes
// of the speed pattern (both halves start with byte 7, below any 2048-bit
// modulus's top byte).
func SpeedOperands() []byte {
	b := make([]byte, 512)
	wire.SpeedPattern(b)
	return b
}

// RSASpeedDigest is the SHA-256 digest every rsa speed signature signs:
// 32 bytes of the speed pattern.
func RSASpeedDigest() []byte {
	b := make([]byte, 32)
	wire.SpeedPattern(b)
	return b
}

// montExampleModulus is an odd modulus of n bytes rounded up to whole limbs
// (1..MontMaxLimbs), top bit set: an Example input.
func montExampleModulus(read func([]byte), n int) []byte {
	k := (n + 7) / 8 * 8
	if k < 8 {
		k = 8
	}
	if k > MaxBytes {
		k = MaxBytes
	}
	m := make([]byte, k)
	read(m)
	m[0] |= 0x80
	m[k-1] |= 1
	return m
}

// montExampleBelow is a random operand below m (its top bit clear).
func montExampleBelow(read func([]byte), m []byte) []byte {
	x := make([]byte, len(m))
	read(x)
	x[0] &= 0x7f
	return x
}

func init() {
	f := &arch.Family{
		Name:  Name,
		Block: 8, // one 64-bit limb: Tuning in Blocks counts limbs
		Check: func(im *arch.Impl) error { _, err := Of(im); return err },
	}
	f.Ops = []*arch.Op{
		{OpInfo: wire.OpInfo{Name: MulOp, Shape: wire.ShapeFixed, Params: []string{"modulus"}},
			Run: func(im *arch.Impl, p [][]byte, _, in []byte, _ []int) ([]byte, error) {
				mf, err := Of(im)
				if err != nil {
					return nil, err
				}
				return MulBytes(mf, p[0], in)
			},
			Example: func(read func([]byte), n int) ([][]byte, []byte) {
				m := montExampleModulus(read, n)
				return [][]byte{m}, append(montExampleBelow(read, m), montExampleBelow(read, m)...)
			}},
		{OpInfo: wire.OpInfo{Name: ModExpOp, Shape: wire.ShapeFixed, Params: []string{"modulus", "exponent"}},
			Run: func(im *arch.Impl, p [][]byte, _, in []byte, _ []int) ([]byte, error) {
				mf, err := Of(im)
				if err != nil {
					return nil, err
				}
				return ModExpBytes(mf, p[0], p[1], in)
			},
			Example: func(read func([]byte), n int) ([][]byte, []byte) {
				m := montExampleModulus(read, n)
				e := make([]byte, 3)
				read(e)
				return [][]byte{m, e}, montExampleBelow(read, m)
			}},
		{OpInfo: wire.OpInfo{Name: RSASignOp, Shape: wire.ShapeFixed, Params: []string{"n", "e", "d", "p", "q", "hash"}},
			Run: func(im *arch.Impl, p [][]byte, _, in []byte, _ []int) ([]byte, error) {
				mf, err := Of(im)
				if err != nil {
					return nil, err
				}
				k, err := NewRSAKey(mf, p[0], p[1], p[2], p[3], p[4])
				if err != nil {
					return nil, err
				}
				return k.Sign(string(p[5]), in)
			}},
		{OpInfo: wire.OpInfo{Name: RSAVerifyOp, Shape: wire.ShapeFixed, Params: []string{"n", "e", "hash", "digest"}},
			Run: func(im *arch.Impl, p [][]byte, _, in []byte, _ []int) ([]byte, error) {
				mf, err := Of(im)
				if err != nil {
					return nil, err
				}
				ok, err := RSAVerify(mf, p[0], p[1], string(p[2]), p[3], in)
				if err != nil {
					return nil, err
				}
				if ok {
					return []byte{RSAValid}, nil
				}
				return []byte{RSAInvalid}, nil
			}},
	}
	for _, bits := range []int{2048, 3072, 4096} {
		bits := bits
		f.Speed = append(f.Speed, &arch.SpeedAlg{
			SpeedInfo: wire.SpeedInfo{Name: fmt.Sprintf("rsa%d", bits), Op: RSASignOp, Columns: []string{"sign", "verify"}},
			Prepare:   func(im *arch.Impl, col int) (func(int), func() []byte, error) { return rsaSpeed(im, bits, col) },
		})
	}
	f.Speed = append(f.Speed, &arch.SpeedAlg{
		SpeedInfo: wire.SpeedInfo{Name: "mont-2048", Op: MulOp, Columns: []string{"mul"}},
		Prepare:   montSpeed,
	})
	wholeSpeedAlgs(f) // whole.go
	f.Edges = edges
	arch.RegisterFamily(f)
}

// montSpeed: one operation is one Mul of the mont-2048 operands modulo the
// 2048-bit speed key's n (the kernel call alone, operands in limbs already).
func montSpeed(im *arch.Impl, col int) (func(int), func() []byte, error) {
	if col != 1 {
		return nil, nil, errMontColumn
	}
	mf, err := Of(im)
	if err != nil {
		return nil, nil, err
	}
	n, _, _, _, _ := montSpeedKey(2048)
	c, err := newMontCtx(mf, "modulus", n)
	if err != nil {
		return nil, nil, err
	}
	xy := SpeedOperands()
	x, y, z := make([]uint64, c.n), make([]uint64, c.n), make([]uint64, c.n)
	if err := c.readOperand(x, "x", xy[:256]); err != nil {
		return nil, nil, err
	}
	if err := c.readOperand(y, "y", xy[256:]); err != nil {
		return nil, nil, err
	}
	mul, m, k0 := mf.Mul, c.m, c.k0
	run := func(k int) {
		for i := 0; i < k; i++ {
			mul(z, x, y, m, k0)
		}
	}
	return run, func() []byte {
		out := make([]byte, 256)
		limbsToBytes(out, z)
		return out
	}, nil
}

// rsaSpeed: column 1 signs the speed digest (SHA-256 DigestInfo, CRT) with
// the speed key of that size, column 2 verifies that signature (answers
// the verdict byte).
func rsaSpeed(im *arch.Impl, bits, col int) (func(int), func() []byte, error) {
	mf, err := Of(im)
	if err != nil {
		return nil, nil, err
	}
	n, e, d, p, q := montSpeedKey(bits)
	key, err := NewRSAKey(mf, n, e, d, p, q)
	if err != nil {
		return nil, nil, err
	}
	digest := RSASpeedDigest()
	prefix, err := rsaPrefix("sha256", digest)
	if err != nil {
		return nil, nil, err
	}
	sig := make([]byte, key.k)
	if err := key.sign(sig, prefix, digest); err != nil {
		return nil, nil, err
	}
	switch col {
	case 1:
		run := func(k int) {
			for i := 0; i < k; i++ {
				key.sign(sig, prefix, digest)
			}
		}
		return run, func() []byte { return append([]byte(nil), sig...) }, nil
	case 2:
		pub, err := newRSAPublic(mf, n, e)
		if err != nil {
			return nil, nil, err
		}
		var verdict byte
		run := func(k int) {
			for i := 0; i < k; i++ {
				verdict = RSAInvalid
				if ok, _ := pub.verify(prefix, digest, sig); ok {
					verdict = RSAValid
				}
			}
		}
		return run, func() []byte { return []byte{verdict} }, nil
	}
	return nil, nil, errMontColumn
}
