package host

import (
	"crypto"
	"crypto/rsa"
	"fmt"
	"math/big"
	mrand "math/rand"
	"math/rand/v2"
	"sync"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/oracle/ref"
)

// Vector suite kinds of the family: how its suite judging (RegisterKind)
// turns a file into requests and judges the answers.
const (
	KindSigGen15 = "pkcs1-siggen15" // RSA SigGen15 .rsp (S verified; signed where the .txt twin gives d)
	KindSigVer15 = "pkcs1-sigver15" // RSA SigVer15: every Result (P/F) matched; P records with p, q signed
	KindMontKAT  = "mont-kat"       // synthetic: Montgomery known answers from math/big around Tuning
)

// MontKATFile names the synthetic Montgomery known-answer suite in reports.
const MontKATFile = "mont-kat: Montgomery known answers around Tuning (expected from the host's big integers)"

// The mont family: mont-mul, mod-exp, rsa-sign, rsa-verify (params in
// arch/mont_family.go and arch/rsa.go). Vectors: the FIPS 186-2 and 186-3
// SigGen15 and SigVer15 files, the SHA-512/224 and SHA-512/256 known
// answers of kat.go in the same formats, and Montgomery known answers
// computed here with math/big around each level's sizes.
//
// Fuzzing: the generated data's length picks the modulus size, n = len/8
// limbs (1..128), so the fuzzer's edge lengths around each level's Tuning
// (declared in Blocks: limbs) become moduli of those sizes +-1 limb (64
// bits); the Data hooks then draw the modulus shape (top bit set, a
// partial top limb, just below and just above a power of two, all-ones
// limbs) and the operands (0, 1, m-1, a = b, all-ones limbs, products that
// need the final subtraction and products that do not). The RSA ops sign
// and verify with a pool of small keys made here deterministically.
func init() {
	var sigGen, sigVer []string
	for _, f := range RSAFiles() {
		if f.SigVer {
			sigVer = append(sigVer, f.Path)
		} else {
			sigGen = append(sigGen, f.Path)
		}
	}
	s := &algs.Spec{Family: mont.Name, Params: ParamRules,
		Ops: []algs.OpSpec{
			{Name: mont.MulOp, Params: func(*rand.Rand, int) [][]byte { return [][]byte{nil} }, Data: montMulData},
			{Name: mont.ModExpOp, Params: func(*rand.Rand, int) [][]byte { return [][]byte{nil, nil} }, Data: modExpData,
				NoSpeed: "timed inside the rsa2048/3072/4096 sign column (its exponentiations)"},
			{Name: mont.RSASignOp, Params: rsaSignParams, Data: rsaDigestData},
			{Name: mont.RSAVerifyOp, Params: rsaVerifyParams, Data: rsaSignedData,
				NoSpeed: "timed as the verify column of rsa2048/3072/4096"},
		},
		Suites: []algs.VectorSuite{
			{Kind: KindSigGen15, Files: sigGen, Record: func(path string, line int) (algs.Record, error) { return rsaRecord(path, line, false) }},
			{Kind: KindSigVer15, Files: sigVer, Record: func(path string, line int) (algs.Record, error) { return rsaRecord(path, line, true) }},
			{Kind: KindMontKAT, Files: []string{MontKATFile}, Synthetic: true},
		},
	}
	for _, sk := range mont.SpeedKeys {
		sk := sk
		name := fmt.Sprintf("rsa%d", sk.Bits)
		s.Speed = append(s.Speed, algs.SpeedPeer{Name: name, OpenSSL: name, GoName: "crypto/rsa (SignPKCS1v15, VerifyPKCS1v15)",
			Columns: []string{"sign", "verify"},
			GoOp:    func(col int) (func(int), func() []byte) { return rsaGoOp(sk, col) }})
	}
	s.Speed = append(s.Speed, algs.SpeedPeer{Name: "mont-2048", GoName: "math/big (x*y, then REDC with Mul, And, Rsh)",
		Columns: []string{"mul"}, GoOp: montGoOp})
	algs.Register(s)
}

