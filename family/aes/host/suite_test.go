package host

import (
	"bytes"
	cryptoaes "crypto/aes"
	"crypto/cipher"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/runner"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

// localCaller serves requests with an in-process runner, through the wire
// encoding, so the suites run without building or emulating anything.
type localCaller struct{ s *runner.Server }

func newLocal(t *testing.T) localCaller {
	s, err := runner.New("")
	require.NoError(t, err)
	return localCaller{s}
}

func (l localCaller) Call(args ...[]byte) ([][]byte, error) {
	var in, out bytes.Buffer
	if err := wire.Write(&in, args...); err != nil {
		return nil, err
	}
	if err := l.s.Serve(&in, &out); err != nil {
		return nil, err
	}
	resp, err := wire.Read(&out)
	if err != nil {
		return nil, err
	}
	if string(resp[0]) == wire.Error {
		return nil, &driver.RemoteError{Msg: string(resp[1])}
	}
	return resp[1:], nil
}

func (l localCaller) Info() runner.Info { return l.s.Info() }

func localEnv(t *testing.T, impl string) suite.Env {
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	require.NoError(t, err)
	return suite.Env{Opts: suite.Options{ABI: true}, Target: driver.Target{Arch: "amd64", Model: "native"}, Impl: impl, Dir: filepath.Join(root, "vectors")}
}

// Two wrong levels, to check that the suites can fail and say where.
func init() {
	bad := func(name string, f *aes.Funcs) *arch.Impl {
		return &arch.Impl{Name: name, Alg: aes.Name, Arch: "generic", Tuning: []arch.Tuning{{Name: "interleave", Value: 4, Unit: arch.Blocks}}, Funcs: f}
	}
	std := func(k *aes.Key) cipher.Block {
		b, err := cryptoaes.NewCipher(k.Priv.([]byte))
		if err != nil {
			panic(err)
		}
		return b
	}
	expand := func(key []byte) *aes.Key {
		k := aes.ExpandKey(key)
		k.Priv = append([]byte(nil), key...)
		return k
	}
	enc := func(k *aes.Key, dst, src []byte) {
		for i := 0; i < len(src); i += 16 {
			std(k).Encrypt(dst[i:], src[i:])
		}
	}
	dec := func(k *aes.Key, dst, src []byte) {
		for i := 0; i < len(src); i += 16 {
			std(k).Decrypt(dst[i:], src[i:])
		}
	}
	arch.Register(
		// CTR whose counter only counts in the low 64 bits.
		bad("aes/test-nocarry", &aes.Funcs{Expand: expand, Encrypt: enc, Decrypt: dec,
			CTR: func(k *aes.Key, ctr *[16]byte, dst, src []byte) {
				var ks [16]byte
				for i := 0; i < len(src); i += 16 {
					std(k).Encrypt(ks[:], ctr[:])
					for j := 0; j < 16; j++ {
						dst[i+j] = src[i+j] ^ ks[j]
					}
					for j := 15; j >= 8; j-- {
						ctr[j]++
						if ctr[j] != 0 {
							break
						}
					}
				}
			}}),
		// ECB that reports an ABI violation (as a kernel through the
		// runner's trampoline would) on a block starting 0xab.
		bad("aes/test-abi", &aes.Funcs{Expand: expand, Decrypt: dec,
			Encrypt: func(k *aes.Key, dst, src []byte) {
				if len(src) > 0 && src[0] == 0xab {
					panic(&arch.ABIViolation{Kernel: "ecbFake", Problems: []string{arch.ABINotRestored("BP", 0x1234, 0x5678)}})
				}
				enc(k, dst, src)
			}}),
		// CBC encryption that forgets to carry the IV to the next call.
		bad("aes/test-staleiv", &aes.Funcs{Expand: expand, Encrypt: enc, Decrypt: dec,
			CBCEncrypt: func(k *aes.Key, iv *[16]byte, dst, src []byte) {
				prev := *iv
				for i := 0; i < len(src); i += 16 {
					var x [16]byte
					for j := range x {
						x[j] = src[i+j] ^ prev[j]
					}
					std(k).Encrypt(dst[i:], x[:])
					copy(prev[:], dst[i:i+16])
				}
			}}),
	)
}

func TestAESSuitesPassOnGeneric(t *testing.T) {
	c := newLocal(t)
	e := localEnv(t, "aes/generic")
	total := 0
	for _, f := range AESFiles() {
		var res suite.Result
		switch f.Kind {
		case "CTR":
			res = runAESCTR(c, e, f.Path)
			require.Equal(t, 12, res.Cases, "6 examples, whole and in pieces")
		case "MCT":
			res = runAESMCT(c, e, f.Path)
			require.Equal(t, 200, res.Cases)
		default:
			res = runAESFile(c, e, f.Path)
		}
		require.Equal(t, suite.Passed, res.Status, "%s: %s %+v", f.Path, res.Reason, res.Failures)
		require.Equal(t, res.Cases, res.Passed)
		total += res.Cases
	}
	res := runAESEdges(c, e)
	require.Equal(t, suite.Passed, res.Status, "%s %+v", res.Reason, res.Failures)
	require.Equal(t, 900, res.Cases, "no Tuning: 15 lengths (0..3 blocks and the usual widths 4, 8, 16 +-1 and doubled) x 5 modes x 2 directions x 3 key sizes, whole and in pieces")
	require.Greater(t, total, 11000)
}

func TestAESEdgeLengthsFollowTuning(t *testing.T) {
	base := []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33}
	require.Equal(t, base, aesEdgeLengths(nil), "the usual widths 4, 8 and 16 are always probed")
	require.Equal(t, []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24, 25, 31, 32, 33},
		aesEdgeLengths([]wire.Tuning{{Name: "interleave", Value: 12, Unit: wire.Blocks}, {Name: "tail", Value: 4, Unit: wire.Blocks},
			{Name: "big", Value: 4096, Unit: wire.Bytes}, {Name: "align", Value: 7, Unit: wire.Other}}),
		"block and byte lengths are probed (4096 bytes = 256 blocks is past the 64-block cap), Other constants are not")
}

