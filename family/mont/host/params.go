package host

import (
	"fmt"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/wire"
)

// ParamRules are what the mont ops refuse (mont's contexts), checked on
// the host before a runner starts.
var ParamRules = map[string]algs.ParamRule{
	"modulus": func(op wire.OpInfo, v, in []byte) error {
		if err := modulusRule(v); err != nil {
			return fmt.Errorf("%s: %v", op.Name, err)
		}
		k := len(v)
		operands := 1
		if op.Name == mont.MulOp {
			operands = 2
		}
		if len(in) != operands*k {
			if operands == 2 {
				return fmt.Errorf("%s takes x || y, %d bytes each (the modulus's length), got %d bytes", op.Name, k, len(in))
			}
			return fmt.Errorf("%s takes x of %d bytes (the modulus's length), got %d bytes", op.Name, k, len(in))
		}
		for i, name := range []string{"x", "y"}[:operands] {
			if !below(in[i*k:(i+1)*k], v) {
				return fmt.Errorf("%s: %s is not below the modulus", op.Name, name)
			}
		}
		return nil
	},
	"exponent": func(op wire.OpInfo, v, _ []byte) error {
		if len(v) > mont.MaxBytes {
			return fmt.Errorf("%s: the exponent has %d bytes; at most %d", op.Name, len(v), mont.MaxBytes)
		}
		return nil
	},
}

func modulusRule(m []byte) error {
	switch {
	case len(m) == 0:
		return fmt.Errorf("the modulus is empty")
	case len(m) > mont.MaxBytes:
		return fmt.Errorf("the modulus has %d bytes; at most %d", len(m), mont.MaxBytes)
	case m[0] == 0:
		return fmt.Errorf("the modulus has a leading zero byte: give it in its minimal length (the length sets R = 2^(64*ceil(len/8)))")
	case m[len(m)-1]&1 == 0:
		return fmt.Errorf("the modulus is even; Montgomery multiplication needs an odd modulus")
	case len(m) == 1 && m[0] == 1:
		return fmt.Errorf("the modulus is 1; it must be greater than 1")
	}
	return nil
}

// below reports x < m for big-endian x and m of the same length.
func below(x, m []byte) bool {
	for i := range m {
		if x[i] != m[i] {
			return x[i] < m[i]
		}
	}
	return false
}
