package sparc64

import (
	"encoding/hex"
	"math/rand"
	"strings"
	"testing"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/family/gcm/gcmtest"
)

func TestGCMRegistered(t *testing.T) {
	im, ok := arch.Lookup("aes-gcm/sparc64")
	if !ok {
		t.Fatal("aes-gcm/sparc64 is not registered")
	}
	g, err := gcm.Of(im)
	if err != nil || im.Rank != 10 || im.Planted || strings.Join(im.Requires, ",") != "v9" {
		t.Fatalf("aes-gcm/sparc64 registered wrongly: %+v (%v)", im, err)
	}
	aesIm, _ := arch.Lookup("aes/sparc64")
	if g.AES != aes.FuncsOf(aesIm) || g.Seal != nil || g.Open != nil {
		t.Errorf("aes-gcm/sparc64 should run over aes/sparc64's funcs with no stitched kernels")
	}
	if im.Tune("load_align") != 8 || im.Tune("nibble_bits") != 4 || im.Tune("tables") != 2 {
		t.Errorf("aes-gcm/sparc64 tuning %v does not match the assembly", im.Tuning)
	}
	for _, lv := range []struct {
		name, aes, requires string
		rank                int
	}{{"aes-gcm/vis3", "aes/sparc64", "vis3", 20}, {"aes-gcm/t4", "aes/t4", "crypto,vis3", 30}} {
		im, ok := arch.Lookup(lv.name)
		if !ok {
			t.Fatalf("%s is not registered", lv.name)
		}
		g, err := gcm.Of(im)
		aesIm, _ := arch.Lookup(lv.aes)
		if err != nil || im.Rank != lv.rank || im.Planted || strings.Join(im.Requires, ",") != lv.requires ||
			im.NeedsHardware == "" || g.AES != aes.FuncsOf(aesIm) || g.Seal != nil || g.Open != nil {
			t.Fatalf("%s registered wrongly: %+v (%v)", lv.name, im, err)
		}
	}
	st := arch.State{Detected: arch.Detect()}
	want := "aes-gcm/sparc64"
	switch {
	case st.Has("crypto") && st.Has("vis3"):
		want = "aes-gcm/t4"
	case st.Has("vis3"):
		want = "aes-gcm/vis3"
	}
	if b := st.Best(gcm.Name); b == nil || b.Name != want {
		t.Errorf("dispatch picks %v, want %s", b, want)
	}
}

// TestVIS3Probe: where vis3 is detected, xmulx/xmulxhi must match the
// model; elsewhere (every qemu model) it skips, since the probe traps.
func TestVIS3Probe(t *testing.T) { archtest.Probe(t, "vis3", "xmulx", 16) }

// The VIS 3 levels' Go side (the aligned copy of y, whole blocks, empty
// input) runs here with the Go model in place of the assembly, so it is
// tested under qemu too; the kernel itself is interpreted on the host
// (gcm_vis3_disasm_test.go).
func TestGCMVIS3WrapperWithModel(t *testing.T) {
	calls := 0
	fake := func(y, key *uint64, p *byte, n uint64) {
		calls++
		if uintptr(unsafe.Pointer(y))%8 != 0 || uintptr(unsafe.Pointer(key))%8 != 0 {
			t.Fatalf("kernel called with y %p, key %p: not 8-byte aligned", y, key)
		}
		if n == 0 {
			t.Fatal("kernel called with no blocks")
		}
		k := &gcmVIS3Key{h: *(*[2]uint64)(unsafe.Pointer(key))}
		gcmVIS3Model(k, (*[16]byte)(unsafe.Pointer(y)), unsafe.Slice(p, 16*n))
	}
	r := rand.New(rand.NewSource(11))
	for trial := 0; trial < 40; trial++ {
		var h [16]byte
		r.Read(h[:])
		hk := gcmVIS3Init(&h).(*gcmVIS3Key)
		hkg := gcm.GenericGHASHInit(&h)
		nb := trial % 6
		buf := make([]byte, 16*nb+16+7)
		r.Read(buf)
		off := trial % 16
		p := buf[off : off+16*nb+trial%3] // a tail the wrapper must leave
		ybuf := make([]byte, 24)
		r.Read(ybuf)
		y := (*[16]byte)(unsafe.Pointer(&ybuf[trial%8]))
		want := *y
		gcm.GenericGHASH(hkg, &want, p[:16*nb])
		gcmCall(fake, y, &hk.h[0], p)
		if *y != want {
			t.Fatalf("wrapper with the model, %d blocks at p+%d, y+%d: got %x want %x", nb, off, trial%8, *y, want)
		}
	}
	if calls == 0 {
		t.Fatal("model kernel never called")
	}
}