// MontSpeedRSAKey is a speed key as crypto/rsa's type.
func MontSpeedRSAKey(sk mont.SpeedKey) *rsa.PrivateKey {
	h := func(s string) *big.Int {
		v, ok := new(big.Int).SetString(s, 16)
		if !ok {
			panic("algs: bad hex in mont.SpeedKeys")
		}
		return v
	}
	k := &rsa.PrivateKey{PublicKey: rsa.PublicKey{N: h(sk.N), E: sk.E}, D: h(sk.D), Primes: []*big.Int{h(sk.P), h(sk.Q)}}
	k.Precompute()
	return k
}

// rsaGoOp is the Go peer: column 1 signs the speed digest (SHA-256,
// PKCS#1 v1.5), column 2 verifies that signature.
func rsaGoOp(sk mont.SpeedKey, col int) (func(int), func() []byte) {
	key := MontSpeedRSAKey(sk)
	digest := mont.RSASpeedDigest()
	sig, err := rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest)
	if err != nil {
		panic(err)
	}
	if col == 2 {
		verdict := byte(mont.RSAInvalid)
		return func(n int) {
				for i := 0; i < n; i++ {
					verdict = mont.RSAInvalid
					if rsa.VerifyPKCS1v15(&key.PublicKey, crypto.SHA256, digest, sig) == nil {
						verdict = mont.RSAValid
					}
				}
			}, func() []byte {
				return []byte{verdict}
			}
	}
	return func(n int) {
			for i := 0; i < n; i++ {
				sig, err = rsa.SignPKCS1v15(nil, key, crypto.SHA256, digest)
				if err != nil {
					panic(err)
				}
			}
		}, func() []byte {
			return append([]byte(nil), sig...)
		}
}

// montGoOp is the mont-2048 peer: the same product with math/big, as a
// caller without a Montgomery kernel writes it (t = x*y, q = t*(-m^-1) mod
// R, z = (t + q*m)/R, minus m if needed).
func montGoOp(int) (func(int), func() []byte) {
	key := MontSpeedRSAKey(mont.SpeedKeys[0])
	m := key.N
	xy := mont.SpeedOperands()
	x, y := new(big.Int).SetBytes(xy[:256]), new(big.Int).SetBytes(xy[256:])
	r := new(big.Int).Lsh(big.NewInt(1), 2048)
	mask := new(big.Int).Sub(r, big.NewInt(1))
	minv := new(big.Int).ModInverse(m, r)
	k := new(big.Int).Sub(r, minv) // -m^-1 mod R
	t, q, z := new(big.Int), new(big.Int), new(big.Int)
	return func(n int) {
			for i := 0; i < n; i++ {
				t.Mul(x, y)
				q.And(t, mask)
				q.Mul(q, k)
				q.And(q, mask)
				z.Mul(q, m)
				z.Add(z, t)
				z.Rsh(z, 2048)
				if z.Cmp(m) >= 0 {
					z.Sub(z, m)
				}
			}
		}, func() []byte {
			return z.FillBytes(make([]byte, 256))
		}
}

// --- fuzz hooks ---

// montSizes are limb counts the fuzzer draws now and then whatever the
// data length says: the smallest, RSA's CRT halves and moduli, the largest.
var montSizes = []int{1, 2, 3, 4, 8, 15, 16, 17, 24, 31, 32, 33, 48, 63, 64, 65, 96, 127, 128}

// MontShapes name the modulus shapes of the fuzzer and the known answers.
var MontShapes = []string{"top-bit", "partial-top-limb", "below-2^64n", "below-2^b", "above-2^64(n-1)", "all-ones-limbs"}

