//go:build gc && cgo

package riscv64

// With cgo the runtime's signal handler loads g through the thread pointer
// (runtime·load_g reads runtime·tls_g at an offset from X4) and may forward
// a signal to a C handler, which may address small data through gp (X3): a
// seeded X3 or X4 could crash either while a kernel runs. Such a build
// compares both with their values before the call instead (abi_riscv64.go).
func init() { abiSeedGPTP = false }
