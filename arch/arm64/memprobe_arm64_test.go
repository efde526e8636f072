//go:build arm64 && gc

package arm64

import (
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

// The encodings the Go assembler gives the probes and the kernels' own
// (aarch64-linux-gnu-objdump -d of the test binary): each must be named
// its form, and a register operand or another instruction must not.
func TestMemFormMatch(t *testing.T) {
	cases := map[uint32]string{
		0x4c407000: "LD1 {1 x 16B} load",  // ld1 {v0.16b}, [x0]
		0x4cdf7148: "LD1 {1 x 16B} load",  // ld1 {v8.16b}, [x10], #16
		0x4cdf7802: "LD1 {1 x 16B} load",  // ld1 {v2.4s}, [x0], #16
		0x4c40a000: "LD1 {2 x 16B} load",  // ld1 {v0.16b, v1.16b}, [x0]
		0x4cdfa16a: "LD1 {2 x 16B} load",  // ld1 {v10.16b, v11.16b}, [x11], #32
		0x4cdfac03: "LD1 {2 x 16B} load",  // ld1 {v3.2d, v4.2d}, [x0], #32
		0x4c406000: "LD1 {3 x 16B} load",  // ld1 {v0.16b-v2.16b}, [x0]
		0x4c40603c: "LD1 {3 x 16B} load",  // ld1 {v28.16b-v30.16b}, [x1]
		0x4c402000: "LD1 {4 x 16B} load",  // ld1 {v0.16b-v3.16b}, [x0]
		0x4cdf2068: "LD1 {4 x 16B} load",  // ld1 {v8.16b-v11.16b}, [x3], #64
		0x4c402804: "LD1 {4 x 16B} load",  // ld1 {v4.4s-v7.4s}, [x0]
		0x4c007000: "ST1 {1 x 16B} store", // st1 {v0.16b}, [x0]
		0x4c00a000: "ST1 {2 x 16B} store", // st1 {v0.16b, v1.16b}, [x0]
		0x4c002000: "ST1 {4 x 16B} store", // st1 {v0.16b-v3.16b}, [x0]
		0x4c9f2040: "ST1 {4 x 16B} store", // st1 {v0.16b-v3.16b}, [x2], #64
		0xa9400801: "LDP X load",          // ldp x1, x2, [x0]
		0xa8c23d8e: "LDP X load",          // ldp x14, x15, [x12], #32
		0xa9414590: "LDP X load",          // ldp x16, x17, [x12, #16]
		0xa9000801: "STP X store",         // stp x1, x2, [x0]
		0xf9400001: "LDR X load",          // ldr x1, [x0]
		0xf840856f: "LDR X load",          // ldr x15, [x11], #8
		0xf868796c: "LDR X load",          // ldr x12, [x11, x8, lsl #3]
		0xf81f0180: "STR X store",         // stur x0, [x12, #-16]
		0xf9000001: "STR X store",         // str x1, [x0]
		0xb9400ca8: "LDR W load",          // ldr w8, [x5, #12]
		0xb8607822: "LDR W load",          // ldr w2, [x1, x0, lsl #2]
		0xb9000001: "STR W store",         // str w1, [x0]
		0x0c40a000: "",                    // ld1 {v0.8b, v1.8b}: 64-bit registers, 16 bytes
		0x0d40c000: "",                    // ld1r {v0.8b}, [x0]
		0xad404490: "",                    // ldp q16, q17, [x4]: not a form the kernels use
		0x29400801: "",                    // ldp w1, w2, [x0]
		0xf8400c01: "LDR X load",          // ldr x1, [x0, #0]!
		0xf8400801: "",                    // ldtr x1, [x0]
		0x6e201c00: "",                    // eor v0.16b, v0.16b, v0.16b
		0xd65f03c0: "",                    // ret
	}
	archtest.MemFormWords(t, binary.LittleEndian, cases)
}

// Every probe must pass on hardware and on a faithful emulator: no fault
// with the operand ending at a PROT_NONE page, a fault one byte further.
func TestMemProbesNative(t *testing.T) { archtest.MemProbes(t, len(memForms)) }
