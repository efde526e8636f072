package main

import (
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/vectors"
	"github.com/xarchlab/xarch/wire"
)

// `xarch run` for aes/* implementations: the repro lines of the AES suites.

type aesFlags struct {
	mode, key, iv, pieces string
	decrypt               bool
}

func (a *aesFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&a.mode, "mode", "", "AES mode: ecb, cbc, ctr, ofb or cfb128 (aes/* implementations)")
	fs.BoolVar(&a.decrypt, "decrypt", false, "AES: decrypt instead of encrypt")
	fs.StringVar(&a.key, "key", "", "AES key as hex (16, 24 or 32 bytes)")
	fs.StringVar(&a.iv, "iv", "", "AES IV or initial counter block as hex (16 bytes; none for ECB)")
	fs.StringVar(&a.pieces, "pieces", "", "AES: feed the input in pieces of these sizes, cycled (e.g. 1,15,0,17)")
}

func (a *aesFlags) used() bool {
	return a.mode != "" || a.decrypt || a.key != "" || a.iv != "" || a.pieces != ""
}

// isAESImpl: AES levels are named "aes/<level>".
func isAESImpl(name string) bool { return strings.HasPrefix(name, arch.AES+"/") }

// aesInput is one AES request and, from a vector file, its expected answer.
type aesInput struct {
	mode          string
	decrypt, mct  bool
	key, iv, data []byte
	expected      []byte
}

func runAES(c *common, impl string, a *aesFlags, in, vec string, mct bool) (int, error) {
	var x aesInput
	var err error
	if vec != "" {
		if in != "" || a.key != "" || a.iv != "" {
			return 2, fmt.Errorf("give --vector or --key/--iv/--in, not both")
		}
		x, err = loadAESVector(c.vectors, vec)
		if err != nil {
			return 2, err
		}
		if a.mode != "" && a.mode != x.mode {
			return 2, fmt.Errorf("--mode %s, but %s is a %s vector", a.mode, vec, x.mode)
		}
		if a.decrypt && !x.decrypt {
			return 2, fmt.Errorf("--decrypt, but %s is an encrypt record", vec)
		}
		x.mct = x.mct || mct
	} else {
		x = aesInput{mode: a.mode, decrypt: a.decrypt, mct: mct}
		if x.mode == "" {
			return 2, fmt.Errorf("--mode is required for %s (ecb, cbc, ctr, ofb or cfb128)", impl)
		}
		for _, f := range []struct {
			name, val string
			dst       *[]byte
		}{{"--key", a.key, &x.key}, {"--iv", a.iv, &x.iv}, {"--in", in, &x.data}} {
			if *f.dst, err = hex.DecodeString(strings.TrimSpace(f.val)); err != nil {
				return 2, fmt.Errorf("%s: not hex: %v", f.name, err)
			}
		}
	}
	if x.mct && a.pieces != "" {
		return 2, fmt.Errorf("--pieces does not apply to --mct")
	}
	sess, err := c.session(c.arch, c.model)
	if err != nil {
		return 2, err
	}
	defer sess.Close()
	t := sess.Target
	dir := "encrypt"
	if x.decrypt {
		dir = "decrypt"
	}
	var out [][]byte
	cmd := "aes"
	switch {
	case x.mct:
		cmd = "aes-mct"
		out, err = sess.Call([]byte(cmd), []byte(impl), []byte(x.mode), []byte(dir), x.key, x.iv, x.data)
	case a.pieces != "":
		cmd = "aes-batch"
		out, err = sess.Call([]byte(cmd), []byte(impl), []byte(x.mode), []byte(dir), []byte(a.pieces), wire.Pack(x.key, x.iv, x.data))
		if err == nil {
			out, err = wire.Unpack(out[0])
		}
	default:
		out, err = sess.Call([]byte(cmd), []byte(impl), []byte(x.mode), []byte(dir), x.key, x.iv, x.data)
	}
	if err != nil {
		return 1, fmt.Errorf("%s %s on %s: %v", cmd, impl, t, err)
	}
	fmt.Println(hex.EncodeToString(out[0]))
	switch {
	case x.mct && len(out) > 1:
		fmt.Fprintf(os.Stderr, "output[998] = %x (with output[999] above: the key shuffle and next IV/text)\n", out[1])
	case cmd == "aes" && len(out) > 1 && len(out[1]) > 0:
		fmt.Fprintf(os.Stderr, "chaining register after the call = %x\n", out[1])
	}
	if x.expected != nil {
		if hex.EncodeToString(out[0]) != hex.EncodeToString(x.expected) {
			fmt.Fprintf(os.Stderr, "MISMATCH: expected %x\n", x.expected)
			return 1, nil
		}
		fmt.Fprintln(os.Stderr, "matches the vector")
	}
	return 0, nil
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
	var info *vectors.AESFile
	for _, f := range vectors.AESFiles() {
		if f.Path == filepath.Clean(file) || strings.HasSuffix(filepath.Clean(path), string(filepath.Separator)+f.Path) {
			f := f
			info = &f
		}
	}
	if info == nil {
		return aesInput{}, fmt.Errorf("--vector %s: not one of the AES vector files (nist/aes/...)", file)
	}
	if info.Kind == "CTR" {
		cases, err := vectors.LoadAESCTR(path)
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
	cases, err := vectors.LoadAES(path, info.Mode, info.KeyBits)
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
