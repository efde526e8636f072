// Package sparc64 holds the sparc64 kernels, the sparc64 CPU feature detection
// and this architecture's table of implementation levels. Its files are built
// for GOARCH=sparc64 only (with gccgo), except the Go model of the SPARC T4
// AES instructions (aes_t4_model.go) and its host-side tests, which check the
// T4 kernel's disassembly on any host. The runner imports it on every arch.
package sparc64
