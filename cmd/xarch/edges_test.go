package main

import (
	"os/exec"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/suite"
)

// The default `xarch test --planted` calls every level's kernel entry
// points at their edges: sha512/planted-zero-block (hashes a block when
// given none) fails its "kernel edges" row, and mont/planted-scratch
// (stores one word past its scratch) fails on the scratch canaries, each
// with a repro line that fails again; natively on amd64 and under qemu on
// arm64. The scratch plant computes right, so with --abi=false (no
// canaries) its repro passes.
func TestPlantedEdgesAndScratch(t *testing.T) {
	bin := xarchBin(t)
	for _, tg := range []struct{ arch, model, qemu string }{
		{"amd64", "native", ""},
		{"arm64", "neoverse-n1", "qemu-aarch64-static"},
	} {
		tg := tg
		t.Run(tg.arch, func(t *testing.T) {
			if tg.qemu == "" && runtime.GOARCH != tg.arch {
				t.Skipf("native %s only", tg.arch)
			}
			if tg.qemu != "" {
				if _, err := exec.LookPath(tg.qemu); err != nil {
					if suite.IsCI() {
						t.Fatalf("%s is needed in CI: %v", tg.qemu, err)
					}
					t.Skipf("%s not installed: %v", tg.qemu, err)
				}
			}
			out, err := exec.Command(bin, "test", "--arch", tg.arch, "--model", tg.model, "--planted",
				"--impl", "sha512/planted-zero-block,mont/planted-scratch", "--fuzz-cases", "5", "--no-progress").CombinedOutput()
			require.Error(t, err, "the plants must fail the run:\n%s", out)
			for _, c := range []struct{ impl, edge, msg string }{
				{"sha512/planted-zero-block", "block/0", "zero blocks .* changed the state"},
				{"mont/planted-scratch", `mul/\d+`, `scratch canary: kernel plantedScratch wrote above its \d+-word scratch: guard word at byte offset \d+ changed`},
			} {
				re := regexp.MustCompile(`(?m)^  ` + tg.arch + `/\S+ ` + regexp.QuoteMeta(c.impl) + `: edge (` + c.edge + `): ` + c.msg + `.*\n      repro: (xarch run .* --edge \S+ --seed \d+)$`)
				m := re.FindStringSubmatch(string(out))
				require.NotNil(t, m, "%s: no failed kernel edge with a repro line:\n%s", c.impl, out)
				args := strings.Fields(strings.TrimPrefix(m[2], "xarch "))
				rout, err := exec.Command(bin, args...).CombinedOutput()
				require.Error(t, err, "repro %s:\n%s", m[2], rout)
				require.Regexp(t, "FAILED "+m[1]+": "+c.msg, string(rout))
				if c.impl == "mont/planted-scratch" {
					rout, err = exec.Command(bin, append(args, "--abi=false")...).CombinedOutput()
					require.NoError(t, err, "repro with --abi=false (no canaries): %s", rout)
				}
			}
			require.Regexp(t, `kernel edges `+tg.arch+`/\S+: \d+ of \d+ cases passed over 2 levels`, string(out))
		})
	}
}
