package host

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/gcm"
)

// gcmRecord is the GCMVS record whose expected answer is at path:line (the
// PT, FAIL or, for encryption, Tag line: the line the suite names), as one
// seal or open request with the answer the suite expects.
func gcmRecord(path string, line int) (algs.Record, error) {
	var info *GCMFile
	for _, f := range GCMFiles() {
		if filepath.Clean(path) == f.Path || strings.HasSuffix(filepath.Clean(path), string(filepath.Separator)+f.Path) {
			f := f
			info = &f
		}
	}
	if info == nil {
		return algs.Record{}, fmt.Errorf("%s: not one of the GCMVS files (nist/gcm/...)", path)
	}
	cases, err := LoadGCM(path, info.Decrypt)
	if err != nil {
		return algs.Record{}, err
	}
	for _, c := range cases {
		if c.Line != line {
			continue
		}
		params := [][]byte{c.Key, c.IV, c.AAD, {byte(len(c.Tag))}}
		sealed := append(append([]byte(nil), c.CT...), c.Tag...)
		if !info.Decrypt {
			return algs.Record{Op: gcm.SealOp, Params: params, In: c.PT, Expected: sealed}, nil
		}
		want := []byte{gcm.AuthFailed}
		if !c.Fail {
			want = append([]byte{gcm.AuthOK}, c.PT...)
		}
		return algs.Record{Op: gcm.OpenOp, Params: params, In: sealed, Expected: want}, nil
	}
	return algs.Record{}, fmt.Errorf("%s: no record's expected answer (PT, FAIL or Tag) is on line %d", path, line)
}
