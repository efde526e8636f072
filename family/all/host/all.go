// Package host links the host side of every family (spec, vector parsers,
// suite judging) into a binary: cmd/xarch and the host tests import it
// for its side effects, as the runner imports arch/all for the target side.
package host

import (
	_ "github.com/xarchlab/xarch/family/aes/host"
	_ "github.com/xarchlab/xarch/family/gcm/host"
	_ "github.com/xarchlab/xarch/family/hash/host"
	_ "github.com/xarchlab/xarch/family/mont/host"
	_ "github.com/xarchlab/xarch/family/sha256/host"
	_ "github.com/xarchlab/xarch/family/sha512/host"
)
