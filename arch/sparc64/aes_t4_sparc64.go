package sparc64

import (
	"encoding/binary"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// Tuning constants of aes/t4 (aes_t4_sparc64.s).
const (
	// One block at a time: with AES-256 the 14 round keys and two state
	// pairs take all 32 double registers. (A second block would fit for
	// AES-128/192; not done while no T4 is at hand to measure it.)
	t4Interleave = 1
	// ldd/std need 8-byte alignment; other buffers go through a bounce
	// buffer of t4BounceBlocks blocks.
	t4LoadAlign    = 8
	t4BounceBlocks = 32
)

// t4NeedsHardware is reported instead of running aes/t4 under qemu.
const t4NeedsHardware = "SPARC T4 crypto opcodes: QEMU 7.2 executes aes_eround01 without trapping but returns zeros"

func init() {
	arch.Register(&arch.Impl{
		Name: "aes/t4",
		Alg:  aes.Name,
		Arch: "sparc64",
		// "crypto" is the AT_HWCAP bit and the cpucaps "aes" word; fxor
		// (VIS 1) is implied by every CPU with the crypto unit.
		Requires: []string{"crypto"},
		Tuning: []arch.Tuning{
			{Name: "interleave", Value: t4Interleave, Unit: arch.Blocks},
			{Name: "load_align", Value: t4LoadAlign, Unit: arch.Other},
			{Name: "bounce_blocks", Value: t4BounceBlocks, Unit: arch.Blocks},
		},
		NeedsHardware: t4NeedsHardware,
		Rank:          30,
		// Expand is the FIPS-197 expansion in Go; both directions use Enc.
		Funcs: &aes.Funcs{
			Encrypt: t4Encrypt,
			Decrypt: t4Decrypt,
		},
	})
	arch.RegisterProbe(arch.Probe{
		Feature: "crypto",
		Instr:   "aes_eround01",
		Run:     t4Probe,
	})
}

//extern xarch_aes_t4_encrypt
func aesT4Encrypt(enc *byte, rounds uint64, dst, src *byte, nblocks uint64)

//extern xarch_aes_t4_decrypt
func aesT4Decrypt(enc *byte, rounds uint64, dst, src *byte, nblocks uint64)

//extern xarch_aes_t4_probe
func aesT4Probe(io *[4]uint64)

func t4Encrypt(k *aes.Key, dst, src []byte) { t4Run(t4EncryptBlocks, k, dst, src) }
func t4Decrypt(k *aes.Key, dst, src []byte) { t4Run(t4DecryptBlocks, k, dst, src) }

// t4EncryptBlocks and t4DecryptBlocks call the kernels, through the ABI
// trampoline when arch.ABICheck is set.
func t4EncryptBlocks(enc *byte, rounds uint64, dst, src *byte, nblocks uint64) {
	if arch.ABICheck {
		abiAesT4Encrypt(enc, rounds, dst, src, nblocks)
	} else {
		aesT4Encrypt(enc, rounds, dst, src, nblocks)
	}
}

func t4DecryptBlocks(enc *byte, rounds uint64, dst, src *byte, nblocks uint64) {
	if arch.ABICheck {
		abiAesT4Decrypt(enc, rounds, dst, src, nblocks)
	} else {
		aesT4Decrypt(enc, rounds, dst, src, nblocks)
	}
}

func t4Run(fn func(*byte, uint64, *byte, *byte, uint64), k *aes.Key, dst, src []byte) {
	n := aesCheck("aes/t4", k, k.Enc, dst, src)
	if n == 0 {
		return
	}
	rk := alignedSchedule(k.Enc, t4LoadAlign)
	rounds := uint64(k.Rounds)
	if (uintptr(unsafe.Pointer(&dst[0]))|uintptr(unsafe.Pointer(&src[0])))%t4LoadAlign == 0 {
		fn(&rk[0], rounds, &dst[0], &src[0], uint64(n))
		return
	}
	// Misaligned: copy through an aligned buffer, in place there.
	var words [t4BounceBlocks * 2]uint64
	buf := (*[t4BounceBlocks * 16]byte)(unsafe.Pointer(&words[0]))[:]
	for off := 0; off < len(src); off += len(buf) {
		m := len(src) - off
		if m > len(buf) {
			m = len(buf)
		}
		copy(buf, src[off:off+m])
		fn(&rk[0], rounds, &buf[0], &buf[0], uint64(m/16))
		copy(dst[off:off+m], buf[:m])
	}
}

// t4Probe executes one aes_eround01 on the FIPS-197 inputs. Under QEMU 7.2
// it returns zeros; on a CPU without the crypto unit it traps.
func t4Probe() (want, got []byte) {
	io := [4]uint64{t4ProbeKey, t4ProbeA, t4ProbeB, 0x5555555555555555} // io[3]: overwritten by std
	aesT4Probe(&io)
	got = make([]byte, 8)
	binary.BigEndian.PutUint64(got, io[3])
	return t4ProbeWant(), got
}
