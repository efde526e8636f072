package oracle

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/hex"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/driver"
	hashhost "github.com/xarchlab/xarch/family/hash/host"
)

var shared *Oracle

func open(t testing.TB) *Oracle {
	t.Helper()
	if shared == nil {
		o, err := Open(Options{CacheDir: driver.DefaultCacheDir(), Log: os.Stderr})
		require.NoError(t, err)
		shared = o
	}
	return shared
}

func vectorsDir(t testing.TB) string {
	d, err := filepath.Abs("../vectors")
	require.NoError(t, err)
	return d
}

// The oracle must reproduce every NIST SHA-224/256 vector: Short, Long and
// the Monte Carlo chain (100 checkpoints of 1000 calls each).
func TestOracleMatchesNISTVectors(t *testing.T) {
	o := open(t)
	for _, h := range []struct {
		nist, op string
		size     int
	}{{"SHA256", "sha256", 32}, {"SHA224", "sha224", 28}} {
		for _, f := range hashhost.SHAFiles(h.nist) {
			path := filepath.Join(vectorsDir(t), f.Path)
			if f.Monte {
				mc, err := hashhost.LoadMonte(path, h.size)
				require.NoError(t, err)
				seed := mc.Seed
				for _, cp := range mc.Checkpoints {
					a, b, c := seed, seed, seed
					for i := 0; i < 1000; i++ {
						md, err := o.Call(h.op, bytes.Join([][]byte{a, b, c}, nil))
						require.NoError(t, err)
						a, b, c = b, c, md
					}
					require.Equal(t, hex.EncodeToString(cp.MD), hex.EncodeToString(c), "%s:%d", f.Path, cp.Line)
					seed = c
				}
				continue
			}
			cases, err := hashhost.LoadHash(path, h.size)
			require.NoError(t, err)
			require.NotEmpty(t, cases)
			for _, c := range cases {
				md, err := o.Call(h.op, c.Msg)
				require.NoError(t, err)
				require.Equal(t, hex.EncodeToString(c.MD), hex.EncodeToString(md), "%s:%d", f.Path, c.Line)
			}
		}
	}
}

// SP 800-38A, appendix F: the first block of each AES-128 example.
func TestOracleAESSP80038A(t *testing.T) {
	o := open(t)
	key := unhex(t, "2b7e151628aed2a6abf7158809cf4f3c")
	pt := unhex(t, "6bc1bee22e409f96e93d7e117393172a")
	iv := unhex(t, "000102030405060708090a0b0c0d0e0f")
	ctr := unhex(t, "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff")
	for _, c := range []struct {
		op    string
		iv    []byte
		ctHex string
	}{
		{"aes-ecb-enc", nil, "3ad77bb40d7a3660a89ecaf32466ef97"},
		{"aes-cbc-enc", iv, "7649abac8119b246cee98e9b12e9197d"},
		{"aes-ctr-enc", ctr, "874d6191b620e3261bef6864990db6ce"},
		{"aes-ofb-enc", iv, "3b3fd92eb72dad20333449f8e83cfb4a"},
		{"aes-cfb128-enc", iv, "3b3fd92eb72dad20333449f8e83cfb4a"},
	} {
		ct, err := o.Call(c.op, key, c.iv, pt)
		require.NoError(t, err, c.op)
		require.Equal(t, c.ctHex, hex.EncodeToString(ct), c.op)
		dec := c.op[:len(c.op)-3] + "dec"
		back, err := o.Call(dec, key, c.iv, ct)
		require.NoError(t, err, dec)
		require.Equal(t, pt, back, dec)
	}
}

