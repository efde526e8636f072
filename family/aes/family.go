package aes

import (
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// The AES family: one cipher op per mode and direction ("aes-ctr-enc"),
// with params key and iv (empty for ECB), run through AESStream (the mode
// layer a library would use, so the kernels' optional CBC/CTR entry points
// and the chaining state are exercised as well as the block functions);
// the AESAVS Monte Carlo step; and openssl's -evp speed names.

// OpName is the wire op of mode and direction: "aes-cbc-dec".
func OpName(mode string, decrypt bool) string {
	if decrypt {
		return "aes-" + mode + "-dec"
	}
	return "aes-" + mode + "-enc"
}

// MCTInner is the number of inner iterations of an AESAVS MCT round.
const MCTInner = 1000

// SpeedMode is one AES algorithm of the speed command: openssl's -evp
// name, plus "-dec" for the decryption rows (`openssl speed -decrypt`).
type SpeedMode struct {
	Name, Mode string
	KeyLen     int
	Decrypt    bool
}

// SpeedModes are the AES algorithms of the speed command. Decryption is
// timed where it is another computation than encryption and worth a row:
// CBC (parallel, where encryption is serial) and ECB (the inverse cipher).
// CTR decrypts by encrypting.
var SpeedModes = []SpeedMode{
	{"aes-128-ctr", ModeCTR, 16, false}, {"aes-192-ctr", ModeCTR, 24, false}, {"aes-256-ctr", ModeCTR, 32, false},
	{"aes-128-cbc", ModeCBC, 16, false}, {"aes-192-cbc", ModeCBC, 24, false}, {"aes-256-cbc", ModeCBC, 32, false},
	{"aes-128-ecb", ModeECB, 16, false}, {"aes-192-ecb", ModeECB, 24, false}, {"aes-256-ecb", ModeECB, 32, false},
	{"aes-128-cbc-dec", ModeCBC, 16, true}, {"aes-192-cbc-dec", ModeCBC, 24, true}, {"aes-256-cbc-dec", ModeCBC, 32, true},
	{"aes-128-ecb-dec", ModeECB, 16, true}, {"aes-192-ecb-dec", ModeECB, 24, true}, {"aes-256-ecb-dec", ModeECB, 32, true},
}

// EVPName is openssl's -evp name of the algorithm (without "-dec").
func (m SpeedMode) EVPName() string {
	if m.Decrypt {
		return m.Name[:len(m.Name)-len("-dec")]
	}
	return m.Name
}

// SpeedKey is the key of AES speed operations (its first n bytes).
func SpeedKey(n int) []byte {
	k := make([]byte, n)
	for i := range k {
		k[i] = byte(0x10 + i)
	}
	return k
}

// SpeedIV is the IV (initial counter for CTR) of AES speed operations;
// ECB has none.
func SpeedIV(mode string) []byte {
	if mode == ModeECB {
		return nil
	}
	iv := make([]byte, 16)
	for i := range iv {
		iv[i] = byte(0xf0 + i)
	}
	return iv
}

func init() {
	f := &arch.Family{Name: Name, Block: 16, Check: func(im *arch.Impl) error { _, err := Of(im); return err }}
	for _, mode := range Modes {
		for _, dec := range []bool{false, true} {
			mode, dec := mode, dec
			unit := 1
			if mode == ModeECB || mode == ModeCBC {
				unit = 16
			}
			op := &arch.Op{
				OpInfo: wire.OpInfo{Name: OpName(mode, dec), Shape: wire.ShapeCipher, Params: []string{"key", "iv"}, Unit: unit},
				Run: func(im *arch.Impl, params [][]byte, dst, in []byte, chunks []int) ([]byte, error) {
					fs, err := Of(im)
					if err != nil {
						return nil, err
					}
					st, err := NewStream(fs, mode, dec, params[0], params[1])
					if err != nil {
						return nil, err
					}
					return dst, arch.Feed(dst, in, chunks, st.Crypt)
				},
			}
			if mode != ModeCTR {
				op.MCT = func(im *arch.Impl, args [][]byte) ([][]byte, error) { return aesMCT(im, mode, dec, args) }
				op.WholeMCT = func(w arch.Whole, op *arch.Op, args [][]byte) ([][]byte, error) {
					return wholeMCT(w, op, mode, args)
				}
			}
			f.Ops = append(f.Ops, op)
		}
	}
	for _, m := range SpeedModes {
		m := m
		f.Speed = append(f.Speed, &arch.SpeedAlg{
			SpeedInfo: wire.SpeedInfo{Name: m.Name, Op: OpName(m.Mode, m.Decrypt)},
			Prepare: func(im *arch.Impl, size int) (func(int), func() []byte, error) {
				return aesSpeed(im, m.Mode, m.Decrypt, m.KeyLen, size)
			},
			PrepareWhole: func(w arch.Whole, op *arch.Op, size int) (func(int), func() []byte, error) {
				return wholeSpeed(w, op, m.Mode, m.KeyLen, size)
			},
		})
	}
	f.Edges = edges
	arch.RegisterFamily(f)
}

// aesMCT runs the inner loop of one AESAVS (NIST, 2002) Monte Carlo outer
// iteration for ECB, CBC, OFB and CFB128; args are key, iv, text. Written
// for encryption (for decryption swap PT and CT):
//
//	ECB:   CT[j] = AES(Key[i], PT[j]);  PT[j+1] = CT[j]
//	other: CT[0] = AES(Key[i], IV[i], PT[0]);  PT[1] = IV[i]
//	       CT[j] = AES(Key[i], PT[j]);  PT[j+1] = CT[j-1]  (j > 0, chaining
//	       state carried over from j-1)
//
// It answers CT[999] and CT[998]; the host shuffles the key and picks the
// next IV and PT from them.
func aesMCT(im *arch.Impl, mode string, dec bool, args [][]byte) ([][]byte, error) {
	if len(args) != 3 {
		return nil, fmt.Errorf("AES Monte Carlo takes key, iv and text, got %d arguments", len(args))
	}
	fs, err := Of(im)
	if err != nil {
		return nil, err
	}
	if mode == ModeCTR {
		return nil, errors.New("AESAVS defines no Monte Carlo test for CTR")
	}
	st, err := NewStream(fs, mode, dec, args[0], args[1])
	if err != nil {
		return nil, err
	}
	if len(args[2]) != 16 {
		return nil, fmt.Errorf("text must be one 16-byte block, got %d bytes", len(args[2]))
	}
	ecb := mode == ModeECB
	var in, out, prev [16]byte
	copy(in[:], args[2])
	for j := 0; j < MCTInner; j++ {
		prev = out
		if err := st.Crypt(out[:], in[:]); err != nil {
			return nil, err
		}
		switch {
		case ecb:
			in = out
		case j == 0:
			copy(in[:], args[1])
		default:
			in = prev
		}
	}
	return [][]byte{out[:], prev[:]}, nil
}

// aesSpeed: one buffer encrypted (or decrypted) in place per operation with
// the chaining state carried on, as `openssl speed -evp aes-128-ctr` (with
// -decrypt) does with one context. The check output is the SHA-256 of one
// operation on a fresh stream (AESSpeedKey, AESSpeedIV) over the pattern:
// after n operations the buffer depends on n, a fresh one does not.
func aesSpeed(im *arch.Impl, mode string, dec bool, keyLen, size int) (func(int), func() []byte, error) {
	fs, err := Of(im)
	if err != nil {
		return nil, nil, err
	}
	if mode != ModeCTR && size%16 != 0 {
		return nil, nil, fmt.Errorf("%s takes whole 16-byte blocks; size %d is not a multiple of 16", mode, size)
	}
	key, iv := SpeedKey(keyLen), SpeedIV(mode)
	fresh, err := NewStream(fs, mode, dec, key, iv)
	if err != nil {
		return nil, nil, err
	}
	buf := make([]byte, size)
	wire.SpeedPattern(buf)
	if err := fresh.Crypt(buf, buf); err != nil {
		return nil, nil, err
	}
	check := sha256.Sum256(buf)
	st, err := NewStream(fs, mode, dec, key, iv)
	if err != nil {
		return nil, nil, err
	}
	wire.SpeedPattern(buf)
	run := func(n int) {
		for i := 0; i < n; i++ {
			st.Crypt(buf, buf)
		}
	}
	return run, func() []byte { return check[:] }, nil
}
