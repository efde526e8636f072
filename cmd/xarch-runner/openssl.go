//go:build xarch_openssl

package main

import (
	"fmt"
	"os"

	"github.com/xarchlab/xarch/provider/openssl"
)

// -openssl-cpuinfo prints the library's version and detected capability
// word and exits: the host reads it from a runner started without a mask
// (a capability variable replaces detection) to decide which levels run.
func init() {
	for _, a := range os.Args[1:] {
		if a == "-openssl-cpuinfo" || a == "--openssl-cpuinfo" {
			fmt.Printf("%s\n%s\n%s\n", openssl.Version(), openssl.LibraryVersion(), openssl.CPUInfo())
			os.Exit(0)
		}
	}
}