// The wasm build agrees with the host's native crypto on random inputs of
// every mode, key size and direction (CTR counter wrap included).
func TestOracleAESAgreesWithHost(t *testing.T) {
	o := open(t)
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 300; i++ {
		key := randBytes(r, []int{16, 24, 32}[i%3])
		iv := randBytes(r, 16)
		if i%7 == 0 {
			copy(iv[8:], bytes.Repeat([]byte{0xff}, 8))
		}
		n := r.IntN(200)
		mode := []string{"ecb", "cbc", "ctr", "ofb", "cfb128"}[i%5]
		if mode == "ecb" || mode == "cbc" {
			n &^= 15
		}
		data := randBytes(r, n)
		b, _ := aes.NewCipher(key)
		for _, dir := range []string{"enc", "dec"} {
			want := make([]byte, n)
			switch mode {
			case "ecb":
				for j := 0; j < n; j += 16 {
					if dir == "enc" {
						b.Encrypt(want[j:], data[j:])
					} else {
						b.Decrypt(want[j:], data[j:])
					}
				}
			case "cbc":
				if dir == "enc" {
					cipher.NewCBCEncrypter(b, iv).CryptBlocks(want, data)
				} else {
					cipher.NewCBCDecrypter(b, iv).CryptBlocks(want, data)
				}
			case "ctr":
				cipher.NewCTR(b, iv).XORKeyStream(want, data)
			case "ofb":
				cipher.NewOFB(b, iv).XORKeyStream(want, data)
			case "cfb128":
				if dir == "enc" {
					cipher.NewCFBEncrypter(b, iv).XORKeyStream(want, data)
				} else {
					cipher.NewCFBDecrypter(b, iv).XORKeyStream(want, data)
				}
			}
			civ := iv
			if mode == "ecb" {
				civ = nil
			}
			got, err := o.Call("aes-"+mode+"-"+dir, key, civ, data)
			require.NoError(t, err)
			require.Equal(t, hex.EncodeToString(want), hex.EncodeToString(got), "aes-%s-%s case %d", mode, dir, i)
		}
	}
}

func TestOracleErrors(t *testing.T) {
	o := open(t)
	_, err := o.Call("md5", []byte("x"))
	require.ErrorContains(t, err, `reference has no op "md5"`)
	_, err = o.Call("sha256")
	require.ErrorContains(t, err, "carries no data")
	_, err = o.Call("aes-cbc-enc", make([]byte, 16), make([]byte, 16), make([]byte, 15))
	require.ErrorContains(t, err, "whole blocks")
	_, err = o.Call("aes-ecb-enc", make([]byte, 15), nil, nil)
	require.ErrorContains(t, err, "key size")
	// Still healthy after errors.
	md, err := o.Call("sha256", []byte("abc"))
	require.NoError(t, err)
	require.Equal(t, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", hex.EncodeToString(md))
}

// A second Open must come from the caches. The test reports the warm start
// time and the throughput (about 60-100 ms and 13k calls/s here; `xarch fuzz`
// prints both on every run) but asserts only a loose bound: timing on a
// shared machine belongs in reports, not in pass/fail.
func TestOracleWarmStartAndThroughput(t *testing.T) {
	open(t) // warms both caches
	// The best of three opens: the machine is shared and noisy, and the
	// claim is about the cached path, not about a busy neighbour.
	var o *Oracle
	ready := time.Hour
	for i := 0; i < 3; i++ {
		start := time.Now()
		oi, err := Open(Options{CacheDir: driver.DefaultCacheDir()})
		require.NoError(t, err)
		if d := time.Since(start); d < ready {
			ready = d
		}
		require.False(t, oi.Stats().Built)
		if o != nil {
			o.Close()
		}
		o = oi
	}
	defer o.Close()
	msg := make([]byte, 64)
	for i := 0; i < 10000; i++ {
		_, err := o.Call("sha256", msg)
		require.NoError(t, err)
	}
	big := make([]byte, 64<<10)
	for i := 0; i < 200; i++ {
		_, err := o.Call("sha256", big)
		require.NoError(t, err)
	}
	t.Logf("warm open (best of 3) %s; %s", ready.Round(time.Millisecond), o.Stats())
	// Far above a warm start, far below compiling the 2.8 MB module afresh
	// (seconds): catches a cache that is not used.
	limit := time.Second
	if raceOrCover() {
		limit *= 5
	}
	require.Less(t, ready, limit, "warm start")
}

func raceOrCover() bool { return testing.CoverMode() != "" }

func unhex(t *testing.T, s string) []byte {
	b, err := hex.DecodeString(s)
	require.NoError(t, err)
	return b
}

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func BenchmarkOracleSHA256(b *testing.B) {
	o := open(b)
	for _, n := range []int{0, 64, 1024, 16384} {
		msg := make([]byte, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			b.SetBytes(int64(n))
			for i := 0; i < b.N; i++ {
				if _, err := o.Call("sha256", msg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
