package host

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/aes"
)

// aesRecord is the AES record whose expected output is at path:line (the
// CIPHERTEXT/PLAINTEXT line of a .rsp record, the output paragraph or
// title of an AES_CTR.txt example). MCT records give one outer iteration.
func aesRecord(path string, line int) (algs.Record, error) {
	var info *AESFile
	for _, f := range AESFiles() {
		if filepath.Clean(path) == f.Path || strings.HasSuffix(filepath.Clean(path), string(filepath.Separator)+f.Path) {
			f := f
			info = &f
		}
	}
	if info == nil {
		return algs.Record{}, fmt.Errorf("%s: not one of the AES vector files (nist/aes/...)", path)
	}
	rec := func(mode string, dec, mct bool, key, iv, in, out []byte) algs.Record {
		return algs.Record{Op: aes.OpName(mode, dec), Params: [][]byte{key, iv}, In: in, MCT: mct, Expected: out}
	}
	if info.Kind == "CTR" {
		cases, err := LoadAESCTR(path)
		if err != nil {
			return algs.Record{}, err
		}
		for _, c := range cases {
			if c.OutLine == line || c.Line == line {
				return rec(aes.ModeCTR, c.Decrypt, false, c.Key, c.Counter, c.In, c.Out), nil
			}
		}
		return algs.Record{}, fmt.Errorf("%s: no example's title or output starts on line %d", path, line)
	}
	cases, err := LoadAES(path, info.Mode, info.KeyBits)
	if err != nil {
		return algs.Record{}, err
	}
	for _, c := range cases {
		if c.Line == line {
			return rec(info.Mode, c.Decrypt, info.Kind == "MCT", c.Key, c.IV, c.In, c.Out), nil
		}
	}
	return algs.Record{}, fmt.Errorf("%s: no record's expected output is on line %d", path, line)
}
