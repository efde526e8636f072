// Package gencheck holds the test that every generated file of the module
// is what its generator writes now (`go generate ./...`). It has no code.
package gencheck
