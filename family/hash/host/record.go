package host

import (
	"fmt"

	"github.com/xarchlab/xarch/algs"
)

// hashRecord is the SHAVS record whose MD is at path:line (the line the
// suite names), as a request of op, a digest of size bytes.
func hashRecord(path string, line int, op string, size int) (algs.Record, error) {
	cases, err := LoadHash(path, size)
	if err != nil {
		return algs.Record{}, err
	}
	for _, c := range cases {
		if c.Line == line {
			return algs.Record{Op: op, In: c.Msg, Expected: c.MD}, nil
		}
	}
	return algs.Record{}, fmt.Errorf("%s: no vector's MD is on line %d", path, line)
}

// monteRecord is the Monte checkpoint at path:line (its COUNT or MD line)
// as one Monte Carlo step: seeded with the previous checkpoint's MD, as
// the suite runs it.
func monteRecord(path string, line int, op string, size int) (algs.Record, error) {
	mc, err := LoadMonte(path, size)
	if err != nil {
		return algs.Record{}, err
	}
	seed := mc.Seed
	for _, cp := range mc.Checkpoints {
		if cp.Line == line || cp.Line == line+1 {
			return algs.Record{Op: op, In: seed, MCT: true, Expected: cp.MD}, nil
		}
		seed = cp.MD
	}
	return algs.Record{}, fmt.Errorf("%s: no Monte checkpoint on line %d", path, line)
}
