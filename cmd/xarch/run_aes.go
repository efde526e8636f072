package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	aeshost "github.com/xarchlab/xarch/family/aes/host"
)

// The AES shorthands of `xarch run` (--mode, --decrypt, --key, --iv for the
// op aes-MODE-enc|dec) and the AES vector files' --vector lookup.

type aesFlags struct {
	mode, key, iv string
	decrypt       bool
}

func (a *aesFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&a.mode, "mode", "", "AES mode: ecb, cbc, ctr, ofb or cfb128 (aes/* implementations)")
	fs.BoolVar(&a.decrypt, "decrypt", false, "AES: decrypt instead of encrypt")
	fs.StringVar(&a.key, "key", "", "AES key as hex (16, 24 or 32 bytes)")
	fs.StringVar(&a.iv, "iv", "", "AES IV or initial counter block as hex (16 bytes; none for ECB)")
}

func (a *aesFlags) used() bool {
	return a.mode != "" || a.decrypt || a.key != "" || a.iv != ""
}

// aesInput is one AES request and, from a vector file, its expected answer.
type aesInput struct {
	mode          string
	decrypt, mct  bool
	key, iv, data []byte
	expected      []byte
}

// loadAESVector finds the AES vector whose expected output is at FILE:LINE
// (the CIPHERTEXT/PLAINTEXT line of a .rsp record, the output paragraph or
// title of an AES_CTR.txt example). MCT records give one outer iteration.
func loadAESVector(dir, spec string) (aesInput, error) {
	i := strings.LastIndex(spec, ":")
	if i < 0 {
		return aesInput{}, fmt.Errorf("--vector %q: expected FILE:LINE", spec)
	}
	file, lineStr := spec[:i], spec[i+1:]
	line, err := strconv.Atoi(lineStr)
	if err != nil {
		return aesInput{}, fmt.Errorf("--vector %q: line %q is not a number", spec, lineStr)
	}
	path := file
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join(dir, file)
	}
	var info *aeshost.AESFile
	for _, f := range aeshost.AESFiles() {
		if f.Path == filepath.Clean(file) || strings.HasSuffix(filepath.Clean(path), string(filepath.Separator)+f.Path) {
			f := f
			info = &f
		}
	}
	if info == nil {
		return aesInput{}, fmt.Errorf("--vector %s: not one of the AES vector files (nist/aes/...)", file)
	}
	if info.Kind == "CTR" {
		cases, err := aeshost.LoadAESCTR(path)
		if err != nil {
			return aesInput{}, err
		}
		for _, c := range cases {
			if c.OutLine == line || c.Line == line {
				return aesInput{mode: "ctr", decrypt: c.Decrypt, key: c.Key, iv: c.Counter, data: c.In, expected: c.Out}, nil
			}
		}
		return aesInput{}, fmt.Errorf("--vector %s: no example's title or output starts on line %d", file, line)
	}
	cases, err := aeshost.LoadAES(path, info.Mode, info.KeyBits)
	if err != nil {
		return aesInput{}, err
	}
	for _, c := range cases {
		if c.Line == line {
			return aesInput{mode: info.Mode, decrypt: c.Decrypt, mct: info.Kind == "MCT", key: c.Key, iv: c.IV, data: c.In, expected: c.Out}, nil
		}
	}
	return aesInput{}, fmt.Errorf("--vector %s: no record's expected output is on line %d", file, line)
}
