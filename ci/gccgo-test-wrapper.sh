#!/bin/sh
# GCCGO for `go test -compiler gccgo`: Go >= 1.23 writes a
# testdeps.ModulePath line into _testmain.go that gccgo 12's Go 1.18
# library does not have. Remove that line, then run the real compiler.
real=${GCCGO_REAL:-sparc64-linux-gnu-gccgo-12}
for a in "$@"; do
	case $a in
	*_testmain.go) sed -i '/testdeps\.ModulePath/d' "$a" ;;
	esac
done
exec "$real" "$@"
