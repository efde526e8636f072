// Package ppc64le holds the ppc64le kernels, the ppc64le CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=ppc64le only; the runner imports it on every architecture.
package ppc64le

// The ABI trampoline's kernel table (abi_kernels_ppc64le.go and .s) is derived
// from the sources: run `go generate ./arch/ppc64le` after adding a kernel.
//go:generate go run ../../cmd/abigen
