//go:build xarch_openssl

package openssl

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha512"
	"testing"

	"github.com/xarchlab/xarch/arch"
	xaes "github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/family/sha256"
	xsha512 "github.com/xarchlab/xarch/family/sha512"
)

func op(t *testing.T, name string) *arch.Op {
	o, ok := arch.LookupOp(name)
	if !ok {
		t.Fatalf("no op %s", name)
	}
	return o
}

// Against Go's crypto over lengths around blocks and the 512-byte edge,
// whole, in pieces and in place: the provider's own glue (pieces, tags,
// chaining) is what these check; the vectors check the library.
func TestAgainstGo(t *testing.T) {
	key := bytes.Repeat([]byte{7}, 16)
	iv := make([]byte, 12)
	blk, _ := aes.NewCipher(key)
	g, _ := cipher.NewGCM(blk)
	for _, n := range []int{0, 1, 15, 16, 17, 79, 80, 511, 512, 513, 1024, 4099} {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(i * 31)
		}
		for _, chunks := range [][]int{nil, {1, 15, 33}} {
			want := g.Seal(nil, iv, msg, []byte("aad"))
			got, err := provider{}.Run(op(t, gcm.SealOp), [][]byte{key, iv, []byte("aad"), {16}}, nil, msg, chunks)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("gcm seal %d %v: %x, %v; want %x", n, chunks, got, err, want)
			}
			pt, err := provider{}.Run(op(t, gcm.OpenOp), [][]byte{key, iv, []byte("aad"), {16}}, nil, want, chunks)
			if err != nil || pt[0] != gcm.AuthOK || !bytes.Equal(pt[1:], msg) {
				t.Fatalf("gcm open %d: %x %v", n, pt, err)
			}
			bad := append([]byte(nil), want...)
			bad[len(bad)-1] ^= 1
			if r, err := (provider{}).Run(op(t, gcm.OpenOp), [][]byte{key, iv, []byte("aad"), {16}}, nil, bad, chunks); err != nil || len(r) != 1 || r[0] != gcm.AuthFailed {
				t.Fatalf("gcm open of a bad tag %d: %x %v", n, r, err)
			}
			s := sha512.Sum512(msg)
			d, err := provider{}.Run(op(t, "sha512"), nil, nil, msg, chunks)
			if err != nil || !bytes.Equal(d, s[:]) {
				t.Fatalf("sha512 %d: %x %v", n, d, err)
			}
			ctr := make([]byte, n)
			civ := bytes.Repeat([]byte{0xff}, 16) // the counter wraps all 128 bits
			cipher.NewCTR(blk, civ).XORKeyStream(ctr, msg)
			buf := append([]byte(nil), msg...)
			got, err = provider{}.Run(op(t, "aes-ctr-enc"), [][]byte{key, civ}, buf, buf, chunks)
			if err != nil || !bytes.Equal(got, ctr) {
				t.Fatalf("aes-ctr in place %d %v: %x %v; want %x", n, chunks, got, err, ctr)
			}
		}
	}
}

func TestLevelName(t *testing.T) {
	t.Setenv("XARCH_OPENSSL_LEVEL", "nopmull")
	if l := Level(); l != Version()+"-nopmull" || l[:7] != "openssl" {
		t.Fatalf("level %q", l)
	}
}

// The library's own Monte Carlo loop against the generic one over Run and
// Stream (arch.WholeMCT), for every hash and AES op that has one.
func TestMCT(t *testing.T) {
	key := bytes.Repeat([]byte{3}, 24)
	iv := bytes.Repeat([]byte{9}, 16)
	for _, o := range arch.Ops() {
		var args [][]byte
		switch {
		case o.Shape == "hash" && o.Family != sha256.Name && o.Family != xsha512.Name:
			continue
		case o.Shape == "hash":
			args = [][]byte{bytes.Repeat([]byte{5}, o.Out)}
		case o.Family == xaes.Name && o.MCT != nil:
			args = [][]byte{key, iv, bytes.Repeat([]byte{1}, 16)}
		default:
			continue
		}
		got, err := provider{}.MCT(o, args)
		want, err2 := arch.WholeMCT(provider{}, o, args)
		if err != nil || err2 != nil || len(got) != len(want) || !bytes.Equal(bytes.Join(got, nil), bytes.Join(want, nil)) {
			t.Fatalf("%s: %x %v, generic %x %v", o.Name, got, err, want, err2)
		}
	}
}
