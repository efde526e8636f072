//go:build xarch_openssl

package openssl

// The mont family served by libcrypto: BN_mod_mul_montgomery (mont-mul),
// BN_mod_exp_mont_consttime (mod-exp), and RSA PKCS#1 v1.5 through
// EVP_PKEY (rsa-sign, rsa-verify). The family checks the inputs first
// (mont.Check*), so a provider level errs where a kernel level does, with
// the same words; the library only computes.

/*
#cgo LDFLAGS: -lcrypto
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>

typedef struct {
	BN_CTX *ctx;
	BN_MONT_CTX *mont;
	BIGNUM *m, *a, *b, *r;
	int k;
} xo_mont;

static void xo_mont_free(xo_mont *c) {
	if (c == NULL) return;
	BN_MONT_CTX_free(c->mont);
	BN_free(c->m); BN_free(c->a); BN_free(c->b); BN_free(c->r);
	BN_CTX_free(c->ctx);
	OPENSSL_free(c);
}

// xo_mont_new prepares modulus m (k bytes, odd): R = 2^(64*limbs), as the family's.
static xo_mont *xo_mont_new(const unsigned char *m, int k) {
	xo_mont *c = OPENSSL_zalloc(sizeof(*c));
	if (c == NULL) return NULL;
	c->k = k;
	c->ctx = BN_CTX_new();
	c->mont = BN_MONT_CTX_new();
	c->m = BN_bin2bn(m, k, NULL);
	c->a = BN_new(); c->b = BN_new(); c->r = BN_new();
	if (c->ctx == NULL || c->mont == NULL || c->m == NULL || c->a == NULL || c->b == NULL || c->r == NULL ||
	    !BN_MONT_CTX_set(c->mont, c->m, c->ctx)) {
		xo_mont_free(c);
		return NULL;
	}
	return c;
}

static int xo_mont_set(xo_mont *c, const unsigned char *x, const unsigned char *y) {
	return BN_bin2bn(x, c->k, c->a) != NULL && BN_bin2bn(y, c->k, c->b) != NULL;
}

// xo_mont_mul runs n products of the operands set (the speed loop is n > 1).
static int xo_mont_mul(xo_mont *c, long n, unsigned char *out) {
	long i;
	for (i = 0; i < n; i++)
		if (!BN_mod_mul_montgomery(c->r, c->a, c->b, c->mont, c->ctx)) return -1;
	return BN_bn2binpad(c->r, out, c->k) == c->k ? 0 : -1;
}

static int xo_mod_exp(xo_mont *c, const unsigned char *e, int el, unsigned char *out) {
	BIGNUM *p = BN_bin2bn(e, el, NULL);
	int r = -1;
	if (p != NULL && BN_mod_exp_mont_consttime(c->r, c->a, p, c->m, c->ctx, c->mont) &&
	    BN_bn2binpad(c->r, out, c->k) == c->k)
		r = 0;
	BN_free(p);
	return r;
}

// xo_rsa_key: a public key (d NULL) or a private one, with the CRT
// values when p is given.
static EVP_PKEY *xo_rsa_key(const unsigned char **v, const int *l, int count) {
	static const char *names[] = {OSSL_PKEY_PARAM_RSA_N, OSSL_PKEY_PARAM_RSA_E, OSSL_PKEY_PARAM_RSA_D,
		OSSL_PKEY_PARAM_RSA_FACTOR1, OSSL_PKEY_PARAM_RSA_FACTOR2, OSSL_PKEY_PARAM_RSA_EXPONENT1,
		OSSL_PKEY_PARAM_RSA_EXPONENT2, OSSL_PKEY_PARAM_RSA_COEFFICIENT1};
	BIGNUM *bn[8] = {0};
	OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
	OSSL_PARAM *params = NULL;
	EVP_PKEY_CTX *pc = NULL;
	EVP_PKEY *key = NULL;
	int i, ok = bld != NULL;
	for (i = 0; ok && i < count; i++)
		ok = (bn[i] = BN_bin2bn(v[i], l[i], NULL)) != NULL && OSSL_PARAM_BLD_push_BN(bld, names[i], bn[i]);
	if (ok) params = OSSL_PARAM_BLD_to_param(bld);
	if (params != NULL) pc = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
	if (pc == NULL || EVP_PKEY_fromdata_init(pc) != 1 ||
	    EVP_PKEY_fromdata(pc, &key, count > 2 ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, params) != 1)
		key = NULL;
	EVP_PKEY_CTX_free(pc);
	OSSL_PARAM_free(params);
	OSSL_PARAM_BLD_free(bld);
	for (i = 0; i < 8; i++) BN_free(bn[i]);
	return key;
}

// xo_rsa_ctx: PKCS#1 v1.5 with md's DigestInfo, for signing or verifying.
static EVP_PKEY_CTX *xo_rsa_ctx(EVP_PKEY *key, const char *md, int sign) {
	const EVP_MD *m = EVP_get_digestbyname(md);
	EVP_PKEY_CTX *c = m == NULL ? NULL : EVP_PKEY_CTX_new_from_pkey(NULL, key, NULL);
	if (c == NULL) return NULL;
	if ((sign ? EVP_PKEY_sign_init(c) : EVP_PKEY_verify_init(c)) != 1 ||
	    EVP_PKEY_CTX_set_rsa_padding(c, RSA_PKCS1_PADDING) <= 0 ||
	    EVP_PKEY_CTX_set_signature_md(c, m) <= 0) {
		EVP_PKEY_CTX_free(c);
		return NULL;
	}
	return c;
}

// xo_rsa_sign signs n times (the speed loop is n > 1); 0 or -1.
static int xo_rsa_sign(EVP_PKEY_CTX *c, const unsigned char *dig, int dl, unsigned char *sig, int k, long n) {
	long i;
	for (i = 0; i < n; i++) {
		size_t sl = k;
		if (EVP_PKEY_sign(c, sig, &sl, dig, dl) != 1 || (int)sl != k) return -1;
	}
	return 0;
}

// xo_rsa_verify verifies n times: 1 valid, 0 not, -1 an error.
static int xo_rsa_verify(EVP_PKEY_CTX *c, const unsigned char *sig, int sl, const unsigned char *dig, int dl, long n) {
	long i;
	int r = -1;
	for (i = 0; i < n; i++) {
		r = EVP_PKEY_verify(c, sig, sl, dig, dl);
		if (r != 1) ERR_clear_error();
	}
	return r < 0 ? -1 : r;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"runtime"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/mont"
)

// montTuning: where libcrypto's Montgomery code changes path, in limbs
// (bn_mul4x_mont and sqr8x on x86_64 and arm64, RSAZ at 512 and 1024
// bits, the IFMA CRT halves at 1024, 1536 and 2048): the fuzzer's edges.
var montTuning = []arch.Tuning{{Name: "mul4x", Value: 4, Unit: arch.Blocks}, {Name: "sqr8x", Value: 8, Unit: arch.Blocks},
	{Name: "rsaz-1024", Value: 16, Unit: arch.Blocks}, {Name: "ifma-1536", Value: 24, Unit: arch.Blocks},
	{Name: "ifma-2048", Value: 32, Unit: arch.Blocks}}

// errLib is a failed library call: the inputs passed the family's checks.
func errLib(what string) error {
	C.ERR_clear_error()
	return fmt.Errorf("libcrypto: %s failed on inputs the family accepts", what)
}

// montC is a prepared modulus, freed by the collector (a speed loop's
// closures keep it).
type montC struct{ c *C.xo_mont }

func newMont(mod []byte) (*montC, error) {
	c := C.xo_mont_new(bp(mod), C.int(len(mod)))
	if c == nil {
		return nil, errLib("BN_MONT_CTX_set")
	}
	m := &montC{c}
	runtime.SetFinalizer(m, func(m *montC) { C.xo_mont_free(m.c) })
	return m, nil
}

// rsaC is a key with its signing or verifying context.
type rsaC struct {
	key *C.EVP_PKEY
	ctx *C.EVP_PKEY_CTX
	k   int
}

// newRSA makes the EVP key of rsa-sign's params (n, e, d, p, q, hash:
// private) or rsa-verify's (n, e, hash: public).
func newRSA(sign bool, p [][]byte, crt *mont.CRT) (*rsaC, error) {
	vals := [][]byte{p[0], p[1]}
	hash := p[2]
	if sign {
		vals, hash = append(vals, p[2]), p[5]
		if crt != nil {
			vals = append(vals, p[3], p[4], crt.DP, crt.DQ, crt.QInv)
		}
	}
	// The values go to C memory: a Go array of Go pointers may not be passed.
	cv := C.malloc(C.size_t(len(vals)) * C.size_t(unsafe.Sizeof(uintptr(0))))
	defer C.free(cv)
	ptrs := (*[8]*C.uchar)(cv)[:len(vals):len(vals)]
	lens := make([]C.int, len(vals))
	for i, v := range vals {
		if len(v) == 0 {
			v = []byte{0}
		}
		ptrs[i], lens[i] = (*C.uchar)(C.CBytes(v)), C.int(len(v))
		defer C.free(unsafe.Pointer(ptrs[i]))
	}
	key := C.xo_rsa_key((**C.uchar)(cv), &lens[0], C.int(len(vals)))
	if key == nil {
		return nil, errLib("EVP_PKEY_fromdata")
	}
	cn := cstr(string(hash))
	defer C.free(unsafe.Pointer(cn))
	s := C.int(0)
	if sign {
		s = 1
	}
	ctx := C.xo_rsa_ctx(key, cn, s)
	if ctx == nil {
		C.EVP_PKEY_free(key)
		return nil, errLib("the PKCS#1 v1.5 context (" + string(hash) + ")")
	}
	r := &rsaC{key: key, ctx: ctx, k: len(p[0])}
	runtime.SetFinalizer(r, func(r *rsaC) { C.EVP_PKEY_CTX_free(r.ctx); C.EVP_PKEY_free(r.key) })
	return r, nil
}

func (r *rsaC) sign(digest []byte, n int) ([]byte, error) {
	sig := make([]byte, r.k)
	if C.xo_rsa_sign(r.ctx, bp(digest), C.int(len(digest)), bp(sig), C.int(r.k), C.long(n)) != 0 {
		return nil, errLib("EVP_PKEY_sign")
	}
	runtime.KeepAlive(r)
	return sig, nil
}

func (r *rsaC) verify(digest, sig []byte, n int) ([]byte, error) {
	v := C.xo_rsa_verify(r.ctx, bp(sig), C.int(len(sig)), bp(digest), C.int(len(digest)), C.long(n))
	runtime.KeepAlive(r)
	switch v {
	case 1:
		return []byte{mont.RSAValid}, nil
	case 0:
		return []byte{mont.RSAInvalid}, nil
	}
	return nil, errLib("EVP_PKEY_verify")
}

// montRun is Run for the mont family's ops.
func montRun(op *arch.Op, p [][]byte, in []byte) ([]byte, error) {
	switch op.Name {
	case mont.MulOp:
		if err := mont.CheckMul(p[0], in); err != nil {
			return nil, err
		}
		m, err := newMont(p[0])
		if err != nil {
			return nil, err
		}
		k := len(p[0])
		C.xo_mont_set(m.c, bp(in[:k]), bp(in[k:]))
		out := make([]byte, k)
		if C.xo_mont_mul(m.c, 1, bp(out)) != 0 {
			return nil, errLib("BN_mod_mul_montgomery")
		}
		runtime.KeepAlive(m)
		return out, nil
	case mont.ModExpOp:
		if err := mont.CheckModExp(p[0], p[1], in); err != nil {
			return nil, err
		}
		m, err := newMont(p[0])
		if err != nil {
			return nil, err
		}
		C.xo_mont_set(m.c, bp(in), bp(in))
		out := make([]byte, len(p[0]))
		if C.xo_mod_exp(m.c, bp(p[1]), C.int(len(p[1])), bp(out)) != 0 {
			return nil, errLib("BN_mod_exp_mont_consttime")
		}
		runtime.KeepAlive(m)
		return out, nil
	case mont.RSASignOp:
		crt, err := mont.CheckRSASign(p[0], p[1], p[2], p[3], p[4], string(p[5]), in)
		if err != nil {
			return nil, err
		}
		r, err := newRSA(true, p, crt)
		if err != nil {
			return nil, err
		}
		return r.sign(in, 1)
	case mont.RSAVerifyOp:
		decided, err := mont.CheckRSAVerify(p[0], p[1], string(p[2]), p[3], in)
		if err != nil {
			return nil, err
		}
		if decided {
			return []byte{mont.RSAInvalid}, nil
		}
		r, err := newRSA(false, p, nil)
		if err != nil {
			return nil, err
		}
		return r.verify(p[3], in, 1)
	}
	return nil, fmt.Errorf("the OpenSSL provider does not serve %s", op.Name)
}

// Loop is the mont speed loop in the library (mont.Looper): n products
// or signatures per call, the key and operands prepared once.
func (provider) Loop(op *arch.Op, p [][]byte, in []byte) (func(int), func() []byte, error) {
	if _, err := montRun(op, p, in); err != nil {
		return nil, nil, err
	}
	var last []byte
	var lerr error
	switch op.Name {
	case mont.MulOp:
		m, err := newMont(p[0])
		if err != nil {
			return nil, nil, err
		}
		k := len(p[0])
		C.xo_mont_set(m.c, bp(in[:k]), bp(in[k:]))
		out := make([]byte, k)
		return func(n int) {
				if C.xo_mont_mul(m.c, C.long(n), bp(out)) != 0 {
					lerr = errLib("BN_mod_mul_montgomery")
				}
			}, func() []byte {
				runtime.KeepAlive(m)
				return errOr(lerr, out)
			}, nil
	case mont.RSASignOp, mont.RSAVerifyOp:
		sign := op.Name == mont.RSASignOp
		var crt *mont.CRT
		if sign {
			crt, _ = mont.CheckRSASign(p[0], p[1], p[2], p[3], p[4], string(p[5]), in)
		}
		r, err := newRSA(sign, p, crt)
		if err != nil {
			return nil, nil, err
		}
		return func(n int) {
			if sign {
				last, lerr = r.sign(in, n)
			} else {
				last, lerr = r.verify(p[3], in, n)
			}
		}, func() []byte { return errOr(lerr, last) }, nil
	}
	return nil, nil, errors.New("no speed loop for " + op.Name)
}

// errOr is the check output: an error's text never equals a right answer.
func errOr(err error, out []byte) []byte {
	if err != nil {
		return []byte(err.Error())
	}
	return append([]byte(nil), out...)
}
