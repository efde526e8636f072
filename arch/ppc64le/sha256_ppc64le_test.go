package ppc64le

import (
	"bytes"
	"crypto/sha256"
	"math/rand"
	"runtime"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/generic"
)

// asmLevels must be registered whenever the package is built with gc.
var asmLevels = []string{"sha256/power8"}

func TestFeatures(t *testing.T) {
	det := arch.Detect()
	var on []string
	for _, f := range arch.KnownFeatures() {
		if det[f.Name] {
			on = append(on, f.Name)
		}
	}
	hw, _ := arch.Auxv(arch.AT_HWCAP)
	hw2, _ := arch.Auxv(arch.AT_HWCAP2)
	t.Logf("compiler %s; AT_HWCAP=%#x AT_HWCAP2=%#x; detected: %v", runtime.Compiler, hw, hw2, on)
	if det["power10"] && !det["power9"] || det["power9"] && !det["power8"] {
		t.Errorf("ISA levels not nested: %v", on)
	}
}

func TestAsmLevelsRegistered(t *testing.T) {
	if runtime.Compiler != "gc" {
		t.Logf("%s build: Go assembly levels are not built", runtime.Compiler)
		return
	}
	for _, name := range asmLevels {
		im, ok := arch.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		if im.Arch != "ppc64le" || im.Alg != arch.SHA256 || im.SHA256Block == nil || im.Planted {
			t.Errorf("%s registered with bad fields: %+v", name, im)
		}
	}
}

// usable returns the SHA-256 levels that can run here, logging the others.
func usable(t *testing.T) []*arch.Impl {
	st := arch.State{Detected: arch.Detect()}
	var out []*arch.Impl
	for _, im := range arch.Impls() {
		if im.Alg != arch.SHA256 || im.Planted {
			continue
		}
		if why := st.Missing(im); why != "" {
			t.Logf("skip %s: %s", im.Name, why)
			continue
		}
		t.Logf("run  %s (rank %d)", im.Name, im.Rank)
		out = append(out, im)
	}
	return out
}

func TestSHA256MatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	msg := make([]byte, 1100+64*1024+77)
	r.Read(msg)
	for _, im := range usable(t) {
		im := im
		t.Run(im.Name, func(t *testing.T) {
			for n := 0; n <= 1100; n++ {
				if got, want := arch.SHA256Sum(im.SHA256Block, msg[:n]), sha256.Sum256(msg[:n]); got != want {
					t.Fatalf("len %d: got %x want %x", n, got, want)
				}
			}
			for _, n := range []int{64 * 1024, 64*1024 + 77, 64*1024 + 1100} {
				if got, want := arch.SHA256Sum(im.SHA256Block, msg[:n]), sha256.Sum256(msg[:n]); got != want {
					t.Fatalf("len %d: got %x want %x", n, got, want)
				}
			}
			// Misaligned input: vector loads must not assume alignment.
			for off := 1; off < 16; off++ {
				m := msg[off : off+1000]
				if got, want := arch.SHA256Sum(im.SHA256Block, m), sha256.Sum256(m); got != want {
					t.Fatalf("offset %d: got %x want %x", off, got, want)
				}
			}
		})
	}
}

func TestSHA256Chunked(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	msg := make([]byte, 5000)
	r.Read(msg)
	for _, im := range usable(t) {
		im := im
		t.Run(im.Name, func(t *testing.T) {
			want := arch.SHA256Sum(im.SHA256Block, msg)
			if want != sha256.Sum256(msg) {
				t.Fatalf("one call disagrees with crypto/sha256")
			}
			for trial := 0; trial < 50; trial++ {
				d := arch.NewSHA256(im.SHA256Block)
				var sizes []int
				for rest := msg; len(rest) > 0; {
					n := r.Intn(300)
					if trial%5 == 0 {
						n = r.Intn(4) * 64 // whole blocks, including empty writes
					}
					if n > len(rest) {
						n = len(rest)
					}
					d.Write(rest[:n])
					sizes = append(sizes, n)
					rest = rest[n:]
				}
				if got := d.Sum(); got != want {
					t.Fatalf("chunks %v: got %x want %x", sizes, got, want)
				}
			}
		})
	}
}

// TestBlockDirect calls the block function with random state and 0..9
// blocks and compares with generic: it checks state handling apart from
// padding, and that the kernel writes nothing but h.
func TestBlockDirect(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for _, im := range usable(t) {
		im := im
		t.Run(im.Name, func(t *testing.T) {
			for trial := 0; trial < 200; trial++ {
				n := trial % 10
				p := make([]byte, 64*n+64)
				r.Read(p)
				orig := append([]byte(nil), p...)
				var h0 [8]uint32
				for i := range h0 {
					h0[i] = r.Uint32()
				}
				got, want := h0, h0
				im.SHA256Block(&got, p[:64*n])
				generic.SHA256Block(&want, p[:64*n])
				if got != want {
					t.Fatalf("%d blocks from %08x: got %08x want %08x", n, h0, got, want)
				}
				if !bytes.Equal(p, orig) {
					t.Fatalf("%d blocks: input modified", n)
				}
			}
		})
	}
}