func TestAESSuitesCatchACounterWithoutCarry(t *testing.T) {
	c := newLocal(t)
	e := localEnv(t, "aes/test-nocarry")
	// The NIST CTR example never carries out of the low 64 bits.
	res := runAESCTR(c, e, AESCTRFile)
	require.Equal(t, suite.Passed, res.Status)
	res = runAESEdges(c, e)
	require.Equal(t, suite.Failed, res.Status)
	require.NotEmpty(t, res.Failures)
	for _, f := range res.Failures {
		require.Contains(t, f.Where, "ctr")
		require.Contains(t, f.Where, "counter carries out of the low 64 bits")
		require.Contains(t, f.Repro, "xarch run --arch amd64 --model native --impl aes/test-nocarry --op aes-ctr-enc --param key=")
		require.Contains(t, f.Repro, "--param iv=")
	}
}

func TestAESSuitesCatchAStaleIV(t *testing.T) {
	c := newLocal(t)
	e := localEnv(t, "aes/test-staleiv")
	// One call per message: the kernel's own chaining is right.
	res := runAESFile(c, e, "nist/aes/CBC/CBCVarTxt128.rsp")
	require.Equal(t, suite.Passed, res.Status)
	// MMT in pieces and the Monte Carlo chain need the IV carried over.
	res = runAESFile(c, e, "nist/aes/CBC/CBCMMT128.rsp")
	require.Equal(t, suite.Failed, res.Status)
	require.Equal(t, 9, res.Cases-res.Passed, "9 of the 10 encrypt messages span more than one piece; decrypt is fine")
	f := res.Failures[0]
	require.Regexp(t, `^nist/aes/CBC/CBCMMT128\.rsp:\d+$`, f.Where)
	require.Contains(t, f.Msg, "CBC encrypt in pieces 16,48,0,32 of 32 bytes: expected")
	require.Contains(t, f.Repro, "--op aes-cbc-enc --param key=")

	res = runAESMCT(c, e, "nist/aes/CBC/CBCMCT128.rsp")
	require.Equal(t, suite.Failed, res.Status)
	require.Equal(t, 100, res.Passed, "decrypt passes")
	require.Contains(t, res.Failures[0].Msg, "MCT encrypt COUNT = 0: expected output[999]")
	require.Contains(t, res.Failures[0].Repro, "--op aes-cbc-enc --mct --vector nist/aes/CBC/CBCMCT128.rsp:")
}

