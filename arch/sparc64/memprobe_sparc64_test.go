package sparc64

import (
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

// The probes' encodings and the kernels' own (sparc64-linux-gnu-objdump -d
// of the package): each must be named its form, and a neighbouring opcode
// must not. memprobe_forms_test.go checks the decoder against every instruction
// of the package on the host.
func TestMemFormMatch(t *testing.T) {
	archtest.MemFormWords(t, binary.BigEndian, map[uint32]string{
		0xd25a0000: "LDX load",   // ldx [ %o0 ], %o1 (the probe)
		0xe25e2008: "LDX load",   // ldx [ %i0 + 8 ], %l1 (sha512)
		0xd05e4011: "LDX load",   // ldx [ %i1 + %l1 ], %o0 (mont/vis3)
		0xd2720000: "STX store",  // stx %o1, [ %o0 ]
		0xc074801d: "STX store",  // clrx [ %l2 + %i5 ] (mont): stx %g0
		0xd2020000: "LDUW load",  // ld [ %o0 ], %o1
		0xe2062004: "LDUW load",  // ld [ %i0 + 4 ], %l1 (sha256)
		0xd2220000: "STW store",  // st %o1, [ %o0 ]
		0xe226a004: "STW store",  // st %l1, [ %i2 + 4 ] (aes)
		0xd20a0000: "LDUB load",  // ldub [ %o0 ], %o1
		0xc20ac001: "LDUB load",  // ldub [ %o3 + %g1 ], %g1 (aes)
		0xd22a0000: "STB store",  // stb %o1, [ %o0 ]
		0xc11a0000: "LDDF load",  // ldd [ %o0 ], %f0
		0xd11a2010: "LDDF load",  // ldd [ %o0 + 0x10 ], %f8 (aes/t4)
		0xc13a0000: "STDF store", // std %f0, [ %o0 ]
		0xc1020000: "",           // ld [ %o0 ], %f0 (ldf)
		0xc1220000: "",           // st %f0, [ %o0 ] (stf)
		0xc1120000: "",           // ldq [ %o0 ], %f0
		0xd2120000: "",           // lduh [ %o0 ], %o1
		0xd2420000: "",           // ldsw [ %o0 ], %o1
		0xd41a0000: "",           // ldtw [ %o0 ], %o2 (integer ldd)
		0xd43a0000: "",           // sttw %o2, [ %o0 ] (integer std)
		0xd2da1000: "",           // ldxa [ %o0 ] #ASI_P, %o1
		0xd26a0000: "",           // ldstub [ %o0 ], %o1
		0xc16a0000: "",           // prefetch [ %o0 ], #n_reads
		0x94020009: "",           // add %o0, %o1, %o2
		0x81c3e008: "",           // retl
	})
}

// Every probe must pass on hardware and on a faithful emulator: no fault
// with the operand ending at a PROT_NONE page, a fault with it moved by its
// alignment into the page. Every form is base V9, so all of them run.
func TestMemProbesNative(t *testing.T) { archtest.MemProbes(t, len(sparcMemForms)) }
