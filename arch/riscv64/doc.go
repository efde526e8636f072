// Package riscv64 holds the riscv64 kernels, the riscv64 CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=riscv64 only; the runner imports it on every architecture.
package riscv64
