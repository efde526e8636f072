package archtest

import (
	"bytes"
	"crypto/sha256"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/arch/generic"
)

// SHA256Levels checks every usable SHA-256 level of goarch and of
// arch/generic against crypto/sha256 (and the raw block function against
// generic): every length 0..1100 aligned and shifted, misaligned starts,
// long messages, chunked writes, raw calls from a random state, zero-block
// calls and messages flush against a PROT_NONE page.
func SHA256Levels(t *testing.T, goarch string) {
	levels := Levels(t, arch.SHA256, goarch, true)
	if len(levels) == 0 {
		t.Fatalf("no SHA-256 level usable on %s (sha256/generic always should be)", goarch)
	}
	for _, im := range levels {
		im := im
		t.Run(SubtestName(im.Name), func(t *testing.T) {
			block := arch.SHA256BlockOf(im)
			if block == nil {
				t.Fatalf("%s: Alg sha256 but no SHA256Block", im.Name)
			}
			t.Run("lengths", func(t *testing.T) { shaLengths(t, goarch, im.Name, block) })
			t.Run("misaligned", func(t *testing.T) { shaMisaligned(t, goarch, im.Name, block) })
			t.Run("long", func(t *testing.T) { shaLong(t, goarch, im.Name, block) })
			t.Run("chunked", func(t *testing.T) { shaChunked(t, goarch, im.Name, block) })
			t.Run("block-direct", func(t *testing.T) { shaBlockDirect(t, goarch, im.Name, block) })
			t.Run("zero-blocks", func(t *testing.T) { shaZeroBlocks(t, goarch, im.Name, block) })
			t.Run("guard-page", func(t *testing.T) { shaGuardPage(t, goarch, im.Name, block) })
		})
	}
	t.Logf("ran: %s", names(levels))
}

type shaBlock func(h *[8]uint32, p []byte)

// Every length 0..1100 at the start of the buffer and again shifted by
// n%8 bytes (most lengths start misaligned then).
func shaLengths(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(1))
	buf := RandBytes(r, 1100+8)
	for n := 0; n <= 1100; n++ {
		for _, off := range []int{0, n % 8} {
			m := buf[off : off+n]
			if got, want := arch.SHA256Sum(block, m), sha256.Sum256(m); got != want {
				t.Fatalf("%s: len %d at offset %d: got %x want %x; %s", name, n, off, got, want, reproduce(t, goarch))
			}
		}
	}
}

// Misaligned starts exercise byte loads and unaligned vector loads.
func shaMisaligned(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(2))
	buf := RandBytes(r, 1000+16)
	for off := 0; off < 16; off++ {
		for _, n := range []int{0, 55, 56, 63, 64, 65, 128, 200, 64 * 5, 1000} {
			m := buf[off : off+n]
			if got, want := arch.SHA256Sum(block, m), sha256.Sum256(m); got != want {
				t.Fatalf("%s: offset %d len %d: got %x want %x; %s", name, off, n, got, want, reproduce(t, goarch))
			}
		}
	}
}

// Long messages are many blocks in one kernel call; each is also written
// in random pieces (some whole blocks, some crossing block edges).
func shaLong(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(3))
	for _, n := range []int{64 << 10, 64<<10 + 1, 64<<10 + 77, 64<<10 + 64*3 + 17, 64<<10 + 1100, 100000, 100003, 200 << 10} {
		msg := RandBytes(r, n)
		want := sha256.Sum256(msg)
		if got := arch.SHA256Sum(block, msg); got != want {
			t.Fatalf("%s: len %d: got %x want %x; %s", name, n, got, want, reproduce(t, goarch))
		}
		d := arch.NewSHA256(block)
		for p := msg; len(p) > 0; {
			c := r.Intn(300)
			if r.Intn(4) == 0 {
				c = 64 * r.Intn(9)
			}
			if c > len(p) {
				c = len(p)
			}
			d.Write(p[:c])
			p = p[c:]
		}
		if got := d.Sum(); got != want {
			t.Fatalf("%s: len %d written in random pieces: got %x want %x; %s", name, n, got, want, reproduce(t, goarch))
		}
	}
}

