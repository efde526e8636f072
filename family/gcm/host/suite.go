package host

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/suite"
)

func init() {
	suite.RegisterKind(KindGCMVS, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, file string) suite.Result {
		return runGCMFile(s, e, file)
	})
}

// GCMVS files: every record of a file in one batch request (seal for the
// encrypt files, open for the decrypt files, whose FAIL records must answer
// "authentication failed"), then, for 128-bit keys, again with the data fed
// in pieces.

// gcmPieces cut the data of the second pass.
const gcmPieces = "1,15,0,17,33"

func runGCMFile(s *driver.Session, e suite.Env, file string) suite.Result {
	t := suite.NewTally()
	var info GCMFile
	for _, f := range GCMFiles() {
		if f.Path == file {
			info = f
		}
	}
	if info.Path == "" {
		t.Res.Reason = "not a GCMVS file: " + file
		return t.Done(1)
	}
	cases, err := LoadGCM(filepath.Join(e.Dir, file), info.Decrypt)
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	op := gcm.SealOp
	if info.Decrypt {
		op = gcm.OpenOp
	}
	passes := []string{""}
	if info.KeyBits == 128 {
		passes = append(passes, gcmPieces)
	}
	failed, total := 0, len(cases)*len(passes)
	for _, pieces := range passes {
		flat := make([][]byte, 0, 5*len(cases))
		wants := make([][]byte, 0, len(cases))
		for _, c := range cases {
			tl := []byte{byte(len(c.Tag))}
			if info.Decrypt {
				flat = append(flat, c.Key, c.IV, c.AAD, tl, append(append([]byte(nil), c.CT...), c.Tag...))
				if c.Fail {
					wants = append(wants, []byte{gcm.AuthFailed})
				} else {
					wants = append(wants, append([]byte{gcm.AuthOK}, c.PT...))
				}
			} else {
				flat = append(flat, c.Key, c.IV, c.AAD, tl, c.PT)
				wants = append(wants, append(append([]byte(nil), c.CT...), c.Tag...))
			}
		}
		t.Res.Cases += len(cases)
		what := "in one call"
		if pieces != "" {
			what = "in pieces " + pieces
		}
		outs, err := suite.Batch(s, e.Impl, op, pieces, flat, len(cases))
		if err != nil {
			failed += len(cases)
			crash := t.BatchFailed(err, op+" "+what, len(cases), func(i int) (string, string) {
				c := cases[i]
				data := c.PT
				if info.Decrypt {
					data = append(append([]byte(nil), c.CT...), c.Tag...)
				}
				return fmt.Sprintf("%s:%d", file, c.Line),
					e.Repro(suite.OpArgs(op, []string{"key", "iv", "aad", "taglen"}, [][]byte{c.Key, c.IV, c.AAD, {byte(len(c.Tag))}}, data, pieces))
			})
			if crash != "" {
				return t.CrashEnds(crash, failed, total-t.Res.Cases, total)
			}
			continue
		}
		for i, c := range cases {
			if bytes.Equal(outs[i], wants[i]) {
				t.Res.Passed++
				continue
			}
			failed++
			where := fmt.Sprintf("%s:%d", file, c.Line)
			data := c.PT
			if info.Decrypt {
				data = append(append([]byte(nil), c.CT...), c.Tag...)
			}
			t.Fail(suite.Failure{Where: where, Msg: gcmMismatch(info.Decrypt, c, what, outs[i], wants[i]),
				Repro: e.Repro(suite.OpArgs(op, []string{"key", "iv", "aad", "taglen"}, [][]byte{c.Key, c.IV, c.AAD, {byte(len(c.Tag))}}, data, pieces))})
		}
	}
	return t.Done(failed)
}

func gcmMismatch(decrypt bool, c GCMCase, what string, got, want []byte) string {
	desc := fmt.Sprintf("%d-byte IV, %d bytes of AAD, %d of text, %d-byte tag, %s", len(c.IV), len(c.AAD), len(c.CT), len(c.Tag), what)
	if !decrypt {
		return fmt.Sprintf("seal (%s): expected CT||Tag %x, got %x", desc, want, got)
	}
	switch {
	case c.Fail && len(got) > 0 && got[0] == gcm.AuthOK:
		return fmt.Sprintf("open (%s): the record says FAIL, but authentication passed and released plaintext %x", desc, got[1:])
	case !c.Fail && len(got) == 1 && got[0] == gcm.AuthFailed:
		return fmt.Sprintf("open (%s): authentication failed, expected PT %x", desc, c.PT)
	}
	return fmt.Sprintf("open (%s): expected %x, got %x", desc, want, got)
}
