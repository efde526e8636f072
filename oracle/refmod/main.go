//go:build wasip1

// Command refmod is xarch's reference module: package oracle/ref (the
// standard library's crypto, which is plain Go when built for wasm) compiled
// with GOOS=wasip1 GOARCH=wasm -buildmode=c-shared and run by the host in
// wazero (package oracle). It shares no code with the kernels it judges.
//
// The host writes a request into the buffer xarch_in returns: a little-endian
// u32 count, u32 lengths, then the strings; string 0 names the op, the last
// is the data and those between are the op's params. xarch_call runs it.
// Adding an algorithm is a file in oracle/ref, nothing here.
package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"unsafe"

	"github.com/xarchlab/xarch/oracle/ref"
)

func main() {}

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
	collect()
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

// Between exported calls the Go runtime of a wasm reactor does not run, so
// a collection the calls start may never finish: garbage piles up in
// linear memory (which never shrinks) until the module's 4 GiB are gone
// (a long fuzz run grew it by 300 MB a minute). collect finishes one in the
// call itself once the heap holds more than heapLimit bytes of objects,
// looked at every checkEvery calls.
const (
	heapLimit  = 16 << 20
	checkEvery = 64
)

var (
	calls  int
	sample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
)

// xarchGCPercent sets the module's GOGC and returns the old value. Only
// oracle's memory test calls it: GOGC off stands for the stalled
// collections, so the test sees collect bound the heap in seconds rather
// than after the ~300 MB a real stall needs.
//
//go:wasmexport xarch_gc_percent
func xarchGCPercent(p int32) int32 { return int32(debug.SetGCPercent(int(p))) }

func collect() {
	if calls++; calls%checkEvery != 0 {
		return
	}
	metrics.Read(sample)
	if sample[0].Value.Kind() == metrics.KindUint64 && sample[0].Value.Uint64() > heapLimit {
		runtime.GC()
	}
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
	if len(args) < 2 {
		return nil, errors.New("request names an op but carries no data")
	}
	return ref.Run(string(args[0]), args[1:len(args)-1], args[len(args)-1])
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
