package mont

import (
	"fmt"
	"math/big"

	"github.com/xarchlab/xarch/arch"
)

// The mont ops served whole by a provider (arch.Whole): the same input
// checks as a kernel level (so a provider's errors are the family's, word
// for word), the CRT values its key format wants, and the speed loops.

// CheckMul checks mont-mul's inputs as MulBytes does.
func CheckMul(mod, in []byte) error {
	c, err := newMontCtx(&Funcs{}, "modulus", mod) // setup only: Mul is never called
	if err != nil {
		return err
	}
	k := len(mod)
	if len(in) != 2*k {
		return fmt.Errorf("mont-mul takes x || y, %d bytes each (the modulus's length), got %d bytes", k, len(in))
	}
	x := make([]uint64, c.n)
	if err := c.readOperand(x, "x", in[:k]); err != nil {
		return err
	}
	return c.readOperand(x, "y", in[k:])
}

// CheckModExp checks mod-exp's inputs as ModExpBytes does.
func CheckModExp(mod, e, in []byte) error {
	c, err := newMontCtx(&Funcs{}, "modulus", mod)
	if err != nil {
		return err
	}
	if len(e) > MaxBytes {
		return fmt.Errorf("exponent has %d bytes; at most %d", len(e), MaxBytes)
	}
	return c.readOperand(make([]uint64, c.n), "x", in)
}

// CRT is a private key's CRT values, big-endian, as a library takes them.
type CRT struct{ DP, DQ, QInv []byte }

// CheckRSASign checks rsa-sign's inputs as NewRSAKey and Sign do and
// returns the CRT values (nil without p and q).
func CheckRSASign(n, e, d, p, q []byte, hash string, digest []byte) (*CRT, error) {
	key, err := NewRSAKey(&Funcs{}, n, e, d, p, q)
	if err != nil {
		return nil, err
	}
	prefix, err := rsaPrefix(hash, digest)
	if err != nil {
		return nil, err
	}
	if err := emsa(key.em, prefix, digest); err != nil {
		return nil, err
	}
	if !key.crt {
		return nil, nil
	}
	qInv := new(big.Int).ModInverse(key.q.big, key.p.big)
	return &CRT{DP: trimZeros(key.dP), DQ: trimZeros(key.dQ), QInv: qInv.Bytes()}, nil
}

// CheckRSAVerify checks rsa-verify's inputs as RSAVerify does. decided
// is set when the answer is Invalid before any arithmetic (a signature of
// the wrong length or not below n, e zero: s^0 = 1 is no encoding), which
// a library reports as an error instead.
func CheckRSAVerify(n, e []byte, hash string, digest, sig []byte) (decided bool, err error) {
	prefix, err := rsaPrefix(hash, digest)
	if err != nil {
		return false, err
	}
	pub, err := newRSAPublic(&Funcs{}, n, e)
	if err != nil {
		return false, err
	}
	if err := emsa(pub.em, prefix, digest); err != nil {
		return false, err
	}
	if len(sig) != len(n) || len(pub.e) == 0 {
		return true, nil
	}
	bytesToLimbs(pub.s, sig)
	return !limbsLess(pub.s, pub.n.m), nil
}

// Looper is a provider that runs a mont op's speed loop inside the
// library: one call for n operations with the key and operands converted
// once, as a kernel level's loop has them in limbs already (a Run per
// operation would time the conversions and the key setup).
type Looper interface {
	Loop(op *arch.Op, params [][]byte, in []byte) (run func(n int), last func() []byte, err error)
}

// wholeSpeed is the speed loop of a provider level: the same operation
// and check output as rsaSpeed and montSpeed.
func wholeSpeed(w arch.Whole, bits, col int) (func(int), func() []byte, error) {
	n, e, d, p, q := montSpeedKey(bits)
	var op *arch.Op
	var params [][]byte
	var in []byte
	switch {
	case bits == 2048 && col == 0: // mont-2048
		op, params, in = lookup(MulOp), [][]byte{n}, SpeedOperands()
	case col == 1:
		op, params, in = lookup(RSASignOp), [][]byte{n, e, d, p, q, []byte("sha256")}, RSASpeedDigest()
	case col == 2:
		sig, err := w.Run(lookup(RSASignOp), [][]byte{n, e, d, p, q, []byte("sha256")}, nil, RSASpeedDigest(), nil)
		if err != nil {
			return nil, nil, err
		}
		op, params, in = lookup(RSAVerifyOp), [][]byte{n, e, []byte("sha256"), RSASpeedDigest()}, sig
	default:
		return nil, nil, errMontColumn
	}
	if l, ok := w.(Looper); ok {
		return l.Loop(op, params, in)
	}
	var out []byte
	var err error
	run := func(k int) {
		for i := 0; i < k && err == nil; i++ {
			out, err = w.Run(op, params, nil, in, nil)
		}
	}
	if out, err = w.Run(op, params, nil, in, nil); err != nil {
		return nil, nil, err
	}
	return run, func() []byte {
		if err != nil {
			return []byte(err.Error())
		}
		return append([]byte(nil), out...)
	}, nil
}

func lookup(name string) *arch.Op {
	op, ok := arch.LookupOp(name)
	if !ok {
		panic("mont: op " + name + " not registered")
	}
	return op
}

// wholeSpeedAlgs sets PrepareWhole on the family's speed algorithms.
func wholeSpeedAlgs(f *arch.Family) {
	for _, a := range f.Speed {
		a := a
		bits := 2048
		fmt.Sscanf(a.Name, "rsa%d", &bits)
		mul := a.SpeedInfo.Name == "mont-2048"
		a.PrepareWhole = func(w arch.Whole, _ *arch.Op, col int) (func(int), func() []byte, error) {
			if mul {
				if col != 1 {
					return nil, nil, errMontColumn
				}
				col = 0
			}
			return wholeSpeed(w, bits, col)
		}
	}
}
