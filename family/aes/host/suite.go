package host

import (
	"bytes"
	"fmt"
	"math/rand"
	"path/filepath"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/internal/shell"
	"github.com/xarchlab/xarch/oracle/ref"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

func init() {
	suite.RegisterKind(KindAESAVS, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, file string) suite.Result {
		return runAESFile(s, e, file)
	})
	suite.RegisterKind(KindAESMCT, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, file string) suite.Result {
		return runAESMCT(s, e, file)
	})
	suite.RegisterKind(KindAESCTR, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, file string) suite.Result {
		return runAESCTR(s, e, file)
	})
	suite.RegisterKind(KindAESEdges, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, _ string) suite.Result {
		return runAESEdges(s, e)
	})
}

// AES suites: the AESAVS KAT and MMT files (batched: one request per file
// and direction, MMT once more in pieces), the Monte Carlo files (one
// request per outer iteration, the key shuffle here), the SP 800-38A CTR
// example, and length edges around each implementation's Tuning checked
// against the host's crypto/aes.

// aesPieces are the cuts used to feed a message in pieces: stream modes
// get odd sizes and an empty call, ECB/CBC whole blocks.
func aesPieces(mode string) string {
	if mode == aes.ModeECB || mode == aes.ModeCBC {
		return "16,48,0,32"
	}
	return "1,15,0,17,33"
}

func aesFileInfo(path string) (AESFile, bool) {
	for _, f := range AESFiles() {
		if f.Path == path {
			return f, true
		}
	}
	return AESFile{}, false
}

func direction(dec bool) string {
	if dec {
		return "decrypt"
	}
	return "encrypt"
}

// aesCheck is one expected answer.
type aesCheck struct {
	where             string // file:line, or the edge case's description
	key, iv, in, want []byte
	vector            string // file:line for --vector repros of long inputs
}

// aesBatch runs checks of one mode and direction in one request.
func aesBatch(c suite.Caller, impl, mode string, dec bool, pieces string, checks []aesCheck) ([][]byte, error) {
	flat := make([][]byte, 0, 3*len(checks))
	for _, ch := range checks {
		flat = append(flat, ch.key, ch.iv, ch.in)
	}
	return suite.Batch(c, impl, aes.OpName(mode, dec), pieces, flat, len(checks))
}

// aesRepro is the `xarch run` line for one AES input.
func aesRepro(e suite.Env, mode string, dec bool, pieces string, ch aesCheck) string {
	op := aes.OpName(mode, dec)
	if ch.vector != "" && len(ch.in) > suite.ReproInline {
		args := "--op " + op
		if pieces != "" {
			args += " --pieces " + pieces
		}
		return e.Repro(fmt.Sprintf("%s --vector %s --vectors %s", args, ch.vector, shell.Quote(e.Dir)))
	}
	return e.Repro(suite.OpArgs(op, []string{"key", "iv"}, [][]byte{ch.key, ch.iv}, ch.in, pieces))
}

// DiffMsg describes a wrong output; long ones by their first wrong block.
func DiffMsg(what string, want, got []byte) string {
	if len(want) <= 32 || len(got) != len(want) {
		return fmt.Sprintf("%s: expected %x, got %x", what, want, got)
	}
	i := 0
	for i < len(want) && want[i] == got[i] {
		i++
	}
	b := i / 16
	end := 16*b + 16
	if end > len(want) {
		end = len(want)
	}
	return fmt.Sprintf("%s: first wrong block is #%d of %d: expected %x, got %x", what, b, (len(want)+15)/16, want[16*b:end], got[16*b:end])
}

// runGroup checks one batch. A crash fails the whole group and tells the
// suite.Caller to stop (crash describes it; the runner restarts for the next
// request anyway, but the rest would most likely crash the same way).
func runGroup(t *suite.Tally, c suite.Caller, e suite.Env, mode string, dec bool, pieces string, checks []aesCheck) (failed int, crash string) {
	if len(checks) == 0 {
		return 0, ""
	}
	how := strings.ToUpper(mode) + " " + direction(dec)
	if pieces != "" {
		how += " in pieces " + pieces
	}
	t.Res.Cases += len(checks)
	outs, err := aesBatch(c, e.Impl, mode, dec, pieces, checks)
	if err != nil {
		return len(checks), t.BatchFailed(err, how, len(checks), func(i int) (string, string) {
			return checks[i].where, aesRepro(e, mode, dec, pieces, checks[i])
		})
	}
	for i, ch := range checks {
		if bytes.Equal(outs[i], ch.want) {
			t.Res.Passed++
			continue
		}
		failed++
		t.Fail(suite.Failure{Where: ch.where, Repro: aesRepro(e, mode, dec, pieces, ch),
			Msg: DiffMsg(fmt.Sprintf("%s of %d bytes", how, len(ch.in)), ch.want, outs[i])})
	}
	return failed, ""
}

