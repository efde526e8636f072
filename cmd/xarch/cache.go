package main

import (
	"flag"
	"fmt"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/gotest"
)

// cmdCache manages the build cache (runners, the reference module, wazero's
// compiled code, gotest's test binaries): `xarch cache clean` empties it, `xarch cache dir` prints
// where it is. Runners are also pruned to the newest driver.KeepRunners
// builds per arch whenever one is built.
func cmdCache(args []string) (int, error) {
	if len(args) == 0 {
		return 2, fmt.Errorf("usage: xarch cache clean|dir")
	}
	fs := flag.NewFlagSet("xarch cache "+args[0], flag.ContinueOnError)
	if err := fs.Parse(args[1:]); err != nil {
		return 2, errUsage
	}
	if fs.NArg() > 0 {
		return 2, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	dir := driver.DefaultCacheDir()
	switch args[0] {
	case "dir":
		fmt.Println(dir)
	case "clean":
		removed, err := driver.CleanCache(dir)
		if err == nil {
			var g string
			if g, err = gotest.CleanCache(); g != "" && err == nil {
				removed = append(removed, g)
			}
		}
		for _, r := range removed {
			fmt.Println("removed", r)
		}
		if err != nil {
			return 1, err
		}
		if len(removed) == 0 {
			fmt.Println("nothing cached in", dir)
		}
	default:
		return 2, fmt.Errorf("unknown cache command %q (clean, dir)", args[0])
	}
	return 0, nil
}
