package host

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/oracle/ref"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

func init() {
	suite.RegisterKind(KindSigGen15, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, file string) suite.Result {
		return runSigGen(s, e, file)
	})
	suite.RegisterKind(KindSigVer15, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, file string) suite.Result {
		return runSigVer(s, e, file)
	})
	suite.RegisterKind(KindMontKAT, func(s *driver.Session, e suite.Env, _ algs.VectorSuite, _ string) suite.Result {
		return runMontKAT(s, e)
	})
}

// The mont family's suites.
//
// SigGen15 (.rsp): every S is checked by verification on the target, as a
// full answer (mod-exp of S by e must give the encoding EM the host
// computes) and as a verdict (rsa-verify must accept it). Where the .txt
// twin gives d, every record is also signed: with CRT (p and q recovered on
// the host from n, e and d, so the target computes dP, dQ and qInv itself)
// and, for the first record of each key, without. The signature must be S.
//
// SigVer15: every record's verdict must be its Result (P: 0x01, F: 0x00);
// the P records of the 186-2 file, which gives p and q, are also signed
// with CRT.
//
// mont-kat: Montgomery products at every size from a fixed list and around
// the level's Tuning (+-1 limb), every modulus shape, every operand class
// (products that need the final subtraction and products that do not among
// them), and a few exponentiations per size; answers from math/big here.

// montCheck is one request of a mont op and its expected answer.
type montCheck struct {
	where  string // file:line or the known answer's description
	what   string // the case in words, for the message
	op     string
	params [][]byte
	data   []byte
	want   []byte
	cost   int // relative work, to keep each batch short under emulation
}

// montBatchCost bounds the work of one batch request: about eight
// 1024-bit private-key operations (a fraction of a second under qemu).
const montBatchCost = 8 << 10

// runMontChecks sends the checks (all of one op) in batches and judges
// every answer; a crash stops (the rest are counted as failed).
func runMontChecks(t *suite.Tally, c suite.Caller, e suite.Env, checks []montCheck, mismatch func(ch montCheck, got []byte) string) (failed int, crash string) {
	for start := 0; start < len(checks); {
		end, cost := start, 0
		for end < len(checks) && (end == start || cost+checks[end].cost <= montBatchCost) && end-start < 256 {
			cost += checks[end].cost
			end++
		}
		group := checks[start:end]
		start = end
		t.Res.Cases += len(group)
		op := group[0].op
		var flat [][]byte
		for _, ch := range group {
			flat = append(append(flat, ch.params...), ch.data)
		}
		outs, err := suite.Batch(c, e.Impl, op, "", flat, len(group))
		if err != nil {
			failed += len(group)
			crash := t.BatchFailed(err, fmt.Sprintf("%s from %s", op, group[0].what), len(group), func(i int) (string, string) {
				return group[i].where, montRepro(e, group[i])
			})
			if crash != "" {
				return failed, crash
			}
			continue
		}
		for i, ch := range group {
			if bytes.Equal(outs[i], ch.want) {
				t.Res.Passed++
				continue
			}
			failed++
			t.Fail(suite.Failure{Where: ch.where, Msg: mismatch(ch, outs[i]), Repro: montRepro(e, ch)})
		}
	}
	return failed, ""
}

func montRepro(e suite.Env, ch montCheck) string {
	o, _ := arch.LookupOp(ch.op)
	return e.Repro(suite.OpArgs(ch.op, o.Params, ch.params, ch.data, ""))
}

// montMismatch describes a wrong answer of any mont op.
func montMismatch(ch montCheck, got []byte) string {
	switch ch.op {
	case mont.RSAVerifyOp:
		if len(got) == 1 && got[0] == mont.RSAInvalid {
			return fmt.Sprintf("rsa-verify (%s): the signature was rejected, the vector says it is valid", ch.what)
		}
		if len(got) == 1 && got[0] == mont.RSAValid {
			return fmt.Sprintf("rsa-verify (%s): the signature was accepted, the vector says it is invalid", ch.what)
		}
	}
	return fmt.Sprintf("%s (%s): expected %x, got %x", ch.op, ch.what, ch.want, got)
}

// rsaCost is the relative work of an RSA private-key operation (1024-bit
// = 1024 units; CRT about a quarter) or of a verification.
func rsaCost(bits int, crt, private bool) int {
	if !private {
		return 1 + bits/1024
	}
	c := bits * bits / 1024 * bits / 1024 // 1024 units at 1024 bits, cubic in the size
	if crt {
		c /= 4
	}
	return c + 1
}