// runAESFile runs a KAT or MMT file: each direction in one request, and
// MMT files (multi-block messages) once more cut in pieces.
func runAESFile(c suite.Caller, e suite.Env, file string) suite.Result {
	t := suite.NewTally()
	f, ok := aesFileInfo(file)
	if !ok {
		t.Res.Reason = "not a known AES vector file: " + file
		return t.Done(1)
	}
	cases, err := LoadAES(filepath.Join(e.Dir, file), f.Mode, f.KeyBits)
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	variants := []string{""}
	if f.Kind == "MMT" {
		variants = append(variants, aesPieces(f.Mode))
	}
	failed := 0
	total := len(cases) * len(variants)
	for _, pieces := range variants {
		for _, dec := range []bool{false, true} {
			var checks []aesCheck
			for _, vc := range cases {
				if vc.Decrypt == dec {
					where := fmt.Sprintf("%s:%d", file, vc.Line)
					checks = append(checks, aesCheck{where: where, vector: where, key: vc.Key, iv: vc.IV, in: vc.In, want: vc.Out})
				}
			}
			n, crash := runGroup(t, c, e, f.Mode, dec, pieces, checks)
			failed += n
			if crash != "" {
				return t.CrashEnds(crash, failed, total-t.Res.Cases, total)
			}
		}
	}
	return t.Done(failed)
}

// runAESCTR runs the SP 800-38A CTR examples whole and in pieces.
func runAESCTR(c suite.Caller, e suite.Env, file string) suite.Result {
	t := suite.NewTally()
	cases, err := LoadAESCTR(filepath.Join(e.Dir, file))
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	pieces := []string{"", aesPieces(aes.ModeCTR)}
	failed, total := 0, len(pieces)*len(cases)
	for _, pieces := range pieces {
		for _, vc := range cases {
			where := fmt.Sprintf("%s:%d", file, vc.OutLine)
			n, crash := runGroup(t, c, e, aes.ModeCTR, vc.Decrypt, pieces,
				[]aesCheck{{where: where + " (" + vc.Title + ")", vector: where, key: vc.Key, iv: vc.Counter, in: vc.In, want: vc.Out}})
			failed += n
			if crash != "" {
				return t.CrashEnds(crash, failed, total-t.Res.Cases, total)
			}
		}
	}
	return t.Done(failed)
}

// runAESMCT runs an AESAVS Monte Carlo file: one aes-mct request per outer
// iteration (1000 inner iterations in the runner), seeded with the file's
// KEY/IV/text so one miss does not hide the rest; the host checks CT[999]
// and that the key shuffle of the runner's last two blocks gives the next
// record's KEY, IV and text.
func runAESMCT(c suite.Caller, e suite.Env, file string) suite.Result {
	t := suite.NewTally()
	f, ok := aesFileInfo(file)
	if !ok {
		t.Res.Reason = "not a known AES vector file: " + file
		return t.Done(1)
	}
	m, err := LoadAESMCT(filepath.Join(e.Dir, file), f.Mode, f.KeyBits)
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	failed := 0
	total := len(m.Encrypt) + len(m.Decrypt)
	for _, list := range [][]AESCase{m.Encrypt, m.Decrypt} {
		for i, vc := range list {
			t.Res.Cases++
			where := fmt.Sprintf("%s:%d", file, vc.Line)
			what := fmt.Sprintf("MCT %s COUNT = %d", vc.Direction(), vc.Count)
			op := aes.OpName(f.Mode, vc.Decrypt)
			repro := e.Repro(fmt.Sprintf("--op %s --mct --vector %s --vectors %s", op, where, shell.Quote(e.Dir)))
			out, err := c.Call([]byte("mct"), []byte(e.Impl), []byte(op), wire.Pack(vc.Key, vc.IV, vc.In))
			if err == nil && (len(out) != 2 || len(out[0]) != 16 || len(out[1]) != 16) {
				err = fmt.Errorf("mct answered %d strings, want two blocks", len(out))
			}
			if err != nil {
				msg, crashed := suite.CallErr(err)
				failed++
				t.Fail(suite.Failure{Where: where, Repro: repro, Msg: what + ": " + msg})
				if crashed {
					return t.CrashEnds(msg+" at "+where, failed, total-t.Res.Cases, total)
				}
				continue
			}
			if !bytes.Equal(out[0], vc.Out) {
				failed++
				t.Fail(suite.Failure{Where: where, Repro: repro, Msg: fmt.Sprintf("%s: expected output[999] %x, got %x", what, vc.Out, out[0])})
				continue
			}
			if i+1 < len(list) {
				next := list[i+1]
				k, iv, text := AESMCTNext(f.Mode, vc.Key, out[0], out[1])
				if !bytes.Equal(k, next.Key) || !bytes.Equal(iv, next.IV) || !bytes.Equal(text, next.In) {
					failed++
					t.Fail(suite.Failure{Where: where, Repro: repro, Msg: fmt.Sprintf(
						"%s: output[999] matches, but the runner's output[998] %x leads to KEY %x IV %x text %x, record COUNT = %d has KEY %x IV %x text %x",
						what, out[1], k, iv, text, next.Count, next.Key, next.IV, next.In)})
					continue
				}
			}
			t.Res.Passed++
		}
	}
	return t.Done(failed)
}

