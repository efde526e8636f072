package validate

import (
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// Op checks one request of `xarch run` against the op's declaration:
// params given by name (unknown names refused), the data's length in
// whole units, the family's param rules (algs.Spec.Params, declared by
// each family's host package) and, when set, the pieces.
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
	if spec, ok := algs.Lookup(op.Family); ok {
		for _, p := range op.Params {
			if r := spec.Params[p]; r != nil {
				if err := r(op, params[p], in); err != nil {
					return &Error{Msg: err.Error()}
				}
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

// Named gives a record's params (in the op's order) their names, for Op.
func Named(name string, ordered [][]byte) map[string][]byte {
	out := map[string][]byte{}
	if o, ok := arch.LookupOp(name); ok {
		for i, p := range o.Params {
			if i < len(ordered) {
				out[p] = ordered[i]
			}
		}
	}
	return out
}
