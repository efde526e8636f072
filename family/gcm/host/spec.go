package host

import (
	"crypto/aes"
	"crypto/cipher"
	"math/rand/v2"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/oracle/ref"
	"github.com/xarchlab/xarch/wire"
)

// Vector suite kinds of the family: how its suite judging (RegisterKind)
// turns a file into requests and judges the answers.
const (
	KindGCMVS = "gcmvs" // GCMVS encrypt (ExtIV) and decrypt files, FAIL records included
)

// The AES-GCM family: seal and open (params key, iv, aad, taglen). Vectors:
// the GCMVS encrypt (ExtIV) and decrypt files with their FAIL records.
// Fuzzing varies the AAD and data lengths independently, the IV length and
// the tag length, puts the 32-bit counter a few blocks below its wrap, and
// opens sealed messages as they are or tampered with.
func init() {
	var files []string
	for _, f := range GCMFiles() {
		files = append(files, f.Path)
	}
	s := &algs.Spec{Family: gcm.Name, Params: ParamRules,
		Ops: []algs.OpSpec{
			{Name: gcm.SealOp, Params: gcmParams},
			{Name: gcm.OpenOp, Params: gcmParams, Data: gcmSealed},
		},
		Suites: []algs.VectorSuite{{Kind: KindGCMVS, Files: files, Record: gcmRecord}},
	}
	s.Ops[1].NoSpeed = "`openssl speed -evp aes-128-gcm` times sealing"
	for _, kl := range []int{16, 32} {
		kl := kl
		name := map[int]string{16: "aes-128-gcm", 32: "aes-256-gcm"}[kl]
		s.Speed = append(s.Speed, algs.SpeedPeer{Name: name, OpenSSL: name, GoName: "crypto/aes+crypto/cipher GCM",
			GoOp: func(size int) (func(int), func() []byte) { return gcmGoOp(kl, size) }})
	}
	algs.Register(s)
}

// gcmAADLens are the AAD lengths the fuzzer cycles through, around the
// sizes where GCM kernels change paths (the 16k+-1, 256, 512+-1,
// 1792), with short ones in between.
var gcmAADLens = []int{0, 1, 15, 16, 17, 255, 256, 257, 511, 512, 513, 1791, 1792, 1793, 16383, 16384, 16385}

func gcmParams(r *rand.Rand, j int) [][]byte {
	key := algs.RandBytes(r, []int{16, 24, 32}[j%3])
	var iv []byte
	switch k := r.IntN(8); {
	case k == 0:
		iv = algs.RandBytes(r, 1+r.IntN(64))
	case k == 1:
		// The counter wraps a few blocks into the message.
		var err error
		iv, err = ref.GCMIVForCounter(key, 0xffffffff-uint32(r.IntN(40)))
		if err != nil {
			panic(err) // the key sizes above are AES's own
		}
	default:
		iv = algs.RandBytes(r, 12)
	}
	aadLen := r.IntN(64)
	if r.IntN(2) == 0 {
		aadLen = gcmAADLens[(j/3)%len(gcmAADLens)]
	}
	tagLen := 16
	if r.IntN(4) == 0 {
		tagLen = 4 + r.IntN(13)
	}
	return [][]byte{key, iv, algs.RandBytes(r, aadLen), {byte(tagLen)}}
}

// gcmSealed makes an open case: the reference's seal of the data, and a
// third of the time one flipped bit in the ciphertext, the tag or the AAD
// (which must fail authentication).
func gcmSealed(r *rand.Rand, j int, params [][]byte, data []byte) []byte {
	sealed, err := ref.Run(gcm.SealOp, params, data)
	if err != nil {
		return data // the oracle reports the same error for the open
	}
	switch r.IntN(6) {
	case 0:
		sealed[r.IntN(len(sealed))] ^= 1 << uint(r.IntN(8))
	case 1:
		if len(params[2]) > 0 {
			params[2][r.IntN(len(params[2]))] ^= 1
		} else {
			sealed[len(sealed)-1] ^= 0x80
		}
	}
	return sealed
}

// gcmGoOp is the Go peer: crypto/cipher's GCM sealing a buffer per
// operation with a fixed 96-bit IV and no AAD; the check is the tag.
func gcmGoOp(keyLen, size int) (func(int), func() []byte) {
	b, err := aes.NewCipher(gcm.SpeedKey(keyLen))
	if err != nil {
		panic(err)
	}
	a, err := cipher.NewGCM(b)
	if err != nil {
		panic(err)
	}
	iv := gcm.SpeedIV()
	msg := make([]byte, size)
	wire.SpeedPattern(msg)
	out := make([]byte, 0, size+16)
	return func(n int) {
			for i := 0; i < n; i++ {
				out = a.Seal(out[:0], iv, msg, nil)
			}
		}, func() []byte {
			return append([]byte(nil), out[len(out)-16:]...)
		}
}
