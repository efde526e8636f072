// Package all links every implementation table into a binary: the generic
// level and the current GOARCH's levels (the others compile to nothing).
package all

import (
	_ "github.com/xarchlab/xarch/arch/amd64"
	_ "github.com/xarchlab/xarch/arch/arm64"
	_ "github.com/xarchlab/xarch/arch/generic"
	_ "github.com/xarchlab/xarch/arch/ppc64le"
	_ "github.com/xarchlab/xarch/arch/riscv64"
	_ "github.com/xarchlab/xarch/arch/sparc64"
)