func minimal(b []byte) []byte {
	for len(b) > 1 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// sigGenChecks makes the verification checks of SigGen records.
func sigGenChecks(file string, cases []RSACase) (modexp, verify []montCheck, err error) {
	for _, c := range cases {
		where := fmt.Sprintf("%s:%d", file, c.Line)
		what := fmt.Sprintf("%d-bit n, %s, S of %s", c.ModBits, c.Hash, where)
		em, err := ref.EMSAPKCS1(c.Hash, c.Digest(), len(c.N))
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", where, err)
		}
		modexp = append(modexp, montCheck{where: where, what: what + ": S^e mod n must be EM", op: mont.ModExpOp,
			params: [][]byte{c.N, minimal(c.E)}, data: c.S, want: em, cost: rsaCost(c.ModBits, false, false)})
		verify = append(verify, montCheck{where: where, what: what, op: mont.RSAVerifyOp,
			params: [][]byte{c.N, c.E, []byte(c.Hash), c.Digest()}, data: c.S, want: []byte{mont.RSAValid}, cost: rsaCost(c.ModBits, false, false)})
	}
	return modexp, verify, nil
}

// signCheck makes an rsa-sign check of a record whose S is the answer.
func signCheck(file string, c RSACase, p, q []byte) montCheck {
	where := fmt.Sprintf("%s:%d", file, c.Line)
	how := "without CRT"
	if p != nil {
		how = "with CRT"
	}
	return montCheck{where: where, what: fmt.Sprintf("%d-bit n, %s, signing %s", c.ModBits, c.Hash, how), op: mont.RSASignOp,
		params: [][]byte{c.N, c.E, c.D, p, q, []byte(c.Hash)}, data: c.Digest(), want: c.S, cost: rsaCost(c.ModBits, p != nil, true)}
}

func runSigGen(c suite.Caller, e suite.Env, file string) suite.Result {
	t := suite.NewTally()
	var info RSAFile
	for _, f := range RSAFiles() {
		if f.Path == file && !f.SigVer {
			info = f
		}
	}
	if info.Path == "" {
		t.Res.Reason = "not a SigGen15 file: " + file
		return t.Done(1)
	}
	cases, err := LoadRSA(filepath.Join(e.Dir, file), false)
	if err == nil && info.Private != "" {
		var priv []RSACase
		if priv, err = LoadRSA(filepath.Join(e.Dir, info.Private), false); err == nil {
			err = MatchRSAPrivate(cases, priv, file, info.Private)
		}
	}
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	modexp, verify, err := sigGenChecks(file, cases)
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	groups := [][]montCheck{modexp, verify}
	if info.Private != "" {
		var crt, plain []montCheck
		primes := map[string][2][]byte{}
		for _, vc := range cases {
			pq, seen := primes[string(vc.N)]
			if !seen {
				p, q, err := RecoverPrimes(vc.N, vc.E, vc.D)
				if err != nil {
					t.Res.Reason = fmt.Sprintf("%s:%d: cannot recover p and q from n, e, d: %v", file, vc.Line, err)
					return t.Done(1)
				}
				pq = [2][]byte{p, q}
				primes[string(vc.N)] = pq
				plain = append(plain, signCheck(file, vc, nil, nil))
			}
			crt = append(crt, signCheck(file, vc, pq[0], pq[1]))
		}
		groups = append(groups, crt, plain)
	}
	return runGroups(t, c, e, groups)
}

func runGroups(t *suite.Tally, c suite.Caller, e suite.Env, groups [][]montCheck) suite.Result {
	failed, total := 0, 0
	for _, g := range groups {
		total += len(g)
	}
	for _, g := range groups {
		n, crash := runMontChecks(t, c, e, g, montMismatch)
		failed += n
		if crash != "" {
			return t.CrashEnds(crash, failed, total-t.Res.Cases, total)
		}
	}
	return t.Done(failed)
}

func runSigVer(c suite.Caller, e suite.Env, file string) suite.Result {
	t := suite.NewTally()
	cases, err := LoadRSA(filepath.Join(e.Dir, file), true)
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	var verify, sign []montCheck
	for _, vc := range cases {
		where := fmt.Sprintf("%s:%d", file, vc.Line)
		want := byte(mont.RSAInvalid)
		if vc.Pass {
			want = mont.RSAValid
		}
		verify = append(verify, montCheck{where: where, what: fmt.Sprintf("%d-bit n, %s, Result = %s", vc.ModBits, vc.Hash, vc.Result),
			op: mont.RSAVerifyOp, params: [][]byte{vc.N, vc.E, []byte(vc.Hash), vc.Digest()}, data: vc.S, want: []byte{want},
			cost: rsaCost(vc.ModBits, false, false)})
		if vc.Pass && vc.D != nil && vc.P != nil {
			sign = append(sign, signCheck(file, vc, vc.P, vc.Q))
		}
	}
	return runGroups(t, c, e, [][]montCheck{verify, sign})
}