// MontModulus makes an odd modulus > 1 of n limbs (1..128) of a shape.
func MontModulus(r *rand.Rand, n int, shape string) *big.Int {
	one := big.NewInt(1)
	pow := func(b int) *big.Int { return new(big.Int).Lsh(one, uint(b)) }
	small := func() *big.Int { return big.NewInt(int64(2*r.IntN(1000) + 1)) }
	var m *big.Int
	switch shape {
	case "top-bit":
		m = new(big.Int).SetBytes(algs.RandBytes(r, 8*n))
		m.SetBit(m, 64*n-1, 1)
	case "partial-top-limb":
		b := 64*(n-1) + 2 + r.IntN(62)
		m = new(big.Int).SetBytes(algs.RandBytes(r, 8*n))
		m.Mod(m, pow(b)).SetBit(m, b-1, 1)
	case "below-2^64n":
		m = new(big.Int).Sub(pow(64*n), small())
	case "below-2^b":
		m = new(big.Int).Sub(pow(64*(n-1)+2+r.IntN(63)), small())
	case "above-2^64(n-1)":
		if n == 1 {
			m = new(big.Int).Add(pow(2+r.IntN(62)), small())
		} else {
			m = new(big.Int).Add(pow(64*(n-1)), small())
		}
	default: // all-ones-limbs: random limbs, a third of them all ones
		b := algs.RandBytes(r, 8*n)
		for i := 0; i < n; i++ {
			if r.IntN(3) == 0 {
				for k := 0; k < 8; k++ {
					b[8*i+k] = 0xff
				}
			}
		}
		m = new(big.Int).SetBytes(b)
		m.SetBit(m, 64*n-1, 1)
	}
	m.SetBit(m, 0, 1)
	if m.Cmp(big.NewInt(3)) < 0 {
		m.SetInt64(3)
	}
	return m
}

// fuzzModulus: n limbs from the data length (or one of montSizes), a shape
// by case number and chance.
func fuzzModulus(r *rand.Rand, j, dataLen int) (*big.Int, string) {
	n := dataLen / 8
	if r.IntN(8) == 0 {
		n = montSizes[r.IntN(len(montSizes))]
	}
	if n < 1 {
		n = 1
	}
	if n > mont.MaxLimbs {
		n = mont.MaxLimbs
	}
	shape := MontShapes[(j+r.IntN(2))%len(MontShapes)]
	return MontModulus(r, n, shape), shape
}

func randBelow(r *rand.Rand, m *big.Int) *big.Int {
	v := new(big.Int).SetBytes(algs.RandBytes(r, (m.BitLen()+7)/8+8))
	return v.Mod(v, m)
}

// allOnes is a number with all-ones limbs (some or all), reduced below m.
func allOnes(r *rand.Rand, m *big.Int, every bool) *big.Int {
	n := (m.BitLen() + 63) / 64
	v := new(big.Int)
	for i := n - 1; i >= 0; i-- {
		v.Lsh(v, 64)
		if every || r.IntN(2) == 0 {
			v.Or(v, new(big.Int).SetUint64(^uint64(0)))
		} else {
			v.Or(v, new(big.Int).SetUint64(r.Uint64()))
		}
	}
	if v.Cmp(m) >= 0 {
		// Keep the low limbs all ones: clear bits from the top down.
		for b := v.BitLen() - 1; v.Cmp(m) >= 0 && b >= 0; b-- {
			v.SetBit(v, b, 0)
		}
	}
	return v
}

// MontOperands makes x, y < m of a class; the classes "needs-sub" and
// "no-sub" search (bounded) for products on that side of the final
// subtraction and say whether they found one.
func MontOperands(r *rand.Rand, m *big.Int, class string) (x, y *big.Int, ok bool) {
	mm1 := new(big.Int).Sub(m, big.NewInt(1))
	switch class {
	case "0*random":
		return new(big.Int), randBelow(r, m), true
	case "1*random":
		return big.NewInt(1), randBelow(r, m), true
	case "(m-1)^2":
		return mm1, mm1, true
	case "a*a":
		a := randBelow(r, m)
		return a, a, true
	case "all-ones":
		return allOnes(r, m, true), allOnes(r, m, true), true
	case "some-ones":
		return allOnes(r, m, false), randBelow(r, m), true
	case "needs-sub", "no-sub":
		want := class == "needs-sub"
		for try := 0; try < 64; try++ {
			x, y = randBelow(r, m), randBelow(r, m)
			if try%2 == 1 {
				x.Sub(m, big.NewInt(int64(1+r.IntN(3)))) // near m: more subtractions
				if x.Sign() < 0 {
					x.SetInt64(0)
				}
			}
			if _, sub := ref.MontMul(x, y, m); sub == want {
				return x, y, true
			}
		}
		return x, y, false
	}
	return randBelow(r, m), randBelow(r, m), true
}

