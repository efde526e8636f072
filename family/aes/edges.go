package aes

import (
	"bytes"
	"fmt"
	"math/rand"

	"github.com/xarchlab/xarch/arch"
)

// EdgeBlocks is the long run of the block-count edges: unbounded by the
// contract, so a size that is quick under emulation and a multiple of no
// batch or interleave width (it is prime).
const EdgeBlocks = 1031

// EdgeCounts are the block counts every kernel edge calls with.
var EdgeCounts = []int{0, 1, EdgeBlocks}

// EdgeKey returns a random key of a random length, the level's schedule
// and the generic one.
func EdgeKey(f *Funcs, r *rand.Rand) (key []byte, k, ref *Key) {
	key = make([]byte, 16+8*r.Intn(3))
	r.Read(key)
	return key, f.ExpandKey(key), GenericExpand(key)
}

// EdgeBuffers returns src (nb random blocks, or for zero blocks an empty
// slice followed by a block a kernel must not read) and dst (the same
// shape), each flush against a PROT_NONE page, and copies to compare
// them with afterwards.
func EdgeBuffers(mem arch.EdgeMem, nb int) (dst, src, dstWas, srcWas []byte) {
	size := 16 * nb
	if nb == 0 {
		size = 16
	}
	s, d := mem.Bytes(0, size), mem.Bytes(1, size)
	return d[:16*nb], s[:16*nb], append([]byte(nil), d...), append([]byte(nil), s...)
}

// EdgeUntouched says what of dst (beyond want) and src changed.
func EdgeUntouched(dst, src, dstWas, srcWas, want []byte) error {
	full := dst[:len(dstWas)]
	if !bytes.Equal(full[:len(want)], want) {
		return fmt.Errorf("output %s", firstDiff(full[:len(want)], want))
	}
	if !bytes.Equal(full[len(want):], dstWas[len(want):]) {
		return fmt.Errorf("wrote past the %d output bytes", len(want))
	}
	if !bytes.Equal(src[:len(srcWas)], srcWas) {
		return fmt.Errorf("the input was modified")
	}
	return nil
}

func firstDiff(got, want []byte) string {
	for i := range want {
		if got[i] != want[i] {
			return fmt.Sprintf("differs from byte %d (block %d): got %x, want %x", i, i/16, got[i&^15:i&^15+16], want[i&^15:i&^15+16])
		}
	}
	return "equal"
}

// edges calls each kernel of the level (ECB both ways, and CBC and CTR
// when it has them) with EdgeCounts blocks and compares with the generic
// cipher; zero blocks must leave the output and the iv or counter alone.
func edges(im *arch.Impl) []arch.Edge {
	f, err := Of(im)
	if err != nil || im.Name == Name+"/generic" {
		return nil // the reference itself: nothing to compare with
	}
	type kernel struct {
		name string
		has  bool
		run  func(k, ref *Key, reg *[16]byte, dst, src []byte) (want []byte, regWant [16]byte)
	}
	ecb := func(kern, gen func(*Key, []byte, []byte)) func(k, ref *Key, reg *[16]byte, dst, src []byte) ([]byte, [16]byte) {
		return func(k, ref *Key, reg *[16]byte, dst, src []byte) ([]byte, [16]byte) {
			want := make([]byte, len(src))
			gen(ref, want, src)
			kern(k, dst, src)
			return want, *reg
		}
	}
	kernels := []kernel{
		{"encrypt", true, ecb(f.Encrypt, GenericEncrypt)},
		{"decrypt", true, ecb(f.Decrypt, GenericDecrypt)},
		{"cbc-encrypt", f.CBCEncrypt != nil, func(k, ref *Key, iv *[16]byte, dst, src []byte) ([]byte, [16]byte) {
			want, c := make([]byte, len(src)), *iv
			for i := 0; i < len(src); i += 16 {
				xor16(want[i:i+16], src[i:i+16], c[:])
				GenericEncrypt(ref, want[i:i+16], want[i:i+16])
				copy(c[:], want[i:i+16])
			}
			f.CBCEncrypt(k, iv, dst, src)
			return want, c
		}},
		{"cbc-decrypt", f.CBCDecrypt != nil, func(k, ref *Key, iv *[16]byte, dst, src []byte) ([]byte, [16]byte) {
			want, c := make([]byte, len(src)), *iv
			for i := 0; i < len(src); i += 16 {
				GenericDecrypt(ref, want[i:i+16], src[i:i+16])
				xor16(want[i:i+16], want[i:i+16], c[:])
				copy(c[:], src[i:i+16])
			}
			f.CBCDecrypt(k, iv, dst, src)
			return want, c
		}},
		{"ctr", f.CTR != nil, func(k, ref *Key, ctr *[16]byte, dst, src []byte) ([]byte, [16]byte) {
			want, c := make([]byte, len(src)), *ctr
			for i := 0; i < len(src); i += 16 {
				GenericEncrypt(ref, want[i:i+16], c[:])
				xor16(want[i:i+16], want[i:i+16], src[i:i+16])
				IncCounter(&c)
			}
			f.CTR(k, ctr, dst, src)
			return want, c
		}},
	}
	var out []arch.Edge
	for _, kn := range kernels {
		if !kn.has {
			continue
		}
		for _, nb := range EdgeCounts {
			kn, nb := kn, nb
			out = append(out, arch.Edge{Name: fmt.Sprintf("%s/%d", kn.name, nb), Run: func(mem arch.EdgeMem, r *rand.Rand) error {
				key, k, ref := EdgeKey(f, r)
				dst, src, dstWas, srcWas := EdgeBuffers(mem, nb)
				var reg [16]byte
				r.Read(reg[:])
				if r.Intn(4) == 0 {
					// A counter about to carry out of its low 64 bits.
					for i := 8; i < 16; i++ {
						reg[i] = 0xff
					}
				}
				reg0 := reg
				want, regWant := kn.run(k, ref, &reg, dst, src)
				if err := EdgeUntouched(dst, src, dstWas, srcWas, want); err != nil {
					return fmt.Errorf("%d blocks, %d-byte key: %v", nb, len(key), err)
				}
				if reg != regWant {
					return fmt.Errorf("%d blocks: iv or counter %x -> %x, want %x", nb, reg0, reg, regWant)
				}
				return nil
			}})
		}
	}
	return out
}
