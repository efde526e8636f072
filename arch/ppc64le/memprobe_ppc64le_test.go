//go:build ppc64le && gc

package ppc64le

import (
	"encoding/binary"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
)

// The encodings the Go assembler gives the probes and the kernels' own
// (powerpc64le-linux-gnu-objdump -d of the test binary): each must be named
// its form, and a neighbouring opcode must not.
func TestMemFormMatch(t *testing.T) {
	cases := map[uint32]string{
		0x7c001e99: "LXVD2X load",   // lxvd2x vs32,0,r3
		0x7c009e99: "LXVD2X load",   // lxvd2x vs32,0,r19 (a kernel's)
		0x7c001e19: "LXVW4X load",   // lxvw4x vs32,0,r3
		0x7c881e19: "LXVW4X load",   // lxvw4x vs36,r8,r3 (a kernel's)
		0x7c001e18: "LXVW4X load",   // lxvw4x vs0,0,r3 (TX=0)
		0x7c001f99: "STXVD2X store", // stxvd2x vs32,0,r3
		0x7e092f99: "STXVD2X store", // stxvd2x vs48,r9,r5 (a kernel's)
		0x7c001f19: "STXVW4X store", // stxvw4x vs32,0,r3
		0x7f881f19: "STXVW4X store", // stxvw4x vs60,r8,r3 (a kernel's)
		0xe8830000: "LD load",       // ld r4,0(r3)
		0xe8610020: "LD load",       // ld r3,32(r1)
		0xf8830000: "STD store",     // std r4,0(r3)
		0xf9e5fff8: "STD store",     // std r15,-8(r5) (a kernel's)
		0xf8830001: "STD store",     // stdu r4,0(r3): the same 8-byte access
		0x7c0000ce: "",              // lvx v0,0,r0
		0x7c000498: "",              // lxsdx vs0,0,r0
		0x7c0006d8: "",              // lxvb16x vs0,0,r0 (no kernel uses it)
		0x7c0007d8: "",              // stxvb16x vs0,0,r0
		0x7c000218: "",              // lxvx vs0,0,r0
		0x80830000: "",              // lwz r4,0(r3)
		0xe8830002: "",              // lwa r4,0(r3)
		0x4e800020: "",              // blr
	}
	archtest.MemFormWords(t, binary.LittleEndian, cases)
}

// Every probe must pass on hardware and on a faithful emulator: no fault
// with the operand ending at a PROT_NONE page, a fault one byte further.
func TestMemProbesNative(t *testing.T) { archtest.MemProbes(t, len(memForms)) }
