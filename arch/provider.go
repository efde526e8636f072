package arch

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/xarchlab/xarch/wire"
)

// Providers. A provider level's Funcs is a Whole: an external library
// (OpenSSL's libcrypto, provider/openssl) that serves each op of its
// family whole, instead of the family running its own mode and padding
// code over a kernel. The runner reaches every level through RunOp and
// RunMCT, so a provider gets the same requests, pieces, guard pages and
// in-place checks as xarch's own levels.

// Whole is the entry point of a provider level.
type Whole interface {
	// Run computes op as Op.Run does (params in OpInfo.Params order, dst
	// as long as in for ciphers, chunks fed as separate library calls).
	Run(op *Op, params [][]byte, dst, in []byte, chunks []int) ([]byte, error)
	// Stream opens a cipher op for Monte Carlo steps: crypt carries the
	// chaining state across calls; done frees the library context.
	Stream(op *Op, params [][]byte) (crypt func(dst, src []byte) error, done func(), err error)
}

// MCTer is a provider that runs a Monte Carlo checkpoint itself (one
// call into the library instead of a thousand).
type MCTer interface {
	MCT(op *Op, args [][]byte) ([][]byte, error)
}

// WholeOf returns im's provider entry point, nil for a kernel level.
func WholeOf(im *Impl) Whole {
	w, _ := im.Funcs.(Whole)
	return w
}

// RunOp runs op on im: through the provider when im is one.
func RunOp(op *Op, im *Impl, params [][]byte, dst, in []byte, chunks []int) ([]byte, error) {
	if w := WholeOf(im); w != nil {
		return w.Run(op, params, dst, in, chunks)
	}
	return op.Run(im, params, dst, in, chunks)
}

// RunMCT runs one Monte Carlo checkpoint of op on im. A provider runs the
// same SHAVS and AESAVS loops as the families, over its own calls.
func RunMCT(op *Op, im *Impl, args [][]byte) ([][]byte, error) {
	w := WholeOf(im)
	if w == nil {
		return op.MCT(im, args)
	}
	if m, ok := w.(MCTer); ok {
		return m.MCT(op, args)
	}
	return WholeMCT(w, op, args)
}

// WholeMCT runs a Monte Carlo checkpoint over a provider's Run and Stream.
func WholeMCT(w Whole, op *Op, args [][]byte) ([][]byte, error) {
	if op.Shape == wire.ShapeHash {
		return wholeHashMCT(w, op, args)
	}
	if op.Family == AES {
		return wholeAESMCT(w, op, args)
	}
	return nil, fmt.Errorf("%s has no Monte Carlo test for providers", op.Name)
}

func wholeHashMCT(w Whole, op *Op, args [][]byte) ([][]byte, error) {
	if len(args) != 1 || len(args[0]) != op.Out {
		return nil, fmt.Errorf("%s Monte Carlo takes one %d-byte seed", op.Name, op.Out)
	}
	buf := make([]byte, 0, 3*op.Out)
	a, b, c := args[0], args[0], args[0]
	for i := 0; i < 1000; i++ {
		buf = append(append(append(buf[:0], a...), b...), c...)
		next, err := w.Run(op, nil, nil, buf, nil)
		if err != nil {
			return nil, err
		}
		a, b, c = b, c, next
	}
	return [][]byte{c}, nil
}

// wholeAESMCT is aesMCT's loop over one provider stream.
func wholeAESMCT(w Whole, op *Op, args [][]byte) ([][]byte, error) {
	if len(args) != 3 || len(args[2]) != 16 {
		return nil, errors.New("AES Monte Carlo takes key, iv and one 16-byte block of text")
	}
	crypt, done, err := w.Stream(op, args[:2])
	if err != nil {
		return nil, err
	}
	defer done()
	ecb := op.Name == AESOpName(AESModeECB, false) || op.Name == AESOpName(AESModeECB, true)
	var in, out, prev [16]byte
	copy(in[:], args[2])
	for j := 0; j < AESMCTInner; j++ {
		prev = out
		if err := crypt(out[:], in[:]); err != nil {
			return nil, err
		}
		switch {
		case ecb:
			in = out
		case j == 0:
			copy(in[:], args[1])
		default:
			in = prev
		}
	}
	return [][]byte{out[:], prev[:]}, nil
}

// PrepareSpeed sets up alg's timing loop on im: the family's own for a
// kernel level; for a provider, the same operation and check output over
// its calls (a hash per buffer; AES in place with the chaining carried,
// checked by the SHA-256 of one fresh pass; a GCM seal, checked by its tag).
func PrepareSpeed(alg *SpeedAlg, im *Impl, size int) (func(int), func() []byte, error) {
	w := WholeOf(im)
	if w == nil {
		return alg.Prepare(im, size)
	}
	op, ok := opsByName[alg.Op]
	if !ok {
		return nil, nil, fmt.Errorf("speed %s names unknown op %s", alg.Name, alg.Op)
	}
	msg := make([]byte, size)
	wire.SpeedPattern(msg)
	var bits int
	switch {
	case op.Shape == wire.ShapeHash:
		out, err := w.Run(op, nil, nil, msg, nil)
		if err != nil {
			return nil, nil, err
		}
		run := func(n int) {
			for i := 0; i < n; i++ {
				out, _ = w.Run(op, nil, nil, msg, nil)
			}
		}
		return run, func() []byte { return append([]byte(nil), out...) }, nil
	case op.Family == AES:
		if _, err := fmt.Sscanf(alg.Name, "aes-%d-", &bits); err != nil {
			return nil, nil, fmt.Errorf("speed %s: no key size in the name", alg.Name)
		}
		mode := ""
		for _, m := range AESModes {
			if op.Name == AESOpName(m, false) || op.Name == AESOpName(m, true) {
				mode = m
			}
		}
		params := [][]byte{AESSpeedKey(bits / 8), AESSpeedIV(mode)}
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
	case op.Name == GCMSealOp:
		if _, err := fmt.Sscanf(alg.Name, "aes-%d-", &bits); err != nil {
			return nil, nil, fmt.Errorf("speed %s: no key size in the name", alg.Name)
		}
		params := [][]byte{GCMSpeedKey(bits / 8), GCMSpeedIV(), nil, {16}}
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
	return nil, nil, fmt.Errorf("the provider of %s is not timed for %s", im.Name, alg.Name)
}
