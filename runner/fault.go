package runner

// Where a memory fault happened: the faulting PC, read from the panicking
// goroutine's stack inside the deferred recover, and the instruction there.
// The host excuses a fault only when that instruction is a form whose
// memory-operand probe showed the emulator wrong (suite/memprobe.go).
//
// Target-side code: Go 1.18 and gccgo 12.

import (
	"encoding/hex"
	"runtime"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// faultSite must be called from the deferred function that recovers the
// fault: the frames of the panic (runtime.sigpanic and the faulting
// function above it) are still on the stack then.
func faultSite() (site wire.FaultSite) {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(1, pcs)
	pcs = pcs[:n]
	for i := 0; i+1 < n; i++ {
		f := runtime.FuncForPC(pcs[i] - 1)
		if f == nil || f.Name() != "runtime.sigpanic" {
			continue
		}
		// The frame above sigpanic is the faulting one; Callers reports
		// its PC plus one (as for a return address).
		pc := pcs[i+1] - 1
		switch runtime.GOARCH {
		case "amd64", "386":
		default:
			pc &^= 3 // fixed 4-byte instructions
		}
		site.PC = uint64(pc)
		if fn := runtime.FuncForPC(pc); fn != nil {
			site.Func = fn.Name() + "+" + hexOff(pc-fn.Entry())
			code := readCode(pc)
			site.Code = hex.EncodeToString(code)
			site.Form = arch.MemForm(code)
		}
		return site
	}
	return site
}

// readCode copies up to 16 bytes of code at pc (fewer if reading faults).
func readCode(pc uintptr) (code []byte) {
	defer func() {
		if recover() != nil {
			code = code[:len(code):len(code)]
		}
	}()
	// The PC is code, not Go memory: reinterpret the word rather than
	// convert it (what vet accepts for an address that is not the heap's).
	text := (*[16]byte)(*(*unsafe.Pointer)(unsafe.Pointer(&pc)))
	for i := 0; i < 16; i++ {
		code = append(code, text[i])
	}
	return code
}

func hexOff(v uintptr) string {
	const digits = "0123456789abcdef"
	if v == 0 {
		return "0x0"
	}
	var b []byte
	for v > 0 {
		b = append([]byte{digits[v&15]}, b...)
		v >>= 4
	}
	return "0x" + string(b)
}
