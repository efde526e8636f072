// Package sparc64 holds the sparc64 kernels, the sparc64 CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=sparc64 only; the runner imports it on every architecture.
package sparc64
