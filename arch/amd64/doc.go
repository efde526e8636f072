// Package amd64 holds the amd64 kernels, the amd64 CPU feature detection and this
// architecture's table of implementation levels. Every other file in it is
// built for GOARCH=amd64 only; the runner imports it on every architecture.
package amd64
