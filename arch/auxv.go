package arch

import (
	"os"
	"unsafe"
)

// Auxiliary vector tags (linux/auxvec.h).
const (
	AT_HWCAP  = 16
	AT_HWCAP2 = 26
)

// Auxv returns the value of one auxiliary-vector entry of this process, read
// from /proc/self/auxv in native byte order. It serves gccgo builds, where
// golang.org/x/sys/cpu does not link; qemu-user emulates the file.
func Auxv(tag uint64) (uint64, bool) {
	b, err := os.ReadFile("/proc/self/auxv")
	if err != nil {
		return 0, false
	}
	const w = int(unsafe.Sizeof(uintptr(0)))
	word := func(i int) uint64 {
		if w == 8 {
			return *(*uint64)(unsafe.Pointer(&b[i]))
		}
		return uint64(*(*uint32)(unsafe.Pointer(&b[i])))
	}
	for i := 0; i+2*w <= len(b); i += 2 * w {
		k := word(i)
		if k == 0 {
			break
		}
		if k == tag {
			return word(i + w), true
		}
	}
	return 0, false
}