// TestGCMLevels runs the shared conformance checks on every usable AES-GCM
// level, generic included (see gcmtest.Levels).
func TestGCMLevels(t *testing.T) { gcmtest.Levels(t, "sparc64") }

// TestGHASHOffsets runs the kernel on 0..9 blocks from every start of p
// mod 16 and with y at every offset mod 8 (the aligned-copy path of the
// wrapper), against the generic level.
func TestGHASHOffsets(t *testing.T) {
	r := rand.New(rand.NewSource(10))
	for trial := 0; trial < 20; trial++ {
		var h [16]byte
		r.Read(h[:])
		hk, hkg := gcmV9Init(&h), gcm.GenericGHASHInit(&h)
		for nb := 0; nb <= 9; nb++ {
			buf := make([]byte, 16*nb+16)
			r.Read(buf)
			for off := 0; off < 16; off++ {
				p := buf[off : off+16*nb]
				ybuf := make([]byte, 24)
				r.Read(ybuf)
				yo := (off + trial) % 8
				y := (*[16]byte)(unsafe.Pointer(&ybuf[yo]))
				want := *y
				gcm.GenericGHASH(hkg, &want, p)
				gcmV9GHASH(hk, y, p)
				if *y != want {
					t.Fatalf("H %x, %d blocks at p+%d, y+%d: got %x want %x", h, nb, off, yo, *y, want)
				}
			}
		}
	}
}

// TestGHASHKnown: SP 800-38D test case 2's GHASH (the McGrew-Viega GCM
// paper's H and ciphertext): AES-128 with the zero key and IV, one zero
// block of plaintext.
func TestGHASHKnown(t *testing.T) {
	im, _ := arch.Lookup("aes-gcm/sparc64")
	g, _ := gcm.Of(im)
	out, err := gcm.Seal(g, make([]byte, 16), make([]byte, 12), nil, make([]byte, 16), 16)
	if err != nil {
		t.Fatal(err)
	}
	const want = "0388dace60b6a392f328c2b971b2fe78ab6e47d42cec13bdf53a67b21257bddf"
	if got := hex.EncodeToString(out); got != want {
		t.Fatalf("got %s want %s", got, want)
	}
}

func BenchmarkGHASH(b *testing.B) {
	buf := make([]byte, 8192+1)
	var h [16]byte
	h[3] = 0x5a
	for _, im := range arch.Impls() {
		if im.Alg != gcm.Name || im.Planted || (arch.State{Detected: arch.Detect()}).Missing(im) != "" {
			continue
		}
		g, err := gcm.Of(im)
		if err != nil {
			b.Fatal(err)
		}
		hk := g.Init(&h)
		for _, off := range []int{0, 1} {
			name := strings.TrimPrefix(im.Name, "aes-gcm/")
			if off != 0 {
				name += "-misaligned"
			}
			p := buf[off : off+8192]
			b.Run(name, func(b *testing.B) {
				b.SetBytes(int64(len(p)))
				var y [16]byte
				for i := 0; i < b.N; i++ {
					g.GHASH(hk, &y, p)
				}
			})
		}
	}
}
