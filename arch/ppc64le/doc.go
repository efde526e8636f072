// Package ppc64le holds the ppc64le kernels, the ppc64le CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=ppc64le only; the runner imports it on every architecture.
package ppc64le
