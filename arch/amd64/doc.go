// Package amd64 holds the amd64 kernels, the amd64 CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=amd64 only; the runner imports it on every architecture.
package amd64

// The ABI trampoline's kernel table (abi_kernels_amd64.go and .s) is derived
// from the sources: run `go generate ./arch/amd64` after adding a kernel.
//go:generate go run ../../cmd/abigen

// mont/adx's unrolled squaring pieces (mont_adx_tri_amd64.h).
//go:generate go run mont_adx_gen.go
