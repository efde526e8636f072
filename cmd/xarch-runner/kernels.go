//go:build !xarch_openssl

package main

// xarch's own levels; the OpenSSL provider runner (xarch_openssl) serves
// only the library's, so its targets test nothing twice.
import _ "github.com/xarchlab/xarch/arch/all"