// RecoverPrimes finds p and q from n, e and d (RFC 8017 leaves this to
// the reader; the method is the classic one: e*d-1 = 2^s t, and for a
// small base g some g^(t 2^i) is a square root of 1 other than +-1, whose
// gcd with n is a factor). p > q, as NIST and crypto/rsa order them.
func RecoverPrimes(nb, eb, db []byte) (p, q []byte, err error) {
	n, e, d := new(big.Int).SetBytes(nb), new(big.Int).SetBytes(eb), new(big.Int).SetBytes(db)
	one := big.NewInt(1)
	k := new(big.Int).Sub(new(big.Int).Mul(e, d), one)
	if k.Sign() <= 0 {
		return nil, nil, errors.New("e*d - 1 is not positive")
	}
	s := 0
	t := new(big.Int).Set(k)
	for t.Bit(0) == 0 {
		t.Rsh(t, 1)
		s++
	}
	nm1 := new(big.Int).Sub(n, one)
	for g := int64(2); g < 200; g++ {
		x := new(big.Int).Exp(big.NewInt(g), t, n)
		for i := 0; i < s; i++ {
			y := new(big.Int).Mul(x, x)
			y.Mod(y, n)
			if y.Cmp(one) == 0 && x.Cmp(one) != 0 && x.Cmp(nm1) != 0 {
				f := new(big.Int).GCD(nil, nil, new(big.Int).Sub(x, one), n)
				o := new(big.Int).Quo(n, f)
				if f.Cmp(o) < 0 {
					f, o = o, f
				}
				return f.Bytes(), o.Bytes(), nil
			}
			x = y
		}
	}
	return nil, nil, errors.New("no factor found (is d right?)")
}

// montKATSizes are the limb counts every level is checked at.
var montKATSizes = []int{1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 47, 48, 49, 63, 64, 65, 96, 127, 128}

// MontKATSizes adds, to montKATSizes, every length-like Tuning value of a
// level (in limbs) and one limb either side, within 1..MontMaxLimbs.
func MontKATSizes(tuning []wire.Tuning) []int {
	set := map[int]bool{}
	for _, n := range montKATSizes {
		set[n] = true
	}
	for _, b := range wire.TuningLengths(tuning, 8) {
		for _, n := range []int{(b+7)/8 - 1, (b + 7) / 8, (b+7)/8 + 1} {
			if n >= 1 && n <= mont.MaxLimbs {
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

func runMontKAT(c suite.Caller, e suite.Env) suite.Result {
	t := suite.NewTally()
	var tuning []wire.Tuning
	for _, im := range c.Info().Impls {
		if im.Name == e.Impl {
			tuning = im.Tuning
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	var muls, exps []montCheck
	var noSide []string
	for _, n := range MontKATSizes(tuning) {
		side := [2]bool{}
		for _, shape := range MontShapes {
			m := MontModulus(r, n, shape)
			mb := m.Bytes()
			k := len(mb)
			for _, class := range MontClasses {
				x, y, _ := MontOperands(r, m, class)
				z, sub := ref.MontMul(x, y, m)
				if sub {
					side[1] = true
				} else {
					side[0] = true
				}
				what := fmt.Sprintf("%d limbs, %s modulus, %s operands, final subtraction %s", n, shape, class, map[bool]string{true: "needed", false: "not needed"}[sub])
				muls = append(muls, montCheck{where: "mont-kat: " + what, what: what, op: mont.MulOp,
					params: [][]byte{mb}, data: append(x.FillBytes(make([]byte, k)), y.FillBytes(make([]byte, k))...),
					want: z.FillBytes(make([]byte, k)), cost: 1})
			}
			// Exponentiations: a random exponent a few windows long, all
			// ones, and the empty one.
			x := MontOperandX(r, m)
			for _, ex := range [][]byte{algs.RandBytes(r, 1+r.IntN(8)), bytes.Repeat([]byte{0xff}, 3), nil} {
				want := new(big.Int).Exp(x, new(big.Int).SetBytes(ex), m)
				what := fmt.Sprintf("%d limbs, %s modulus, %d-byte exponent %x", n, shape, len(ex), ex)
				exps = append(exps, montCheck{where: "mont-kat: " + what, what: what, op: mont.ModExpOp,
					params: [][]byte{mb, ex}, data: x.FillBytes(make([]byte, k)), want: want.FillBytes(make([]byte, k)),
					cost: 1 + n*n*len(ex)/64})
			}
		}
		if !side[0] || !side[1] {
			noSide = append(noSide, fmt.Sprint(n))
		}
	}
	res := runGroups(t, c, e, [][]montCheck{muls, exps})
	if len(noSide) > 0 {
		// The known answers must reach both sides of the final subtraction
		// at every size, or a level that skips it could pass.
		res.Status = suite.Failed
		res.Reason = strings.TrimSpace(res.Reason + " the known answers missed one side of the final subtraction at limbs " + strings.Join(noSide, ","))
	}
	return res
}
