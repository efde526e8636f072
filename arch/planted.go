package arch

// RegisterPlanted adds test-only levels that are wrong on purpose (the
// xarch_planted builds) of one family on one arch: each gets Alg and Arch,
// Planted, and rank -1, so dispatch never picks it. A planted level names no
// Requires unless its bug needs a feature: it must run, and fail, on every
// CPU model.
func RegisterPlanted(alg, goarch string, list ...*Impl) {
	for _, im := range list {
		im.Alg, im.Arch, im.Rank, im.Planted = alg, goarch, -1, true
		Register(im)
	}
}
