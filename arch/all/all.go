// Package all links every implementation table into a binary: each family's
// generic level (in its family folder) and the current GOARCH's levels (the
// others compile to nothing).
package all

import (
	_ "github.com/xarchlab/xarch/arch/amd64"
	_ "github.com/xarchlab/xarch/arch/arm64"
	_ "github.com/xarchlab/xarch/arch/ppc64le"
	_ "github.com/xarchlab/xarch/arch/riscv64"
	_ "github.com/xarchlab/xarch/arch/sparc64"
	_ "github.com/xarchlab/xarch/family/aes"
	_ "github.com/xarchlab/xarch/family/gcm"
	_ "github.com/xarchlab/xarch/family/mont"
	_ "github.com/xarchlab/xarch/family/sha256"
	_ "github.com/xarchlab/xarch/family/sha512"
)
