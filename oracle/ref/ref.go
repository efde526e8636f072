// Package ref is xarch's one reference: every op of every family computed
// with Go's standard library, sharing no code with the kernels it judges.
// The wasm oracle (oracle/refmod) serves it, the suite's edge checks and the
// target-side unit tests (arch/archtest) call it directly.
//
// Standard library only, Go 1.18 (gccgo 12 builds it for the target-side
// tests, and it is compiled for wasip1). Adding a family is one file here
// that registers its ops.
package ref

import (
	"fmt"
	"sort"
	"strings"
)

// op computes one answer from the op's params and its data.
type op struct {
	params int
	run    func(params [][]byte, in []byte) ([]byte, error)
}

var ops = map[string]op{}

func add(name string, params int, run func(params [][]byte, in []byte) ([]byte, error)) {
	if _, dup := ops[name]; dup {
		panic("ref: duplicate op " + name)
	}
	ops[name] = op{params, run}
}

// Run computes op over in with its params (the wire op's, in order).
func Run(name string, params [][]byte, in []byte) ([]byte, error) {
	o, ok := ops[name]
	if !ok {
		return nil, fmt.Errorf("reference has no op %q (known: %s)", name, strings.Join(Ops(), ", "))
	}
	if len(params) != o.params {
		return nil, fmt.Errorf("%s takes %d params and the data, got %d params", name, o.params, len(params))
	}
	return o.run(params, in)
}

// Ops lists the ops the reference knows, sorted.
func Ops() []string {
	var out []string
	for k := range ops {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