// MontClasses are the operand classes, in the order the fuzzer cycles.
var MontClasses = []string{"random", "0*random", "1*random", "(m-1)^2", "a*a", "all-ones", "some-ones", "needs-sub", "no-sub"}

func fixedBytes(v *big.Int, k int) []byte { return v.FillBytes(make([]byte, k)) }

func montMulData(r *rand.Rand, j int, params [][]byte, data []byte) []byte {
	m, _ := fuzzModulus(r, j, len(data))
	params[0] = m.Bytes()
	k := len(params[0])
	// Every class by chance, the final subtraction's two sides twice as
	// often as the others.
	class := MontClasses[(j+r.IntN(len(MontClasses)))%len(MontClasses)]
	if r.IntN(3) == 0 {
		class = []string{"needs-sub", "no-sub"}[r.IntN(2)]
	}
	x, y, _ := MontOperands(r, m, class)
	return append(fixedBytes(x, k), fixedBytes(y, k)...)
}

// modExpBudget bounds exponent bits * limbs^2, so a case costs about as
// much at every size (under qemu too).
const modExpBudget = 1 << 21

func modExpData(r *rand.Rand, j int, params [][]byte, data []byte) []byte {
	m, _ := fuzzModulus(r, j, len(data))
	params[0] = m.Bytes()
	k := len(params[0])
	n := (k + 7) / 8
	maxE := modExpBudget / (8 * n * n)
	if maxE > k {
		maxE = k
	}
	if maxE < 2 {
		maxE = 2
	}
	var e []byte
	switch r.IntN(8) {
	case 0:
		e = [][]byte{nil, {0}, {1}, {2}, {0, 0, 3}}[r.IntN(5)]
	case 1:
		e = make([]byte, 1+r.IntN(maxE))
		for i := range e {
			e[i] = 0xff
		}
	case 2:
		// Exponent lengths around the window: 5, 10, 15 bits and bytes.
		e = algs.RandBytes(r, []int{1, 2, 5, 10, 15}[r.IntN(5)])
		if len(e) > maxE {
			e = e[:maxE]
		}
	default:
		e = algs.RandBytes(r, 1+r.IntN(maxE))
	}
	params[1] = e
	return fixedBytes(MontOperandX(r, m), k)
}

// MontOperandX is a base for mod-exp: 0, 1, m-1, all-ones limbs or random.
func MontOperandX(r *rand.Rand, m *big.Int) *big.Int {
	switch r.IntN(6) {
	case 0:
		return new(big.Int)
	case 1:
		return big.NewInt(1)
	case 2:
		return new(big.Int).Sub(m, big.NewInt(1))
	case 3:
		return allOnes(r, m, r.IntN(2) == 0)
	}
	return randBelow(r, m)
}

// rsaFuzzKey is one key of the fuzzer's pool.
type rsaFuzzKey struct {
	n, e, d, p, q []byte
}

var (
	rsaPoolOnce sync.Once
	rsaPool     []rsaFuzzKey
)

// rsaPoolSizes are the prime sizes of the pool's keys: equal halves,
// unequal ones (either way round), a one-limb prime, limbs left partial,
// and RSA-2048's CRT halves (16 limbs: a size levels unroll, mont/adx's Exp
// among them; larger primes would slow every emulated fuzz run).
var rsaPoolSizes = [][2]int{{256, 256}, {256, 264}, {330, 200}, {200, 330}, {384, 384}, {64, 448}, {520, 504}, {512, 512}, {640, 640}, {1024, 1024}}

