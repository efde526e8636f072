package sparc64

import (
	"crypto/sha256"
	"math/rand"
	"os"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/xarchlab/xarch/arch"
	_ "github.com/xarchlab/xarch/arch/generic"
)

// usable returns the non-planted SHA-256 levels this CPU can run, logging
// the ones it skips and why.
func usable(t *testing.T) []*arch.Impl {
	st := arch.State{Detected: arch.Detect()}
	var out []*arch.Impl
	for _, im := range arch.Impls() {
		if im.Alg != arch.SHA256 {
			continue
		}
		if im.Planted {
			t.Logf("skip %s: planted (wrong on purpose)", im.Name)
			continue
		}
		if why := st.Missing(im); why != "" {
			t.Logf("skip %s: %s", im.Name, why)
			continue
		}
		out = append(out, im)
	}
	return out
}

func TestRegistered(t *testing.T) {
	im, ok := arch.Lookup("sha256/sparc64")
	if !ok {
		t.Fatal("sha256/sparc64 is not registered")
	}
	if im.Rank != 10 || im.SHA256Block == nil || im.Planted {
		t.Fatalf("sha256/sparc64 registered wrongly: %+v", im)
	}
	var names []string
	for k, v := range arch.Detect() {
		if v {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	hw, ok := arch.Auxv(arch.AT_HWCAP)
	t.Logf("AT_HWCAP=%#x (present %v); detected: %s", hw, ok, strings.Join(names, ","))
	st := arch.State{Detected: arch.Detect()}
	if b := st.Best(arch.SHA256); b == nil || b.Name != "sha256/sparc64" {
		t.Errorf("dispatch picks %v, want sha256/sparc64", b)
	}
}

func TestSHA256Lengths(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	msg := make([]byte, 1100+8)
	r.Read(msg)
	for _, im := range usable(t) {
		start := time.Now()
		for n := 0; n <= 1100; n++ {
			m := msg[:n]
			if got, want := arch.SHA256Sum(im.SHA256Block, m), sha256.Sum256(m); got != want {
				t.Fatalf("%s: len %d: got %x want %x", im.Name, n, got, want)
			}
		}
		t.Logf("ran %s: lengths 0..1100 in %v", im.Name, time.Since(start))
	}
}

// Misaligned message starts exercise the byte-load path of the asm level.
func TestSHA256Misaligned(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	buf := make([]byte, 64*5+8)
	r.Read(buf)
	for _, im := range usable(t) {
		for off := 0; off < 8; off++ {
			for _, n := range []int{0, 55, 56, 63, 64, 65, 128, 200, 64 * 5} {
				m := buf[off : off+n]
				if got, want := arch.SHA256Sum(im.SHA256Block, m), sha256.Sum256(m); got != want {
					t.Fatalf("%s: offset %d len %d: got %x want %x", im.Name, off, n, got, want)
				}
			}
		}
		t.Logf("ran %s: offsets 0..7", im.Name)
	}
}

func TestSHA256Long(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for _, im := range usable(t) {
		start := time.Now()
		for _, n := range []int{64 << 10, 64<<10 + 1, 100003} {
			msg := make([]byte, n)
			r.Read(msg)
			if got, want := arch.SHA256Sum(im.SHA256Block, msg), sha256.Sum256(msg); got != want {
				t.Fatalf("%s: len %d: got %x want %x", im.Name, n, got, want)
			}
		}
		t.Logf("ran %s: long messages in %v", im.Name, time.Since(start))
	}
}

// Messages that end exactly at a PROT_NONE page: a read past the last
// block faults instead of passing silently.
func TestSHA256GuardPage(t *testing.T) {
	ps := os.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, 2*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Skipf("mmap: %v", err)
	}
	defer syscall.Munmap(mem)
	if err := syscall.Mprotect(mem[ps:], syscall.PROT_NONE); err != nil {
		t.Skipf("mprotect: %v", err)
	}
	r := rand.New(rand.NewSource(5))
	r.Read(mem[:ps])
	for _, im := range usable(t) {
		for _, n := range []int{0, 64, 64 * 3} {
			for off := 0; off < 4; off++ {
				m := mem[ps-n-off : ps-off]
				h, want := arch.SHA256Init, arch.SHA256Init
				im.SHA256Block(&h, m)
				if im.Name != "sha256/generic" {
					for _, g := range arch.Impls() {
						if g.Name == "sha256/generic" {
							g.SHA256Block(&want, m)
						}
					}
					if h != want {
						t.Fatalf("%s: len %d ending %d before guard: state %x want %x", im.Name, n, off, h, want)
					}
				}
			}
		}
		t.Logf("ran %s: message against a guard page (page %d bytes)", im.Name, ps)
	}
}

// Chunked writes through the streaming digest must equal one call.
func TestSHA256Chunked(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	msg := make([]byte, 5000)
	r.Read(msg)
	for _, im := range usable(t) {
		want := arch.SHA256Sum(im.SHA256Block, msg)
		if want != sha256.Sum256(msg) {
			t.Fatalf("%s: one call disagrees with crypto/sha256", im.Name)
		}
		for trial := 0; trial < 50; trial++ {
			d := arch.NewSHA256(im.SHA256Block)
			rest := msg
			for len(rest) > 0 {
				k := r.Intn(300)
				if trial%5 == 0 {
					k = r.Intn(3) * 64
				}
				if k > len(rest) {
					k = len(rest)
				}
				d.Write(rest[:k])
				rest = rest[k:]
			}
			if got := d.Sum(); got != want {
				t.Fatalf("%s: trial %d: chunked %x, one call %x", im.Name, trial, got, want)
			}
		}
		t.Logf("ran %s: chunked writes", im.Name)
	}
}

// Zero blocks must leave the state alone (and not touch p).
func TestSHA256ZeroBlocks(t *testing.T) {
	for _, im := range usable(t) {
		h := arch.SHA256Init
		im.SHA256Block(&h, nil)
		im.SHA256Block(&h, []byte{})
		if h != arch.SHA256Init {
			t.Fatalf("%s: zero blocks changed the state", im.Name)
		}
	}
}

func TestDecode(t *testing.T) {
	line := cpucapsLine("cpu\t\t: UltraSparc T4 (Niagara4)\ncpucaps\t\t: flush,stbar,swap,muldiv,v9,blkinit,n2,mul32,div32,v8plus,popc,vis,vis2,ASIBlkInit,fmaf,vis3,hpc,ima,pause,cbcond,aes,des,sha256\n")
	m := decode(0, false, line)
	for _, f := range []string{"v9", "popc", "vis1", "vis2", "vis3", "fmaf", "cbcond", "crypto"} {
		if !m[f] {
			t.Errorf("cpucaps: %s not detected", f)
		}
	}
	m = decode(0x1f, true, "")
	if !m["v9"] || m["vis1"] || m["crypto"] {
		t.Errorf("qemu-style auxv 0x1f decoded as %v", m)
	}
	m = decode(hwcapVIS|hwcapVIS2|hwcapPOPC|hwcapCRYPTO, true, "")
	if !m["vis1"] || !m["vis2"] || !m["popc"] || !m["crypto"] || m["vis3"] {
		t.Errorf("auxv bits decoded as %v", m)
	}
}

func BenchmarkSHA256(b *testing.B) {
	msg := make([]byte, 8192)
	for _, im := range arch.Impls() {
		if im.Alg != arch.SHA256 || im.Planted || (arch.State{Detected: arch.Detect()}).Missing(im) != "" {
			continue
		}
		block := im.SHA256Block
		b.Run(strings.TrimPrefix(im.Name, "sha256/"), func(b *testing.B) {
			b.SetBytes(int64(len(msg)))
			h := arch.SHA256Init
			for i := 0; i < b.N; i++ {
				block(&h, msg)
			}
		})
	}
	b.Run("crypto-sha256", func(b *testing.B) {
		b.SetBytes(int64(len(msg)))
		for i := 0; i < b.N; i++ {
			sha256.Sum256(msg)
		}
	})
}
