//go:build xarch_openssl

// Package openssl is a provider (arch.Whole): OpenSSL's libcrypto serves
// the sha256, sha512, aes and aes-gcm families whole through EVP, so its
// own assembly runs behind the same wire ops, vectors, checks and fuzzer
// as xarch's levels. It is the one cgo package of the target side, behind
// the xarch_openssl tag: the normal runner stays static and gccgo-clean.
//
// One runner process is one level: the host sets the library's capability
// variable (OPENSSL_armcap, ...) in its environment before libcrypto
// initialises, and XARCH_OPENSSL_LEVEL names the level ("nopmull").
package openssl

/*
#cgo LDFLAGS: -lcrypto
#include <stdlib.h>
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/opensslv.h>

static const char *xo_cpuinfo(void) { return OpenSSL_version(OPENSSL_CPU_INFO); }
static const char *xo_version(void) { return OpenSSL_version(OPENSSL_VERSION); }
static unsigned long xo_num(void) { return OpenSSL_version_num(); }

// Streaming digest: one Update per piece, as a caller feeding pieces would.
static EVP_MD_CTX *xo_md_new(const char *name) {
	const EVP_MD *md = EVP_get_digestbyname(name);
	EVP_MD_CTX *c;
	if (md == NULL) return NULL;
	c = EVP_MD_CTX_new();
	if (c != NULL && EVP_DigestInit_ex(c, md, NULL) != 1) { EVP_MD_CTX_free(c); return NULL; }
	return c;
}
static int xo_md_update(EVP_MD_CTX *c, const unsigned char *p, size_t n) { return n == 0 ? 1 : EVP_DigestUpdate(c, p, n); }
static int xo_md_final(EVP_MD_CTX *c, unsigned char *out) { unsigned int n = 0; int r = EVP_DigestFinal_ex(c, out, &n); EVP_MD_CTX_free(c); return r == 1 ? (int)n : -1; }

static EVP_CIPHER_CTX *xo_cipher_new(const char *name, const unsigned char *key, const unsigned char *iv, int enc) {
	const EVP_CIPHER *ci = EVP_get_cipherbyname(name);
	EVP_CIPHER_CTX *c;
	if (ci == NULL) return NULL;
	c = EVP_CIPHER_CTX_new();
	if (c == NULL) return NULL;
	if (EVP_CipherInit_ex(c, ci, NULL, key, iv, enc) != 1) { EVP_CIPHER_CTX_free(c); return NULL; }
	EVP_CIPHER_CTX_set_padding(c, 0);
	return c;
}
static int xo_cipher_update(EVP_CIPHER_CTX *c, unsigned char *out, const unsigned char *in, int n) {
	int got = 0;
	if (n == 0) return 0;
	if (EVP_CipherUpdate(c, out, &got, in, n) != 1) return -1;
	return got;
}
static void xo_cipher_free(EVP_CIPHER_CTX *c) { EVP_CIPHER_CTX_free(c); }

static EVP_CIPHER_CTX *xo_gcm_new(int keylen, const unsigned char *key, const unsigned char *iv, int ivlen,
		const unsigned char *aad, int aadlen, int enc) {
	const EVP_CIPHER *ci = keylen == 16 ? EVP_aes_128_gcm() : keylen == 24 ? EVP_aes_192_gcm() : keylen == 32 ? EVP_aes_256_gcm() : NULL;
	EVP_CIPHER_CTX *c;
	int got = 0;
	if (ci == NULL) return NULL;
	c = EVP_CIPHER_CTX_new();
	if (c == NULL) return NULL;
	if (EVP_CipherInit_ex(c, ci, NULL, NULL, NULL, enc) != 1 ||
	    EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, ivlen, NULL) != 1 ||
	    EVP_CipherInit_ex(c, NULL, NULL, key, iv, enc) != 1 ||
	    (aadlen > 0 && EVP_CipherUpdate(c, NULL, &got, aad, aadlen) != 1)) {
		EVP_CIPHER_CTX_free(c);
		return NULL;
	}
	return c;
}
// xo_gcm_final: encryption writes the tag; decryption checks it (1 valid, 0 not).
static int xo_gcm_final(EVP_CIPHER_CTX *c, int enc, unsigned char *tag, int taglen) {
	unsigned char rest[16];
	int got = 0, r;
	if (!enc && EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_TAG, taglen, tag) != 1) { EVP_CIPHER_CTX_free(c); return -1; }
	r = EVP_CipherFinal_ex(c, rest, &got);
	if (enc) {
		if (r != 1 || EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, taglen, tag) != 1) r = -1;
	}
	EVP_CIPHER_CTX_free(c);
	return r == 1 ? 1 : (enc ? -1 : 0);
}

// SHAVS Monte Carlo checkpoint in one call (a cgo call per step is slow
// under emulation): MDi = H(MDi-3 || MDi-2 || MDi-1), 1000 times.
static int xo_hash_mct(const char *name, const unsigned char *seed, int n, unsigned char *out) {
	const EVP_MD *md = EVP_get_digestbyname(name);
	unsigned char buf[3 * 64];
	unsigned int got = 0;
	int i;
	if (md == NULL || n > 64) return -1;
	memcpy(buf, seed, n); memcpy(buf + n, seed, n); memcpy(buf + 2 * n, seed, n);
	for (i = 0; i < 1000; i++) {
		if (EVP_Digest(buf, 3 * n, out, &got, md, NULL) != 1 || (int)got != n) return -1;
		memmove(buf, buf + n, 2 * n);
		memcpy(buf + 2 * n, out, n);
	}
	return 0;
}

// AESAVS Monte Carlo inner loop over one context (chaining carried):
// ECB feeds the output back; the others feed the IV, then the output
// before last. out and prev are 16 bytes.
static int xo_aes_mct(EVP_CIPHER_CTX *c, int ecb, const unsigned char *iv, const unsigned char *text,
		unsigned char *out, unsigned char *prev) {
	unsigned char in[16];
	int j, got;
	memcpy(in, text, 16);
	memset(out, 0, 16);
	for (j = 0; j < 1000; j++) {
		memcpy(prev, out, 16);
		if (EVP_CipherUpdate(c, out, &got, in, 16) != 1 || got != 16) return -1;
		if (ecb) memcpy(in, out, 16);
		else if (j == 0) memcpy(in, iv, 16);
		else memcpy(in, prev, 16);
	}
	return 0;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/family/mont"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/family/sha512"
	"github.com/xarchlab/xarch/wire"
)

// Feature is what provider levels require: only the provider runner has
// it, and a level that requires a feature runs its vector files on every
// model (suite/twins.go), as OpenSSL's dispatch reads the model.
const Feature = "libcrypto"

// Version is "openssl3.0", from the library the runner loaded; a user's
// own build (--openssl arch=PREFIX: XARCH_OPENSSL_LIB=prefix) is
// "openssl3.5.4-prefix", its full version and where it came from.
func Version() string {
	n := uint64(C.xo_num())
	if os.Getenv("XARCH_OPENSSL_LIB") == "prefix" {
		return fmt.Sprintf("openssl%d.%d.%d-prefix", n>>28, (n>>20)&0xff, (n>>4)&0xff)
	}
	return fmt.Sprintf("openssl%d.%d", n>>28, (n>>20)&0xff)
}

// CPUInfo is OpenSSL_version(OPENSSL_CPU_INFO): "CPUINFO: OPENSSL_armcap=0xbd"
// (and " env:..." when the capability variable was set).
func CPUInfo() string { return C.GoString(C.xo_cpuinfo()) }

// LibraryVersion is the library's full version string.
func LibraryVersion() string { return C.GoString(C.xo_version()) }

// Level is the level name the host asked for: "<version>" or "<version>-<level>".
func Level() string {
	l := os.Getenv("XARCH_OPENSSL_LEVEL")
	if l == "" || l == "detected" {
		return Version()
	}
	return Version() + "-" + l
}

type provider struct{}

// Families are the families the provider serves whole.
var Families = []string{sha256.Name, sha512.Name, aes.Name, gcm.Name, mont.Name}

// capVar is the capability variable of each arch's libcrypto.
var capVar = map[string]string{"amd64": "OPENSSL_ia32cap", "arm64": "OPENSSL_armcap", "ppc64le": "OPENSSL_ppccap", "riscv64": "OPENSSL_riscvcap"}

func init() {
	// A mask set too late (after the library initialised) would silently
	// test the detected level under the mask's name.
	if v := os.Getenv(capVar[runtime.GOARCH]); v != "" && !strings.Contains(CPUInfo(), "env:") {
		fmt.Fprintf(os.Stderr, "xarch-runner: %s=%s was not read by libcrypto (%s)\n", capVar[runtime.GOARCH], v, CPUInfo())
		os.Exit(2)
	}
	arch.RegisterFeatures([]arch.Feature{{Name: Feature}}, func() map[string]bool { return map[string]bool{Feature: true} })
	lvl := Level()
	for _, fam := range Families {
		im := &arch.Impl{
			Name: fam + "/" + lvl, Alg: fam, Arch: runtime.GOARCH, Requires: []string{Feature},
			// Never dispatch's pick: the runner's own levels stay the default.
			Rank: -100, Funcs: provider{},
			// The planted fault's level (LD_PRELOAD, driver/openssl.go).
			Planted: strings.Contains(lvl, "-planted"),
		}
		if fam == aes.Name || fam == gcm.Name {
			// OpenSSL's block batches (aes_v8's 5x loops, the 4-block and
			// unroll8 GCM kernels) and the Graviton2 report's sizes: the
			// fuzzer's edges are these, +-1.
			im.Tuning = []arch.Tuning{{Name: "aes_v8-5x", Value: 5, Unit: arch.Blocks}, {Name: "gcm-4x", Value: 4, Unit: arch.Blocks},
				{Name: "unroll8", Value: 8, Unit: arch.Blocks}, {Name: "report-256", Value: 256, Unit: arch.Bytes},
				{Name: "report-512", Value: 512, Unit: arch.Bytes}, {Name: "report-1024", Value: 1024, Unit: arch.Bytes}}
		}
		if fam == mont.Name {
			im.Tuning = montTuning // bn.go
		}
		arch.Register(im)
	}
}

// bp is b's first byte for C, nil when empty (C reads no byte then).
func bp(b []byte) *C.uchar {
	if len(b) == 0 {
		return nil
	}
	return (*C.uchar)(unsafe.Pointer(&b[0]))
}

func cstr(s string) *C.char { return C.CString(s) }

// digestName maps the wire's hash op to EVP's name.
var digestName = map[string]string{
	"sha224": "SHA224", "sha256": "SHA256", "sha384": "SHA384", "sha512": "SHA512",
	"sha512-224": "SHA512-224", "sha512-256": "SHA512-256",
}

func (provider) Run(op *arch.Op, params [][]byte, dst, in []byte, chunks []int) ([]byte, error) {
	switch {
	case op.Shape == wire.ShapeHash:
		return digest(op, in, chunks)
	case op.Family == aes.Name:
		crypt, done, err := provider{}.Stream(op, params)
		if err != nil {
			return nil, err
		}
		defer done()
		return dst, arch.Feed(dst, in, chunks, crypt)
	case op.Name == gcm.SealOp || op.Name == gcm.OpenOp:
		return gcmOp(op.Name == gcm.SealOp, params, in, chunks)
	case op.Family == mont.Name:
		return montRun(op, params, in) // bn.go
	}
	return nil, fmt.Errorf("the OpenSSL provider does not serve %s", op.Name)
}

func digest(op *arch.Op, in []byte, chunks []int) ([]byte, error) {
	name, ok := digestName[op.Name]
	if !ok {
		return nil, fmt.Errorf("the OpenSSL provider has no digest for %s", op.Name)
	}
	cn := cstr(name)
	defer C.free(unsafe.Pointer(cn))
	c := C.xo_md_new(cn)
	if c == nil {
		return nil, fmt.Errorf("EVP digest %s unavailable", name)
	}
	arch.Feed(in, in, chunks, func(_, p []byte) error {
		C.xo_md_update(c, bp(p), C.size_t(len(p)))
		return nil
	})
	out := make([]byte, 64)
	n := C.xo_md_final(c, bp(out))
	if n < 0 {
		return nil, fmt.Errorf("EVP_DigestFinal_ex(%s) failed", name)
	}
	return out[:n], nil
}

// cipherName is EVP's name of an AES op: "AES-128-CFB" is CFB128.
func cipherName(op *arch.Op, keyLen int) (name string, enc bool, err error) {
	for _, m := range aes.Modes {
		for _, dec := range []bool{false, true} {
			if aes.OpName(m, dec) != op.Name {
				continue
			}
			if keyLen != 16 && keyLen != 24 && keyLen != 32 {
				return "", false, fmt.Errorf("AES key must be 16, 24 or 32 bytes, got %d", keyLen)
			}
			mode := strings.ToUpper(m)
			if m == aes.ModeCFB128 {
				mode = "CFB"
			}
			return fmt.Sprintf("AES-%d-%s", 8*keyLen, mode), !dec, nil
		}
	}
	return "", false, fmt.Errorf("not an AES op: %s", op.Name)
}

func (provider) Stream(op *arch.Op, params [][]byte) (func(dst, src []byte) error, func(), error) {
	if len(params) != 2 {
		return nil, nil, fmt.Errorf("%s takes key and iv", op.Name)
	}
	key, iv := params[0], params[1]
	name, enc, err := cipherName(op, len(key))
	if err != nil {
		return nil, nil, err
	}
	if name[len(name)-3:] == "ECB" {
		iv = nil
	} else if len(iv) != 16 {
		return nil, nil, fmt.Errorf("iv must be 16 bytes, got %d", len(iv))
	}
	cn := cstr(name)
	defer C.free(unsafe.Pointer(cn))
	e := C.int(0)
	if enc {
		e = 1
	}
	c := C.xo_cipher_new(cn, bp(key), bp(iv), e)
	if c == nil {
		return nil, nil, fmt.Errorf("EVP cipher %s: init failed", name)
	}
	crypt := func(dst, src []byte) error {
		n := C.xo_cipher_update(c, bp(dst), bp(src), C.int(len(src)))
		if int(n) != len(src) {
			return fmt.Errorf("EVP_CipherUpdate(%s) gave %d bytes for %d", name, int(n), len(src))
		}
		return nil
	}
	return crypt, func() { C.xo_cipher_free(c) }, nil
}

// MCT runs one Monte Carlo checkpoint inside the library (arch.MCTer).
func (provider) MCT(op *arch.Op, args [][]byte) ([][]byte, error) {
	if op.Shape == wire.ShapeHash {
		name, ok := digestName[op.Name]
		if !ok || len(args) != 1 || len(args[0]) != op.Out {
			return nil, fmt.Errorf("%s Monte Carlo takes one %d-byte seed", op.Name, op.Out)
		}
		cn := cstr(name)
		defer C.free(unsafe.Pointer(cn))
		out := make([]byte, op.Out)
		if C.xo_hash_mct(cn, bp(args[0]), C.int(op.Out), bp(out)) != 0 {
			return nil, fmt.Errorf("EVP_Digest(%s) failed", name)
		}
		return [][]byte{out}, nil
	}
	if op.Family != aes.Name || len(args) != 3 || len(args[2]) != 16 {
		return nil, fmt.Errorf("%s: no Monte Carlo test with these arguments", op.Name)
	}
	name, enc, err := cipherName(op, len(args[0]))
	if err != nil {
		return nil, err
	}
	ecb := strings.HasSuffix(name, "ECB")
	iv := args[1]
	if ecb {
		iv = nil
	} else if len(iv) != 16 {
		return nil, fmt.Errorf("iv must be 16 bytes, got %d", len(iv))
	}
	cn := cstr(name)
	defer C.free(unsafe.Pointer(cn))
	e, ce := C.int(0), C.int(0)
	if enc {
		e = 1
	}
	if ecb {
		ce = 1
	}
	c := C.xo_cipher_new(cn, bp(args[0]), bp(iv), e)
	if c == nil {
		return nil, fmt.Errorf("EVP cipher %s: init failed", name)
	}
	defer C.xo_cipher_free(c)
	out, prev := make([]byte, 16), make([]byte, 16)
	if C.xo_aes_mct(c, ce, bp(iv), bp(args[2]), bp(out), bp(prev)) != 0 {
		return nil, fmt.Errorf("EVP_CipherUpdate(%s) failed", name)
	}
	return [][]byte{out, prev}, nil
}

var errParams = errors.New("aes-gcm takes key, iv, aad and a one-byte tag length")

func gcmOp(seal bool, p [][]byte, in []byte, chunks []int) ([]byte, error) {
	if len(p) != 4 || len(p[3]) != 1 {
		return nil, errParams
	}
	key, iv, aad, tagLen := p[0], p[1], p[2], int(p[3][0])
	if tagLen < 4 || tagLen > 16 {
		return nil, fmt.Errorf("GCM tag length must be 4..16 bytes, got %d", tagLen)
	}
	if len(iv) == 0 {
		return nil, errors.New("GCM IV must not be empty")
	}
	ct := in
	if !seal {
		if len(in) < tagLen {
			return []byte{gcm.AuthFailed}, nil
		}
		ct = in[:len(in)-tagLen]
	}
	e := C.int(0)
	if seal {
		e = 1
	}
	c := C.xo_gcm_new(C.int(len(key)), bp(key), bp(iv), C.int(len(iv)), bp(aad), C.int(len(aad)), e)
	if c == nil {
		return nil, fmt.Errorf("EVP AES-%d-GCM: init failed (key %d bytes, iv %d bytes)", 8*len(key), len(key), len(iv))
	}
	out := make([]byte, len(ct), len(ct)+tagLen+1)
	var ferr error
	if err := arch.Feed(out, ct, chunks, func(d, s []byte) error {
		if n := C.xo_cipher_update(c, bp(d), bp(s), C.int(len(s))); int(n) != len(s) {
			return fmt.Errorf("EVP_CipherUpdate gave %d bytes for %d", int(n), len(s))
		}
		return nil
	}); err != nil {
		ferr = err
	}
	tag := make([]byte, 16)
	if !seal {
		copy(tag, in[len(ct):])
	}
	r := C.xo_gcm_final(c, e, bp(tag), C.int(tagLen))
	if ferr != nil {
		return nil, ferr
	}
	if seal {
		if r != 1 {
			return nil, errors.New("EVP AES-GCM: final or tag failed")
		}
		return append(out, tag[:tagLen]...), nil
	}
	switch r {
	case 1:
		return append([]byte{gcm.AuthOK}, out...), nil
	case 0:
		return []byte{gcm.AuthFailed}, nil
	}
	return nil, errors.New("EVP AES-GCM: setting the tag failed")
}
