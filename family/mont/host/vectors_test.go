package host

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/xarchlab/xarch/oracle/ref"
)

// Every RSA file parses, the .txt twins match their .rsp files, and the
// records mean what the suite takes them to mean: every SigGen S verifies
// (and, with d, is EM^d mod n), every SigVer verdict is what math/big says.
func TestRSAFilesAgreeWithMathBig(t *testing.T) {
	counts := map[string]int{}
	for _, f := range RSAFiles() {
		cases, err := LoadRSA(f.Path, f.SigVer)
		if err != nil {
			t.Fatal(err)
		}
		if f.Private != "" {
			priv, err := LoadRSA(f.Private, false)
			if err != nil {
				t.Fatal(err)
			}
			if err := MatchRSAPrivate(cases, priv, f.Path, f.Private); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range cases {
			n := new(big.Int).SetBytes(c.N)
			em, err := ref.EMSAPKCS1(c.Hash, c.Digest(), len(c.N))
			if err != nil {
				t.Fatalf("%s:%d: %v", f.Path, c.Line, err)
			}
			s := new(big.Int).SetBytes(c.S)
			got := new(big.Int).Exp(s, new(big.Int).SetBytes(c.E), n).FillBytes(make([]byte, len(c.N)))
			ok := len(c.S) == len(c.N) && s.Cmp(n) < 0 && bytes.Equal(got, em)
			if f.SigVer && ok != c.Pass {
				t.Fatalf("%s:%d: math/big verifies %v, the file says %s", f.Path, c.Line, ok, c.Result)
			}
			if !f.SigVer && !ok {
				t.Fatalf("%s:%d: S does not verify", f.Path, c.Line)
			}
			if c.D != nil && (!f.SigVer || c.Pass) {
				sig := new(big.Int).Exp(new(big.Int).SetBytes(em), new(big.Int).SetBytes(c.D), n)
				if sig.Cmp(s) != 0 {
					t.Fatalf("%s:%d: EM^d mod n is not S", f.Path, c.Line)
				}
				counts["signed"]++
			}
			if c.P != nil {
				counts["crt"]++
			}
			counts[f.Path]++
		}
	}
	t.Log(counts)
}
