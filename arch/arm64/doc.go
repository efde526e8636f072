// Package arm64 holds the arm64 kernels, the arm64 CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=arm64 only; the runner imports it on every architecture.
package arm64

// The ABI trampoline's kernel table (abi_kernels_arm64.go and .s) is derived
// from the sources: run `go generate ./arch/arm64` after adding a kernel.
//go:generate go run ../../cmd/abigen
