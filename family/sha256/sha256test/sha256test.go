// Package sha256test holds the SHA-256 conformance checks every
// arch/<goarch> test package runs on its levels (target side, Go 1.18).
package sha256test

import (
	"bytes"
	cryptosha256 "crypto/sha256"
	"math/rand"
	"testing"

	"github.com/xarchlab/xarch/arch/archtest"
	"github.com/xarchlab/xarch/family/sha256"
)

// Levels checks every usable SHA-256 level of goarch and of
// the generic level against crypto/sha256 (and the raw block function against
// generic): every length 0..1100 aligned and shifted, misaligned starts,
// long messages, chunked writes, raw calls from a random state, zero-block
// calls and messages flush against a PROT_NONE page.
func Levels(t *testing.T, goarch string) {
	levels := archtest.Levels(t, sha256.Name, goarch, true)
	if len(levels) == 0 {
		t.Fatalf("no SHA-256 level usable on %s (sha256/generic always should be)", goarch)
	}
	for _, im := range levels {
		im := im
		t.Run(archtest.SubtestName(im.Name), func(t *testing.T) {
			block := sha256.BlockOf(im)
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
	t.Logf("ran: %s", archtest.Names(levels))
}

type shaBlock func(h *[8]uint32, p []byte)

// Every length 0..1100 at the start of the buffer and again shifted by
// n%8 bytes (most lengths start misaligned then).
func shaLengths(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(1))
	buf := archtest.RandBytes(r, 1100+8)
	for n := 0; n <= 1100; n++ {
		for _, off := range []int{0, n % 8} {
			m := buf[off : off+n]
			if got, want := sha256.Sum256(block, m), cryptosha256.Sum256(m); got != want {
				t.Fatalf("%s: len %d at offset %d: got %x want %x; %s", name, n, off, got, want, archtest.Reproduce(t, goarch))
			}
		}
	}
}

// Misaligned starts exercise byte loads and unaligned vector loads.
func shaMisaligned(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(2))
	buf := archtest.RandBytes(r, 1000+16)
	for off := 0; off < 16; off++ {
		for _, n := range []int{0, 55, 56, 63, 64, 65, 128, 200, 64 * 5, 1000} {
			m := buf[off : off+n]
			if got, want := sha256.Sum256(block, m), cryptosha256.Sum256(m); got != want {
				t.Fatalf("%s: offset %d len %d: got %x want %x; %s", name, off, n, got, want, archtest.Reproduce(t, goarch))
			}
		}
	}
}

// Long messages are many blocks in one kernel call; each is also written
// in random pieces (some whole blocks, some crossing block edges).
func shaLong(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(3))
	for _, n := range []int{64 << 10, 64<<10 + 1, 64<<10 + 77, 64<<10 + 64*3 + 17, 64<<10 + 1100, 100000, 100003, 200 << 10} {
		msg := archtest.RandBytes(r, n)
		want := cryptosha256.Sum256(msg)
		if got := sha256.Sum256(block, msg); got != want {
			t.Fatalf("%s: len %d: got %x want %x; %s", name, n, got, want, archtest.Reproduce(t, goarch))
		}
		d := sha256.New(block)
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
			t.Fatalf("%s: len %d written in random pieces: got %x want %x; %s", name, n, got, want, archtest.Reproduce(t, goarch))
		}
	}
}

// Chunked writes through the streaming digest equal one call: fixed
// piece sizes around the block edge, then random ones (every fifth trial
// whole blocks, empty writes included).
func shaChunked(t *testing.T, goarch, name string, block shaBlock) {
	r := rand.New(rand.NewSource(4))
	msg := archtest.RandBytes(r, 5000)
	want := sha256.Sum256(block, msg)
	if want != cryptosha256.Sum256(msg) {
		t.Fatalf("%s: one call over 5000 bytes disagrees with crypto/sha256; %s", name, archtest.Reproduce(t, goarch))
	}
	write := func(sizes func() int) ([32]byte, []int) {
		d := sha256.New(block)
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
			t.Fatalf("%s: pieces of %d bytes: got %x want %x; %s", name, chunk, got, want, archtest.Reproduce(t, goarch))
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
			t.Fatalf("%s: trial %d, pieces %v: got %x want %x; %s", name, trial, cuts, got, want, archtest.Reproduce(t, goarch))
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
		buf := archtest.RandBytes(r, off+64*nb+64)
		keep := append([]byte(nil), buf...)
		p := buf[off : off+64*nb]
		got, want := h0, h0
		sha256.GenericBlock(&want, p)
		block(&got, p)
		if got != want {
			t.Fatalf("%s: %d blocks at offset %d from state %08x: got %08x want %08x; %s", name, nb, off, h0, got, want, archtest.Reproduce(t, goarch))
		}
		if !bytes.Equal(buf, keep) {
			t.Fatalf("%s: %d blocks at offset %d: the input buffer was modified; %s", name, nb, off, archtest.Reproduce(t, goarch))
		}
	}
}

// Zero blocks (nil and empty) leave the state alone.
func shaZeroBlocks(t *testing.T, goarch, name string, block shaBlock) {
	h := sha256.Init
	block(&h, nil)
	block(&h, []byte{})
	if h != sha256.Init {
		t.Fatalf("%s: a zero-block call changed the state to %x; %s", name, h, archtest.Reproduce(t, goarch))
	}
}

// Messages flush against a PROT_NONE page, ending at it or starting right
// after one: a read past either end faults instead of passing silently.
func shaGuardPage(t *testing.T, goarch, name string, block shaBlock) {
	pages, release, err := archtest.GuardedPages(1)
	if err != nil {
		archtest.NoGuardPages(t, err)
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
				sha256.GenericBlock(&want, m)
				if got != want {
					t.Fatalf("%s: %d bytes %d from a guard page: state %08x want %08x; %s", name, n, e, got, want, archtest.Reproduce(t, goarch))
				}
			}
		}
	}
}

// FromBlock hashes messages of several lengths ("abc" among them)
// with block as the compression function and requires crypto/sha256's
// digests: how a Go model of SHA-2 instructions proves itself whole.
func FromBlock(t *testing.T, what string, block func(h *[8]uint32, p []byte)) {
	t.Helper()
	for _, n := range []int{0, 3, 55, 56, 64, 200} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(i*7 + n)
		}
		if n == 3 {
			msg = []byte("abc")
		}
		if got, want := sha256.Sum256(block, msg), cryptosha256.Sum256(msg); got != want {
			t.Fatalf("SHA-256 of %d bytes from %s = %x, want %x", n, what, got, want)
		}
	}
}
