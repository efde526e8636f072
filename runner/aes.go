package runner

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// AES commands. Every one goes through arch.AESStream, the same mode layer
// a library would use, so the kernels' optional CBC/CTR entry points and the
// chaining state are exercised as well as the block functions.

func init() {
	register("aes", 6, "impl, mode, direction, key, iv, data", cmdAES)
	// Many cases of one mode and direction in one request (vector files):
	// cases is wire.Pack(key1, iv1, data1, key2, ...); the answer is
	// wire.Pack(out1, out2, ...). pieces cuts each message (see parsePieces);
	// "" is one call out of place, pieces run in place.
	register("aes-batch", 5, "impl, mode, direction, pieces, cases", cmdAESBatch)
	// One AESAVS Monte Carlo outer iteration: 1000 inner iterations here.
	register("aes-mct", 6, "impl, mode, direction, key, iv, text", cmdAESMCT)
}

// AESMCTInner is the number of inner iterations of an AESAVS MCT round.
const AESMCTInner = 1000

func (s *Server) aesImpl(name []byte) (*arch.Impl, error) {
	im, err := s.usable(name, arch.AES)
	if err != nil {
		return nil, err
	}
	if arch.AESFuncsOf(im) == nil {
		return nil, fmt.Errorf("implementation %q registers no AES entry points", name)
	}
	return im, nil
}

func parseDirection(b []byte) (decrypt bool, err error) {
	switch string(b) {
	case "encrypt", "enc":
		return false, nil
	case "decrypt", "dec":
		return true, nil
	}
	return false, fmt.Errorf("direction %q: want encrypt or decrypt", b)
}

// aesStream opens a stream from the common leading arguments.
func (s *Server) aesStream(impl, mode, dir, key, iv []byte) (*arch.AESStream, error) {
	im, err := s.aesImpl(impl)
	if err != nil {
		return nil, err
	}
	dec, err := parseDirection(dir)
	if err != nil {
		return nil, err
	}
	return arch.NewAESStream(arch.AESFuncsOf(im), string(mode), dec, key, iv)
}

// cmdAES answers the output and the chaining register after the call (the
// next counter for CTR; empty for ECB).
func cmdAES(s *Server, args [][]byte) ([][]byte, error) {
	st, err := s.aesStream(args[0], args[1], args[2], args[3], args[4])
	if err != nil {
		return nil, err
	}
	out := make([]byte, len(args[5]))
	if err := st.Crypt(out, args[5]); err != nil {
		return nil, err
	}
	var reg []byte
	if st.Mode() != arch.AESModeECB {
		r := st.Register()
		reg = r[:]
	}
	return [][]byte{out, reg}, nil
}

// parsePieces reads "" (one call) or comma-separated sizes "1,15,32" that
// are cycled over the message; 0 is an empty call.
func parsePieces(b []byte, blockOnly bool) ([]int, error) {
	if len(b) == 0 {
		return nil, nil
	}
	var out []int
	some := false
	for _, f := range strings.Split(string(b), ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			return nil, fmt.Errorf("pieces %q: %q is not a size", b, f)
		}
		if blockOnly && n%16 != 0 {
			return nil, fmt.Errorf("pieces %q: %d is not a whole number of blocks (ECB/CBC)", b, n)
		}
		some = some || n > 0
		out = append(out, n)
	}
	if !some {
		return nil, fmt.Errorf("pieces %q: every size is 0", b)
	}
	return out, nil
}

// cryptPieces runs st over src: in one call out of place, or, cut as
// pieces says, in place on a copy (so both buffer disciplines are used).
func cryptPieces(st *arch.AESStream, src []byte, pieces []int) ([]byte, error) {
	if pieces == nil {
		out := make([]byte, len(src))
		return out, st.Crypt(out, src)
	}
	out := append([]byte(nil), src...)
	off := 0
	for i := 0; ; i++ {
		n := pieces[i%len(pieces)]
		if n > len(out)-off {
			n = len(out) - off
		}
		if err := st.Crypt(out[off:off+n], out[off:off+n]); err != nil {
			return nil, fmt.Errorf("piece %d (%d bytes at offset %d): %v", i, n, off, err)
		}
		off += n
		if off == len(out) {
			return out, nil
		}
	}
}

func cmdAESBatch(s *Server, args [][]byte) ([][]byte, error) {
	im, err := s.aesImpl(args[0])
	if err != nil {
		return nil, err
	}
	dec, err := parseDirection(args[2])
	if err != nil {
		return nil, err
	}
	mode := string(args[1])
	pieces, err := parsePieces(args[3], mode == arch.AESModeECB || mode == arch.AESModeCBC)
	if err != nil {
		return nil, err
	}
	cases, err := wire.Unpack(args[4])
	if err != nil {
		return nil, fmt.Errorf("cases: %v", err)
	}
	if len(cases)%3 != 0 {
		return nil, fmt.Errorf("cases: %d strings, want (key, iv, data) triples", len(cases))
	}
	outs := make([][]byte, 0, len(cases)/3)
	for i := 0; i < len(cases); i += 3 {
		st, err := arch.NewAESStream(arch.AESFuncsOf(im), mode, dec, cases[i], cases[i+1])
		if err != nil {
			return nil, fmt.Errorf("case %d: %v", i/3, err)
		}
		out, err := cryptPieces(st, cases[i+2], pieces)
		if err != nil {
			return nil, fmt.Errorf("case %d: %v", i/3, err)
		}
		outs = append(outs, out)
	}
	return [][]byte{wire.Pack(outs...)}, nil
}

// cmdAESMCT runs the inner loop of one AESAVS (NIST, 2002) Monte Carlo outer
// iteration i for ECB, CBC, OFB and CFB128, written for encryption (for
// decryption swap PT and CT):
//
//	ECB:   CT[j] = AES(Key[i], PT[j]);  PT[j+1] = CT[j]
//	other: CT[0] = AES(Key[i], IV[i], PT[0]);  PT[1] = IV[i]
//	       CT[j] = AES(Key[i], PT[j]);  PT[j+1] = CT[j-1]  (j > 0, chaining
//	       state carried over from j-1)
//
// It answers CT[999] and CT[998]; the host shuffles the key and picks the
// next IV and PT from them.
func cmdAESMCT(s *Server, args [][]byte) ([][]byte, error) {
	st, err := s.aesStream(args[0], args[1], args[2], args[3], args[4])
	if err != nil {
		return nil, err
	}
	if st.Mode() == arch.AESModeCTR {
		return nil, errors.New("AESAVS defines no Monte Carlo test for CTR")
	}
	if len(args[5]) != 16 {
		return nil, fmt.Errorf("text must be one 16-byte block, got %d bytes", len(args[5]))
	}
	ecb := st.Mode() == arch.AESModeECB
	var in, out, prev [16]byte
	copy(in[:], args[5])
	for j := 0; j < AESMCTInner; j++ {
		prev = out
		if err := st.Crypt(out[:], in[:]); err != nil {
			return nil, err
		}
		switch {
		case ecb:
			in = out
		case j == 0:
			copy(in[:], args[4])
		default:
			in = prev
		}
	}
	return [][]byte{out[:], prev[:]}, nil
}
