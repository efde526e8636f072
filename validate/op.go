package validate

import (
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// paramRule checks one param of an op (nil: fine); in is the op's data.
type paramRule func(op wire.OpInfo, v, in []byte) error

// rules are the param rules of each family, by param name: what the
// family's Run refuses (arch/aesmodes.go, gcm.go, mont_family.go), said
// before a runner starts.
var rules = map[string]map[string]paramRule{
	arch.AES: {
		"key": aesKey,
		"iv": func(op wire.OpInfo, v, _ []byte) error {
			if aesMode(op) == arch.AESModeECB {
				if len(v) != 0 {
					return Errorf("%s takes no iv, got %d bytes", op.Name, len(v))
				}
				return nil
			}
			if len(v) != 16 {
				return Errorf("%s needs a 16-byte iv, got %d bytes", op.Name, len(v))
			}
			return nil
		},
	},
	arch.GCM: {
		"key": aesKey,
		"iv": func(op wire.OpInfo, v, _ []byte) error {
			if len(v) == 0 {
				return Errorf("%s: the iv must not be empty", op.Name)
			}
			return nil
		},
		"taglen": func(op wire.OpInfo, v, in []byte) error {
			if len(v) != 1 {
				return Errorf("%s: taglen must be one byte (the tag length in bytes), got %d bytes", op.Name, len(v))
			}
			n := int(v[0])
			if n < 4 || n > 16 {
				return Errorf("%s: the tag length must be 4..16 bytes, got %d", op.Name, n)
			}
			if op.Name == arch.GCMOpenOp && len(in) < n {
				return Errorf("%s: the input has %d bytes, shorter than the %d-byte tag: rejected", op.Name, len(in), n)
			}
			return nil
		},
	},
	arch.Mont: {
		"modulus": func(op wire.OpInfo, v, in []byte) error {
			if err := modulus(v); err != nil {
				return Errorf("%s: %v", op.Name, err)
			}
			k := len(v)
			operands := 1
			if op.Name == arch.MontMulOp {
				operands = 2
			}
			if len(in) != operands*k {
				if operands == 2 {
					return Errorf("%s takes x || y, %d bytes each (the modulus's length), got %d bytes", op.Name, k, len(in))
				}
				return Errorf("%s takes x of %d bytes (the modulus's length), got %d bytes", op.Name, k, len(in))
			}
			for i, name := range []string{"x", "y"}[:operands] {
				if !below(in[i*k:(i+1)*k], v) {
					return Errorf("%s: %s is not below the modulus", op.Name, name)
				}
			}
			return nil
		},
		"exponent": func(op wire.OpInfo, v, _ []byte) error {
			if len(v) > arch.MontMaxBytes {
				return Errorf("%s: the exponent has %d bytes; at most %d", op.Name, len(v), arch.MontMaxBytes)
			}
			return nil
		},
	},
}

func aesKey(op wire.OpInfo, v, _ []byte) error {
	if !arch.ValidAESKeyLen(len(v)) {
		return Errorf("%s: the AES key must be 16, 24 or 32 bytes, got %d", op.Name, len(v))
	}
	return nil
}

// aesMode is the mode in an AES op's name (aes-cbc-enc: cbc).
func aesMode(op wire.OpInfo) string {
	parts := strings.Split(op.Name, "-")
	if len(parts) == 3 {
		return parts[1]
	}
	return ""
}

// modulus is the rule of arch's Montgomery contexts.
func modulus(m []byte) error {
	switch {
	case len(m) == 0:
		return Errorf("the modulus is empty")
	case len(m) > arch.MontMaxBytes:
		return Errorf("the modulus has %d bytes; at most %d", len(m), arch.MontMaxBytes)
	case m[0] == 0:
		return Errorf("the modulus has a leading zero byte: give it in its minimal length (the length sets R = 2^(64*ceil(len/8)))")
	case m[len(m)-1]&1 == 0:
		return Errorf("the modulus is even; Montgomery multiplication needs an odd modulus")
	case len(m) == 1 && m[0] == 1:
		return Errorf("the modulus is 1; it must be greater than 1")
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

// Op checks one request of `xarch run` against the op's declaration:
// params given by name (unknown names refused), the data's length in
// whole units, the family's param rules and, when set, the pieces.
func Op(name string, params map[string][]byte, in []byte, pieces string) error {
	o, ok := arch.LookupOp(name)
	if !ok {
		var names []string
		for _, x := range arch.Ops() {
			names = append(names, x.Name)
		}
		return Errorf("--op %q: no such op (ops: %s)", name, strings.Join(names, ", "))
	}
	op := o.OpInfo
	known := map[string]bool{}
	for _, p := range op.Params {
		known[p] = true
	}
	for p := range params {
		if !known[p] {
			takes := strings.Join(op.Params, ", ")
			if takes == "" {
				takes = "no params"
			}
			return Errorf("--param %s: %s takes %s", p, op.Name, takes)
		}
	}
	if op.Unit > 1 && len(in)%op.Unit != 0 {
		return Errorf("%s takes whole %d-byte blocks; the input has %d bytes", op.Name, op.Unit, len(in))
	}
	for _, p := range op.Params {
		if r := rules[op.Family][p]; r != nil {
			if err := r(op, params[p], in); err != nil {
				return err
			}
		}
	}
	if pieces != "" {
		return Pieces(pieces, op)
	}
	return nil
}

// Pieces checks a --pieces list as the runner's batch command reads it:
// sizes >= 0 in whole units, not all 0, for an op that streams.
func Pieces(spec string, op wire.OpInfo) error {
	if !op.Streams() {
		return Errorf("--pieces: %s (%s) cannot be fed in pieces", op.Name, op.Shape)
	}
	unit := op.Unit
	if unit < 1 {
		unit = 1
	}
	some := false
	for _, f := range strings.Split(spec, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return Errorf("--pieces %q: %q is not a size (a whole number >= 0)", spec, f)
		}
		if n%unit != 0 {
			return Errorf("--pieces %q: %d is not a whole number of %d-byte units", spec, n, unit)
		}
		some = some || n > 0
	}
	if !some {
		return Errorf("--pieces %q: every size is 0", spec)
	}
	return nil
}
