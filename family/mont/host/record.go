package host

import (
	"fmt"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/mont"
)

// rsaRecord is the SigGen15 or SigVer15 record whose expected answer is at
// path:line (its S line, or its Result line), as one rsa-verify request:
// SigGen's S must verify, SigVer's must answer as its Result says.
func rsaRecord(path string, line int, sigVer bool) (algs.Record, error) {
	cases, err := LoadRSA(path, sigVer)
	if err != nil {
		return algs.Record{}, err
	}
	for _, c := range cases {
		if c.Line != line {
			continue
		}
		want := byte(mont.RSAValid)
		if sigVer && !c.Pass {
			want = mont.RSAInvalid
		}
		return algs.Record{Op: mont.RSAVerifyOp, Params: [][]byte{c.N, c.E, []byte(c.Hash), c.Digest()}, In: c.S,
			Expected: []byte{want}}, nil
	}
	what := "S"
	if sigVer {
		what = "Result"
	}
	return algs.Record{}, fmt.Errorf("%s: no record's %s is on line %d", path, what, line)
}
