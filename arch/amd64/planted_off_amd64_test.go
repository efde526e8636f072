//go:build amd64 && gc && !xarch_planted

package amd64

const plantedBuilt = false
