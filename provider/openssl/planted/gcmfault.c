/* A planted provider fault (xarch --planted --openssl): interposed with
 * LD_PRELOAD in front of libcrypto, it flips one bit of AES-GCM
 * ciphertext at offset 512 of an encrypting EVP_CipherUpdate call longer
 * than 512 bytes. The vectors (GCMVS stops at 51 bytes) cannot see it; the
 * fuzzer's edge lengths around the provider's 512-byte tuning must. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <openssl/evp.h>

typedef int (*update_fn)(EVP_CIPHER_CTX *, unsigned char *, int *, const unsigned char *, int);

int EVP_CipherUpdate(EVP_CIPHER_CTX *c, unsigned char *out, int *outl, const unsigned char *in, int inl) {
	static update_fn real;
	int r;
	if (real == NULL) real = (update_fn)dlsym(RTLD_NEXT, "EVP_CipherUpdate");
	r = real(c, out, outl, in, inl);
	if (r == 1 && out != NULL && *outl > 512 && EVP_CIPHER_CTX_is_encrypting(c) &&
	    EVP_CIPHER_get_mode(EVP_CIPHER_CTX_get0_cipher(c)) == EVP_CIPH_GCM_MODE)
		out[512] ^= 0x01;
	return r;
}
