package aes

import (
	"crypto/sha256"
	"errors"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// What a provider level (arch.Whole) needs of this family: the AESAVS
// Monte Carlo loop and the speed operation, over the provider's calls.

// wholeMCT is aesMCT's loop over one provider stream.
func wholeMCT(w arch.Whole, op *arch.Op, mode string, args [][]byte) ([][]byte, error) {
	if len(args) != 3 || len(args[2]) != 16 {
		return nil, errors.New("AES Monte Carlo takes key, iv and one 16-byte block of text")
	}
	crypt, done, err := w.Stream(op, args[:2])
	if err != nil {
		return nil, err
	}
	defer done()
	var in, out, prev [16]byte
	copy(in[:], args[2])
	for j := 0; j < MCTInner; j++ {
		prev = out
		if err := crypt(out[:], in[:]); err != nil {
			return nil, err
		}
		switch {
		case mode == ModeECB:
			in = out
		case j == 0:
			copy(in[:], args[1])
		default:
			in = prev
		}
	}
	return [][]byte{out[:], prev[:]}, nil
}

// wholeSpeed is aesSpeed over a provider: one buffer crypted in place per
// operation with the chaining carried, checked by the SHA-256 of one
// fresh pass.
func wholeSpeed(w arch.Whole, op *arch.Op, mode string, keyLen, size int) (func(int), func() []byte, error) {
	msg := make([]byte, size)
	wire.SpeedPattern(msg)
	params := [][]byte{SpeedKey(keyLen), SpeedIV(mode)}
	fresh := make([]byte, size)
	if _, err := w.Run(op, params, fresh, msg, nil); err != nil {
		return nil, nil, err
	}
	check := sha256.Sum256(fresh)
	crypt, _, err := w.Stream(op, params) // lives as long as the runner's request
	if err != nil {
		return nil, nil, err
	}
	run := func(n int) {
		for i := 0; i < n; i++ {
			crypt(msg, msg)
		}
	}
	return run, func() []byte { return check[:] }, nil
}
