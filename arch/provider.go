package arch

import "fmt"

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

// WholeMCT runs a Monte Carlo checkpoint over a provider's Run and Stream,
// the way the family declares it (Op.WholeMCT).
func WholeMCT(w Whole, op *Op, args [][]byte) ([][]byte, error) {
	if op.WholeMCT == nil {
		return nil, fmt.Errorf("%s has no Monte Carlo test for providers", op.Name)
	}
	return op.WholeMCT(w, op, args)
}

// PrepareSpeed sets up alg's timing loop on im: the family's own for a
// kernel level, the family's PrepareWhole for a provider.
func PrepareSpeed(alg *SpeedAlg, im *Impl, size int) (func(int), func() []byte, error) {
	w := WholeOf(im)
	if w == nil {
		return alg.Prepare(im, size)
	}
	op, ok := opsByName[alg.Op]
	if !ok {
		return nil, nil, fmt.Errorf("speed %s names unknown op %s", alg.Name, alg.Op)
	}
	if alg.PrepareWhole == nil {
		return nil, nil, fmt.Errorf("the provider of %s is not timed for %s", im.Name, alg.Name)
	}
	return alg.PrepareWhole(w, op, size)
}