func TestAESBadVectorFileNamesTheLine(t *testing.T) {
	dir := t.TempDir()
	e := localEnv(t, "aes/generic")
	src := filepath.Join(e.Dir, "nist/aes/ECB/ECBGFSbox128.rsp")
	raw, err := os.ReadFile(src)
	require.NoError(t, err)
	raw = bytes.Replace(raw, []byte("KEY = 00000000000000000000000000000000"), []byte("KEY = 0000000000000000000000000000000"), 1)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "nist/aes/ECB"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "nist/aes/ECB/ECBGFSbox128.rsp"), raw, 0o644))
	e.Dir = dir
	res := runAESFile(newLocal(t), e, "nist/aes/ECB/ECBGFSbox128.rsp")
	require.Equal(t, suite.Failed, res.Status)
	require.Contains(t, res.Reason, "bad vector file: "+filepath.Join(dir, "nist/aes/ECB/ECBGFSbox128.rsp")+":11: KEY = ")
	require.Contains(t, res.Reason, "odd number of hex digits")
}

func TestAESBatchErrorsAreFailuresNotCrashes(t *testing.T) {
	c := newLocal(t)
	e := localEnv(t, "aes/none")
	res := runAESFile(c, e, "nist/aes/ECB/ECBGFSbox128.rsp")
	require.Equal(t, suite.Failed, res.Status)
	require.Equal(t, res.Cases, 14)
	require.Contains(t, res.Failures[0].Msg, "runner error: batch: unknown implementation \"aes/none\"")
	require.True(t, strings.HasPrefix(res.Failures[0].Where, "nist/aes/ECB/ECBGFSbox128.rsp:"))
}

// crashingCaller plays a runner that dies with SIGILL on every AES request.
type crashingCaller struct{ localCaller }

func (c crashingCaller) Call(args ...[]byte) ([][]byte, error) {
	return nil, &driver.CrashError{Signal: "SIGILL", Exit: "exit status 2", Stderr: "SIGILL: illegal instruction"}
}

func TestAESCrashEndsTheFileWithReason(t *testing.T) {
	c := crashingCaller{newLocal(t)}
	e := localEnv(t, "aes/generic")
	res := runAESFile(c, e, "nist/aes/CBC/CBCMMT128.rsp")
	require.Equal(t, suite.Failed, res.Status)
	require.Equal(t, 40, res.Cases)
	require.Equal(t, 0, res.Passed)
	require.Len(t, res.Failures, 1)
	require.Equal(t, "CBC encrypt, batch of 10 cases: runner crashed with SIGILL (exit status 2): SIGILL: illegal instruction (first case at nist/aes/CBC/CBCMMT128.rsp:14); 30 of 40 cases not run", res.Reason)

	res = runAESMCT(c, e, "nist/aes/OFB/OFBMCT256.rsp")
	require.Equal(t, suite.Failed, res.Status)
	require.Equal(t, 200, res.Cases)
	require.Contains(t, res.Reason, "runner crashed with SIGILL")
	require.Contains(t, res.Reason, "199 of 200 cases not run")
}

// An ABI violation in a batch request names its case: the failure is that
// case's, with its repro line.
func TestABIViolationNamesItsCase(t *testing.T) {
	c := newLocal(t)
	e := localEnv(t, "aes/test-abi")
	key := make([]byte, 16)
	var checks []aesCheck
	for i := 0; i < 5; i++ {
		in := bytes.Repeat([]byte{byte(i)}, 16)
		if i == 3 {
			in[0] = 0xab
		}
		checks = append(checks, aesCheck{where: fmt.Sprintf("case %d", i), key: key, in: in, want: make([]byte, 16)})
	}
	tl := suite.NewTally()
	failed, crash := runGroup(tl, c, e, aes.ModeECB, false, "", checks)
	require.Equal(t, 5, failed)
	require.Empty(t, crash)
	require.Len(t, tl.Res.Failures, 1)
	f := tl.Res.Failures[0]
	require.Equal(t, "case 3", f.Where)
	require.Contains(t, f.Msg, "batch: case 3: ABI violation in aes/test-abi (kernel ecbFake): BP not restored: expected 0x1234, got 0x5678")
	require.Contains(t, f.Repro, "--impl aes/test-abi --op aes-ecb-enc --param key=00000000000000000000000000000000 --in 'ab030303")
	require.NotContains(t, f.Repro, "--abi=false")
	require.Equal(t, 3, suite.BatchCase("runner error: batch: case 3: x", 5))
	require.Equal(t, 0, suite.BatchCase("runner error: batch: case 7: x", 5), "out of range: the first case")
	require.Equal(t, 0, suite.BatchCase("runner error: something else", 5))
}
