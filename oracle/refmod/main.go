//go:build wasip1

// Command refmod is xarch's reference module: pure Go (the standard
// library's crypto, which is plain Go when built for wasm) compiled with
// GOOS=wasip1 GOARCH=wasm -buildmode=c-shared and run by the host in wazero
// (package oracle). It shares no code with the kernels it judges.
//
// The host writes a request into the buffer xarch_in returns: a little-endian
// u32 count, u32 lengths, then the strings; string 0 names the operation.
// xarch_call runs it. Adding an algorithm is one entry in ops.
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"errors"
	"fmt"
	"unsafe"
)

func main() {}

// op computes one reference answer from the request's arguments.
type op struct {
	nargs int
	run   func(args [][]byte) ([]byte, error)
}

var ops = map[string]op{
	"sha224": {1, func(a [][]byte) ([]byte, error) { s := sha256.Sum224(a[0]); return s[:], nil }},
	"sha256": {1, func(a [][]byte) ([]byte, error) { s := sha256.Sum256(a[0]); return s[:], nil }},
	"sha384": {1, func(a [][]byte) ([]byte, error) { s := sha512.Sum384(a[0]); return s[:], nil }},
	"sha512": {1, func(a [][]byte) ([]byte, error) { s := sha512.Sum512(a[0]); return s[:], nil }},
}

// AES modes: arguments key, iv (empty for ECB), data.
func init() {
	for _, mode := range []string{"ecb", "cbc", "ctr", "ofb", "cfb128"} {
		for _, dir := range []string{"enc", "dec"} {
			mode, dec := mode, dir == "dec"
			ops["aes-"+mode+"-"+dir] = op{3, func(a [][]byte) ([]byte, error) { return aesMode(mode, dec, a[0], a[1], a[2]) }}
		}
	}
}

func aesMode(mode string, dec bool, key, iv, data []byte) ([]byte, error) {
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	if mode != "ecb" && len(iv) != 16 {
		return nil, fmt.Errorf("%s needs a 16-byte IV, got %d", mode, len(iv))
	}
	if (mode == "ecb" || mode == "cbc") && len(data)%16 != 0 {
		return nil, fmt.Errorf("%s needs whole blocks, got %d bytes", mode, len(data))
	}
	out := make([]byte, len(data))
	switch mode {
	case "ecb": // the library has no ECB API: the spec's block loop
		for i := 0; i < len(data); i += 16 {
			if dec {
				b.Decrypt(out[i:], data[i:])
			} else {
				b.Encrypt(out[i:], data[i:])
			}
		}
	case "cbc":
		if dec {
			cipher.NewCBCDecrypter(b, iv).CryptBlocks(out, data)
		} else {
			cipher.NewCBCEncrypter(b, iv).CryptBlocks(out, data)
		}
	case "ctr":
		cipher.NewCTR(b, iv).XORKeyStream(out, data)
	case "ofb":
		cipher.NewOFB(b, iv).XORKeyStream(out, data)
	case "cfb128":
		if dec {
			cipher.NewCFBDecrypter(b, iv).XORKeyStream(out, data)
		} else {
			cipher.NewCFBEncrypter(b, iv).XORKeyStream(out, data)
		}
	}
	return out, nil
}

// The exchange buffers live in globals so the collector keeps them.
var in, out []byte

func addr(b []byte) uint32 { return uint32(uintptr(unsafe.Pointer(&b[0]))) }

// xarchIn makes room for an n-byte request and returns where to write it.
//
//go:wasmexport xarch_in
func xarchIn(n uint32) uint32 {
	if uint32(cap(in)) < n+1 {
		in = make([]byte, n+1)
	}
	in = in[:n+1]
	return addr(in)
}

// xarchCall runs the n-byte request and returns len<<32 | address of the
// answer, negated when the answer is an error message.
//
//go:wasmexport xarch_call
func xarchCall(n uint32) int64 {
	res, err := call(in[:n])
	if err != nil {
		res = []byte(err.Error())
	}
	out = append(append(out[:0], res...), 0) // never empty, so addr works
	v := int64(len(res))<<32 | int64(addr(out))
	if err != nil {
		return -v
	}
	return v
}

func call(req []byte) (res []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			res, err = nil, fmt.Errorf("panic: %v", p)
		}
	}()
	args, err := split(req)
	if err != nil {
		return nil, err
	}
	name := string(args[0])
	o, ok := ops[name]
	if !ok {
		return nil, fmt.Errorf("unknown operation %q", name)
	}
	if len(args)-1 != o.nargs {
		return nil, fmt.Errorf("%s takes %d arguments, got %d", name, o.nargs, len(args)-1)
	}
	return o.run(args[1:])
}

func split(b []byte) ([][]byte, error) {
	if len(b) < 4 {
		return nil, errors.New("request shorter than its count")
	}
	n := int(binary.LittleEndian.Uint32(b))
	if n < 1 || n > 64 || len(b) < 4+4*n {
		return nil, fmt.Errorf("bad request header (%d strings, %d bytes)", n, len(b))
	}
	off := 4 + 4*n
	args := make([][]byte, n)
	for i := range args {
		l := int(binary.LittleEndian.Uint32(b[4+4*i:]))
		if l > len(b)-off {
			return nil, fmt.Errorf("string %d runs past the request", i)
		}
		args[i] = b[off : off+l : off+l]
		off += l
	}
	return args, nil
}