// fuzzKeys makes the pool once, deterministically (math/rand with a fixed
// seed and big.Int.ProbablyPrime): the same keys on every host.
func fuzzKeys() []rsaFuzzKey {
	rsaPoolOnce.Do(func() {
		r := mrand.New(mrand.NewSource(11))
		prime := func(bits int) *big.Int {
			for {
				v := new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(bits)))
				v.SetBit(v, bits-1, 1).SetBit(v, bits-2, 1).SetBit(v, 0, 1)
				if v.ProbablyPrime(20) {
					return v
				}
			}
		}
		one := big.NewInt(1)
		for _, sz := range rsaPoolSizes {
			for {
				p, q := prime(sz[0]), prime(sz[1])
				e := big.NewInt(65537)
				if len(rsaPool)%3 == 1 {
					e = big.NewInt(3)
				}
				phi := new(big.Int).Mul(new(big.Int).Sub(p, one), new(big.Int).Sub(q, one))
				d := new(big.Int).ModInverse(e, phi)
				if d == nil || p.Cmp(q) == 0 {
					continue
				}
				n := new(big.Int).Mul(p, q)
				rsaPool = append(rsaPool, rsaFuzzKey{n.Bytes(), e.Bytes(), d.Bytes(), p.Bytes(), q.Bytes()})
				break
			}
		}
	})
	return rsaPool
}

// rsaDigestInfoLen is each hash's DigestInfo length (prefix + digest).
var rsaDigestInfoLen = map[string]int{"sha1": 35, "sha224": 47, "sha256": 51, "sha384": 67, "sha512": 83, "sha512-224": 47, "sha512-256": 51}

// fuzzHash picks a hash whose DigestInfo fits a k-byte modulus.
func fuzzHash(r *rand.Rand, k int) string {
	var fit []string
	for _, h := range mont.RSAHashes {
		if rsaDigestInfoLen[h]+11 <= k {
			fit = append(fit, h)
		}
	}
	return fit[r.IntN(len(fit))]
}

func rsaSignParams(r *rand.Rand, j int) [][]byte {
	pool := fuzzKeys()
	k := pool[(j+r.IntN(2))%len(pool)]
	p, q := k.p, k.q
	if r.IntN(3) == 0 {
		p, q = nil, nil // no CRT
	}
	return [][]byte{k.n, k.e, k.d, p, q, []byte(fuzzHash(r, len(k.n)))}
}

func rsaDigestData(r *rand.Rand, _ int, params [][]byte, _ []byte) []byte {
	return algs.RandBytes(r, rsaDigestLen[string(params[5])])
}

// rsaDigestLen is each hash's digest length.
var rsaDigestLen = map[string]int{"sha1": 20, "sha224": 28, "sha256": 32, "sha384": 48, "sha512": 64, "sha512-224": 28, "sha512-256": 32}

func rsaVerifyParams(r *rand.Rand, j int) [][]byte {
	pool := fuzzKeys()
	k := pool[(j+r.IntN(2))%len(pool)]
	return [][]byte{k.n, k.e, []byte(fuzzHash(r, len(k.n))), nil}
}

// rsaSignedData makes a verify case: the reference's signature of a
// random digest, and half the time a flipped bit in the signature or the
// digest, a signature not below n, or one of the wrong length.
func rsaSignedData(r *rand.Rand, _ int, params [][]byte, _ []byte) []byte {
	hash := string(params[2])
	digest := algs.RandBytes(r, rsaDigestLen[hash])
	params[3] = digest
	var d []byte
	for _, k := range fuzzKeys() {
		if string(k.n) == string(params[0]) {
			d = k.d
		}
	}
	sig, err := ref.Run(mont.RSASignOp, [][]byte{params[0], params[1], d, nil, nil, params[2]}, digest)
	if err != nil {
		return digest // the oracle reports the same error for the verify
	}
	switch r.IntN(8) {
	case 0:
		sig[r.IntN(len(sig))] ^= 1 << uint(r.IntN(8))
	case 1:
		params[3] = append([]byte(nil), digest...)
		params[3][r.IntN(len(digest))] ^= 0x10
	case 2:
		sig = append([]byte(nil), params[0]...) // s = n
	case 3:
		sig = sig[1:]
	}
	return sig
}
