package gcm

import (
	"fmt"
	"math/rand"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
)

// edges calls the level's GHASH, and Seal and Open when it has them, with
// aes.EdgeCounts blocks flush against PROT_NONE pages, and compares with
// GenericGHASH over the generic cipher; zero blocks must leave the output,
// the GHASH state and the counter alone.
func edges(im *arch.Impl) []arch.Edge {
	f, err := Of(im)
	if err != nil || im.Name == Name+"/generic" {
		return nil // the reference itself: nothing to compare with
	}
	kernels := []struct {
		name string
		has  bool
		seal bool
	}{{"ghash", true, false}, {"seal", f.Seal != nil, true}, {"open", f.Open != nil, false}}
	var out []arch.Edge
	for _, kn := range kernels {
		if !kn.has {
			continue
		}
		for _, nb := range aes.EdgeCounts {
			kn, nb := kn, nb
			out = append(out, arch.Edge{Name: fmt.Sprintf("%s/%d", kn.name, nb), Run: func(mem arch.EdgeMem, r *rand.Rand) error {
				key, k, ref := aes.EdgeKey(f.AES, r)
				var h [16]byte
				aes.GenericEncrypt(ref, h[:], h[:])
				hk, refHK := f.Init(&h), GenericGHASHInit(&h)
				dst, src, dstWas, srcWas := aes.EdgeBuffers(mem, nb)
				var y, ctr [16]byte
				r.Read(y[:])
				r.Read(ctr[:])
				if r.Intn(4) == 0 {
					// The low 32 bits about to wrap (GCM's inc32 wraps them alone).
					ctr[12], ctr[13], ctr[14], ctr[15] = 0xff, 0xff, 0xff, byte(0xff-r.Intn(4))
				}
				y0, ctr0 := y, ctr
				yWant, ctrWant := y, ctr
				var want []byte
				if kn.name == "ghash" {
					GenericGHASH(refHK, &yWant, src)
					f.GHASH(hk, &y, src)
				} else {
					want = make([]byte, len(src))
					for i := 0; i < len(src); i += 16 {
						aes.GenericEncrypt(ref, want[i:i+16], ctrWant[:])
						inc32(&ctrWant)
					}
					if !kn.seal {
						GenericGHASH(refHK, &yWant, src)
					}
					xorBytes(want, want, src)
					if kn.seal {
						GenericGHASH(refHK, &yWant, want)
						f.Seal(k, hk, &ctr, &y, dst, src)
					} else {
						f.Open(k, hk, &ctr, &y, dst, src)
					}
				}
				if err := aes.EdgeUntouched(dst, src, dstWas, srcWas, want); err != nil {
					return fmt.Errorf("%d blocks, %d-byte key: %v", nb, len(key), err)
				}
				if y != yWant {
					return fmt.Errorf("%d blocks, %d-byte key: GHASH state %x -> %x, want %x", nb, len(key), y0, y, yWant)
				}
				if ctr != ctrWant {
					return fmt.Errorf("%d blocks: counter %x -> %x, want %x", nb, ctr0, ctr, ctrWant)
				}
				return nil
			}})
		}
	}
	return out
}