// aesEdgeLengths returns block counts around every length-like Tuning value
// (wire.TuningLengths) and around the usual power-of-two widths, so a level
// that declares too little is still probed: w-1, w, w+1, 2w-1, 2w, 2w+1,
// plus 0..3.
func aesEdgeLengths(tuning []wire.Tuning) []int {
	set := map[int]bool{0: true, 1: true, 2: true, 3: true}
	widths := []int{4, 8, 16}
	for _, n := range wire.TuningLengths(tuning, 16) {
		widths = append(widths, (n+15)/16)
	}
	for _, w := range widths {
		if w < 1 || w > 64 {
			continue
		}
		for _, n := range []int{w - 1, w, w + 1, 2*w - 1, 2 * w, 2*w + 1} {
			if n >= 0 {
				set[n] = true
			}
		}
	}
	var out []int
	for n := range set {
		out = append(out, n)
	}
	sort.Ints(out)
	return out
}

// runAESEdges checks every mode and direction at lengths around the
// implementation's Tuning (whole, in pieces, and with a partial last block
// for the stream modes), with CTR counters that carry across the low 64
// bits, against crypto/aes on the host.
func runAESEdges(c suite.Caller, e suite.Env) suite.Result {
	t := suite.NewTally()
	var tuning []wire.Tuning
	for _, im := range c.Info().Impls {
		if im.Name == e.Impl {
			tuning = im.Tuning
		}
	}
	lengths := aesEdgeLengths(tuning)
	r := rand.New(rand.NewSource(1))
	failed := 0
	for _, mode := range aes.Modes {
		stream := mode != aes.ModeECB && mode != aes.ModeCBC
		for _, dec := range []bool{false, true} {
			var checks []aesCheck
			for ki, klen := range []int{16, 24, 32} {
				for li, nb := range lengths {
					n := 16 * nb
					if stream && (li+ki)%2 == 1 {
						n += 1 + r.Intn(15) // a partial last block
					}
					key, in := RandBytes(r, klen), RandBytes(r, n)
					var iv []byte
					if mode != aes.ModeECB {
						iv = RandBytes(r, 16)
					}
					carry := ""
					switch {
					case mode == aes.ModeCTR && li%2 == 0:
						// The low 64 bits run out after 1 or 2 blocks.
						for i := 8; i < 16; i++ {
							iv[i] = 0xff
						}
						iv[15] -= byte(li / 2 % 2)
						carry = ", counter carries out of the low 64 bits"
					case mode == aes.ModeCTR && li%4 == 1:
						// Only the low 32 bits run out (kernels that
						// rewrite just the last word of a counter block).
						for i := 12; i < 16; i++ {
							iv[i] = 0xff
						}
						iv[11] &^= 1
						iv[15] -= byte(li / 4 % 2)
						carry = ", counter carries out of the low 32 bits"
					}
					want, err := ref.AESCrypt(mode, dec, key, iv, in)
					if err != nil {
						panic(err) // edges are built from valid keys and IVs
					}
					checks = append(checks, aesCheck{key: key, iv: iv, in: in, want: want,
						where: fmt.Sprintf("edges: %s %s AES-%d, %d bytes (%d blocks%s)", mode, direction(dec), 8*klen, n, nb, carry)})
				}
			}
			for _, pieces := range []string{"", aesPieces(mode)} {
				n, crash := runGroup(t, c, e, mode, dec, pieces, checks)
				failed += n
				if crash != "" {
					t.Res.Reason = crash + "; the other edge cases not run"
					return t.Done(failed)
				}
			}
		}
	}
	return t.Done(failed)
}

func RandBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	r.Read(b)
	return b
}
