//go:build xarch_openssl

package openssl

/*
#cgo LDFLAGS: -lcrypto
#include <openssl/evp.h>

static EVP_CIPHER_CTX *xo_gcm_seal_ctx(int keylen, const unsigned char *key, const unsigned char *iv, int ivlen) {
	const EVP_CIPHER *ci = keylen == 16 ? EVP_aes_128_gcm() : keylen == 24 ? EVP_aes_192_gcm() : keylen == 32 ? EVP_aes_256_gcm() : NULL;
	EVP_CIPHER_CTX *c = ci == NULL ? NULL : EVP_CIPHER_CTX_new();
	if (c == NULL) return NULL;
	if (EVP_EncryptInit_ex(c, ci, NULL, NULL, NULL) != 1 || EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_SET_IVLEN, ivlen, NULL) != 1 ||
	    EVP_EncryptInit_ex(c, NULL, NULL, key, iv) != 1) {
		EVP_CIPHER_CTX_free(c);
		return NULL;
	}
	return c;
}

// xo_gcm_loop seals n bytes count times on one keyed context, the IV set
// per seal; the tag of the last is left in tag.
static int xo_gcm_loop(EVP_CIPHER_CTX *c, const unsigned char *iv, const unsigned char *in, unsigned char *out,
		int n, unsigned char *tag, long count) {
	long i;
	int got, fin;
	for (i = 0; i < count; i++) {
		if (EVP_CipherInit_ex(c, NULL, NULL, NULL, iv, 1) != 1 || EVP_CipherUpdate(c, out, &got, in, n) != 1 ||
		    EVP_CipherFinal_ex(c, out + got, &fin) != 1 || EVP_CIPHER_CTX_ctrl(c, EVP_CTRL_GCM_GET_TAG, 16, tag) != 1)
			return -1;
	}
	return 0;
}
*/
import "C"

import "runtime"

// gcmCtx is a keyed sealing context, freed by the collector.
type gcmCtx struct{ c *C.EVP_CIPHER_CTX }

// SealLoop is the aes-gcm speed loop in the library (gcm.Looper).
func (provider) SealLoop(key, iv, msg []byte) (func(int), func() []byte, error) {
	c := C.xo_gcm_seal_ctx(C.int(len(key)), bp(key), bp(iv), C.int(len(iv)))
	if c == nil {
		return nil, nil, errLib("EVP AES-GCM init")
	}
	g := &gcmCtx{c}
	runtime.SetFinalizer(g, func(g *gcmCtx) { C.EVP_CIPHER_CTX_free(g.c) })
	out, tag := make([]byte, len(msg)+16), make([]byte, 16)
	var lerr error
	run := func(n int) {
		if C.xo_gcm_loop(g.c, bp(iv), bp(msg), bp(out), C.int(len(msg)), bp(tag), C.long(n)) != 0 {
			lerr = errLib("EVP AES-GCM seal")
		}
	}
	return run, func() []byte {
		runtime.KeepAlive(g)
		return errOr(lerr, tag)
	}, nil
}
