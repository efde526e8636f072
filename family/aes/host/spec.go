package host

import (
	cryptoaes "crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"math/rand/v2"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/wire"
)

// Vector suite kinds of the family: how its suite judging (RegisterKind)
// turns a file into requests and judges the answers.
const (
	KindAESAVS   = "aesavs"     // AESAVS KAT and MMT files, both directions
	KindAESMCT   = "aesavs-mct" // AESAVS Monte Carlo files
	KindAESCTR   = "sp800-38a-ctr"
	KindAESEdges = "aes-edges" // synthetic: lengths around Tuning, CTR carries
)

// AESEdgesFile names the synthetic edge-case suite in reports.
const AESEdgesFile = "edges: lengths around Tuning, CTR carry (expected from host crypto/aes)"

// The AES family: ECB, CBC, CTR, OFB and CFB128, both directions. Vectors:
// the AESAVS KAT and MMT files (batched), the Monte Carlo files, the
// SP 800-38A CTR example, and length edges around each level's Tuning.
func init() {
	s := &algs.Spec{Family: aes.Name, Params: ParamRules}
	for _, mode := range aes.Modes {
		for _, dec := range []bool{false, true} {
			o := algs.OpSpec{Name: aes.OpName(mode, dec), Params: aesParams(mode)}
			switch {
			case dec && mode == aes.ModeCTR:
				o.NoSpeed = "CTR decrypts by encrypting: the aes-*-ctr rows time it"
			case mode == aes.ModeOFB || mode == aes.ModeCFB128:
				o.NoSpeed = "serial like CBC encryption through the same block kernel; not timed"
			}
			s.Ops = append(s.Ops, o)
		}
	}
	var kat, mct []string
	for _, f := range AESFiles() {
		switch f.Kind {
		case "MCT":
			mct = append(mct, f.Path)
		case "CTR":
		default:
			kat = append(kat, f.Path)
		}
	}
	s.Suites = []algs.VectorSuite{
		{Kind: KindAESAVS, Files: kat, Record: aesRecord},
		{Kind: KindAESMCT, Files: mct, Record: aesRecord},
		{Kind: KindAESCTR, Files: []string{AESCTRFile}, Record: aesRecord},
		{Kind: KindAESEdges, Files: []string{AESEdgesFile}, Synthetic: true},
	}
	for _, m := range aes.SpeedModes {
		m := m
		blocks := 16
		if m.Mode == aes.ModeCTR {
			blocks = 0
		}
		s.Speed = append(s.Speed, algs.SpeedPeer{Name: m.Name, OpenSSL: m.EVPName(), OpenSSLDecrypt: m.Decrypt,
			GoName: "crypto/aes+crypto/cipher", Blocks: blocks,
			GoOp: func(size int) (func(int), func() []byte) { return aesGoOp(m.Mode, m.Decrypt, m.KeyLen, size) }})
	}
	algs.Register(s)
}

// aesParams cycles the key sizes over the edge list (so every length meets
// every key size across the three nearest edges) and, for CTR, puts the
// counter a few blocks below a carry out of the low 64 bits a quarter of
// the time, and below a carry out of the low 32 bits only an eighth.
func aesParams(mode string) func(r *rand.Rand, j int) [][]byte {
	return func(r *rand.Rand, j int) [][]byte {
		key := algs.RandBytes(r, []int{16, 24, 32}[j%3])
		if mode == aes.ModeECB {
			return [][]byte{key, nil}
		}
		iv := algs.RandBytes(r, 16)
		if mode == aes.ModeCTR {
			switch r.IntN(8) {
			case 0, 1:
				for i := 8; i < 16; i++ {
					iv[i] = 0xff
				}
				iv[15] -= byte(r.IntN(4))
			case 2:
				for i := 12; i < 16; i++ {
					iv[i] = 0xff
				}
				iv[11] &^= 1
				iv[15] -= byte(r.IntN(4))
			}
		}
		return [][]byte{key, iv}
	}
}

// aesGoOp is the Go peer: crypto/aes with crypto/cipher's CTR and CBC (and
// a loop of Encrypt or Decrypt for ECB, which crypto/cipher does not
// offer), encrypting (dec: decrypting) one buffer in place per operation
// with the state carried on. Its output check is the SHA-256 of one
// operation on a fresh stream, as the runner's (arch.aesSpeed).
func aesGoOp(mode string, dec bool, keyLen, size int) (func(int), func() []byte) {
	key, iv := aes.SpeedKey(keyLen), aes.SpeedIV(mode)
	block, err := cryptoaes.NewCipher(key)
	if err != nil {
		panic(err) // the key sizes of AESSpeedModes are AES's own
	}
	buf := make([]byte, size)
	wire.SpeedPattern(buf)
	var run func(int)
	switch mode {
	case aes.ModeCTR:
		s := cipher.NewCTR(block, iv)
		run = func(n int) {
			for i := 0; i < n; i++ {
				s.XORKeyStream(buf, buf)
			}
		}
	case aes.ModeCBC:
		s := cipher.NewCBCEncrypter(block, iv)
		if dec {
			s = cipher.NewCBCDecrypter(block, iv)
		}
		whole := buf[:size&^15]
		run = func(n int) {
			for i := 0; i < n; i++ {
				s.CryptBlocks(whole, whole)
			}
		}
	default: // ECB
		crypt := block.Encrypt
		if dec {
			crypt = block.Decrypt
		}
		run = func(n int) {
			for i := 0; i < n; i++ {
				for j := 0; j+16 <= len(buf); j += 16 {
					crypt(buf[j:j+16], buf[j:j+16])
				}
			}
		}
	}
	return run, func() []byte {
		d := sha256.Sum256(buf)
		return d[:]
	}
}
