// Package riscv64 holds the riscv64 kernels, the riscv64 CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=riscv64 only; the runner imports it on every architecture.
package riscv64

// The ABI trampoline's kernel table (abi_kernels_riscv64.go and .s) is derived
// from the sources: run `go generate ./arch/riscv64` after adding a kernel.
//go:generate go run ../../cmd/abigen
