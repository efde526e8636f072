package arm64

import (
	"bytes"
	"crypto/sha256"
	"math/rand"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	_ "github.com/xarchlab/xarch/arch/generic"
)

func TestFeaturesDetected(t *testing.T) {
	det := arch.Detect()
	var on, off []string
	for _, f := range arch.KnownFeatures() {
		if det[f.Name] {
			on = append(on, f.Name)
		} else {
			off = append(off, f.Name)
		}
	}
	t.Logf("detected: %s", strings.Join(on, ","))
	t.Logf("absent:   %s", strings.Join(off, ","))
	if len(arch.KnownFeatures()) == 0 {
		t.Fatal("no arm64 features registered")
	}
}

// The assembly level must be in the table whenever it can be built (gc).
func TestARMv8Registered(t *testing.T) {
	im, ok := arch.Lookup("sha256/armv8")
	if !ok {
		if runtime.Compiler == "gc" {
			t.Fatal("sha256/armv8 is not registered")
		}
		t.Logf("sha256/armv8 not built with %s", runtime.Compiler)
		return
	}
	if im.Alg != arch.SHA256 || im.Planted || im.SHA256Block == nil {
		t.Fatalf("sha256/armv8 registered wrongly: %+v", im)
	}
}

func TestSHA256Impls(t *testing.T) {
	st := arch.State{Detected: arch.Detect()}
	var ran, skipped []string
	for _, im := range arch.Impls() {
		if im.Alg != arch.SHA256 {
			continue
		}
		if im.Planted {
			skipped = append(skipped, im.Name+" (planted)")
			continue
		}
		if why := st.Missing(im); why != "" {
			skipped = append(skipped, im.Name+" ("+why+")")
			continue
		}
		ran = append(ran, im.Name)
		im := im
		t.Run(strings.Replace(im.Name, "/", "_", -1), func(t *testing.T) { testSHA256(t, im.SHA256Block) })
	}
	sort.Strings(ran)
	t.Logf("ran: %s", strings.Join(ran, ", "))
	t.Logf("skipped: %s", strings.Join(skipped, ", "))
	if len(ran) == 0 {
		t.Fatal("no SHA-256 implementation ran")
	}
}

func testSHA256(t *testing.T, block func(h *[8]uint32, p []byte)) {
	r := rand.New(rand.NewSource(42))

	// Every length up to 1100, at a shifting misalignment.
	buf := make([]byte, 1100+8)
	r.Read(buf)
	for n := 0; n <= 1100; n++ {
		off := n % 8
		msg := buf[off : off+n]
		if got, want := arch.SHA256Sum(block, msg), sha256.Sum256(msg); got != want {
			t.Fatalf("len %d off %d: got %x want %x", n, off, got, want)
		}
	}

	// Long messages: many blocks in one kernel call.
	for _, n := range []int{64 << 10, 64<<10 + 1, 100000} {
		msg := make([]byte, n)
		r.Read(msg)
		if got, want := arch.SHA256Sum(block, msg), sha256.Sum256(msg); got != want {
			t.Fatalf("long len %d: got %x want %x", n, got, want)
		}
	}

	// An empty call must leave the state alone.
	h := arch.SHA256Init
	block(&h, nil)
	block(&h, buf[:0])
	if h != arch.SHA256Init {
		t.Fatalf("empty block call changed the state: %x", h)
	}

	// The kernel must not write to its input.
	guard := make([]byte, 3*64+16)
	r.Read(guard)
	keep := append([]byte(nil), guard...)
	h = arch.SHA256Init
	block(&h, guard[:3*64])
	if !bytes.Equal(guard, keep) {
		t.Fatal("block call modified its input")
	}

	// Chunked writes equal one call.
	msg := make([]byte, 5000)
	r.Read(msg)
	want := arch.SHA256Sum(block, msg)
	for _, chunk := range []int{1, 3, 55, 63, 64, 65, 127, 128, 129, 1000} {
		d := arch.NewSHA256(block)
		for p := msg; len(p) > 0; {
			n := chunk
			if n > len(p) {
				n = len(p)
			}
			d.Write(p[:n])
			p = p[n:]
		}
		if got := d.Sum(); got != want {
			t.Fatalf("chunk %d: got %x want %x", chunk, got, want)
		}
	}
	for i := 0; i < 50; i++ {
		d := arch.NewSHA256(block)
		for p := msg; len(p) > 0; {
			n := r.Intn(300)
			if n > len(p) {
				n = len(p)
			}
			d.Write(p[:n])
			p = p[n:]
		}
		if got := d.Sum(); got != want {
			t.Fatalf("random split %d: got %x want %x", i, got, want)
		}
	}
}