// Chunked writes through the streaming digest equal one call: fixed
// piece sizes around the block edge, then random ones (every fifth trial
// whole blocks, empty writes included).
func shaChunked(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(4))
	msg := RandBytes(r, 5000)
	want := arch.SHA256Sum(block, msg)
	if want != sha256.Sum256(msg) {
		t.Fatalf("%s: one call over 5000 bytes disagrees with crypto/sha256; %s", name, reproduce(t, goarch))
	}
	write := func(sizes func() int) ([32]byte, []int) {
		d := arch.NewSHA256(block)
		var cuts []int
		for p := msg; len(p) > 0; {
			n := sizes()
			if n > len(p) {
				n = len(p)
			}
			d.Write(p[:n])
			cuts = append(cuts, n)
			p = p[n:]
		}
		return d.Sum(), cuts
	}
	for _, chunk := range []int{1, 3, 55, 63, 64, 65, 127, 128, 129, 1000} {
		chunk := chunk
		if got, _ := write(func() int { return chunk }); got != want {
			t.Fatalf("%s: pieces of %d bytes: got %x want %x; %s", name, chunk, got, want, reproduce(t, goarch))
		}
	}
	for trial := 0; trial < 50; trial++ {
		whole := trial%5 == 0
		got, cuts := write(func() int {
			if whole {
				return 64 * r.Intn(4)
			}
			return r.Intn(300)
		})
		if got != want {
			t.Fatalf("%s: trial %d, pieces %v: got %x want %x; %s", name, trial, cuts, got, want, reproduce(t, goarch))
		}
	}
}

// The raw block function against generic from a random (not initial)
// state: 0..9 blocks (odd and even counts for multi-lane levels), aligned
// then at random offsets, with the bytes around p left alone.
func shaBlockDirect(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(5))
	for trial := 0; trial < 300; trial++ {
		var h0 [8]uint32
		for j := range h0 {
			h0[j] = r.Uint32()
		}
		nb, off := trial%10, 0
		if trial >= 100 {
			off = r.Intn(33)
		}
		buf := RandBytes(r, off+64*nb+64)
		keep := append([]byte(nil), buf...)
		p := buf[off : off+64*nb]
		got, want := h0, h0
		generic.SHA256Block(&want, p)
		block(&got, p)
		if got != want {
			t.Fatalf("%s: %d blocks at offset %d from state %08x: got %08x want %08x; %s", name, nb, off, h0, got, want, reproduce(t, goarch))
		}
		if !bytes.Equal(buf, keep) {
			t.Fatalf("%s: %d blocks at offset %d: the input buffer was modified; %s", name, nb, off, reproduce(t, goarch))
		}
	}
}

// Zero blocks (nil and empty) leave the state alone.
func shaZeroBlocks(t *testing.T, goarch, name string, block shaBlock) {
	h := arch.SHA256Init
	block(&h, nil)
	block(&h, []byte{})
	if h != arch.SHA256Init {
		t.Fatalf("%s: a zero-block call changed the state to %x; %s", name, h, reproduce(t, goarch))
	}
}

// Messages flush against a PROT_NONE page, ending at it or starting right
// after one: a read past either end faults instead of passing silently.
func shaGuardPage(t *testing.T, goarch, name string, block shaBlock) {
	pages, release, err := guardedPages(1)
	if err != nil {
		noGuardPages(t, err)
	}
	defer release()
	pg := pages[0]
	r := rand.New(rand.NewSource(6))
	r.Read(pg)
	for _, n := range []int{0, 64, 128, 64 * 3, 64 * 10} {
		for e := 0; e < 4; e++ {
			for _, m := range [][]byte{pg[len(pg)-n-e : len(pg)-e], pg[e : e+n]} {
				var h0 [8]uint32
				for j := range h0 {
					h0[j] = r.Uint32()
				}
				got, want := h0, h0
				block(&got, m)
				generic.SHA256Block(&want, m)
				if got != want {
					t.Fatalf("%s: %d bytes %d from a guard page: state %08x want %08x; %s", name, n, e, got, want, reproduce(t, goarch))
				}
			}
		}
	}
}
