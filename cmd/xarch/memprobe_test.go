package main

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
)

// Under both emulator generations, on arm64 and sparc64 (amd64: the
// vector suite's own runs), `xarch test --planted`:
//   - reports sha256/planted-overread's one-byte over-read as the kernel's
//     memory fault, at the first byte past the input, with the faulting
//     instruction, and never as an emulator fault;
//   - fails the run on the planted wrong-encoding memory probe (an expected
//     feature), with objdump's name for its instruction as the evidence
//     that nothing excuses it;
//   - still passes the arch's real memory-operand probes and kernel level.
func TestPlantedMemoryEachGeneration(t *testing.T) {
	bin := xarchBin(t)
	table, err := ci.Load()
	require.NoError(t, err)
	for _, c := range []struct{ arch, model, level, mnemonic string }{
		{"arm64", "max", "sha256/armv8", "ld1"},
		{"sparc64", "UltraSparc-T2", "sha256/sparc64", "ldx"},
	} {
		c := c
		t.Run(c.arch, func(t *testing.T) {
			row, err := table.Find(c.arch)
			require.NoError(t, err)
			for _, gen := range []string{"7.2", "10"} {
				if _, why := table.QemuPath(row, gen); why != "" {
					if suite.IsCI() {
						t.Fatal(why)
					}
					t.Skip(why)
				}
			}
			models := []string{c.model, c.model + "@qemu7.2"}
			out, err := exec.Command(bin, "test", "--arch", c.arch, "--model", strings.Join(models, ","), "--planted",
				"--impl", "sha256/planted-overread,"+c.level, "--fuzz-cases", "20", "--no-progress").CombinedOutput()
			s := string(out)
			require.Error(t, err, "the planted over-read and probe must fail the run:\n%s", s)
			require.NotContains(t, s, "EMULATOR FAULTS", "nothing may be excused")
			for _, m := range models {
				q := regexp.QuoteMeta
				require.Regexp(t, `(?m)^`+c.arch+`\s+`+q(m)+`\s+sha256/planted-overread\s+FAILED\s.*memory fault at fuzz case`, s, m)
				require.Regexp(t, `(?m)^  `+c.arch+`/`+q(m)+` sha256/planted-overread: .*memory fault in variant one: .*the first byte past the end of the input.*; faulting instruction: pc 0x[0-9a-f]+ \(\S+plantedOverread\+0x[0-9a-f]+\)`, s, m)
				require.Regexp(t, `(?m)^`+c.arch+`\s+`+q(m)+`\s+memprobe\s+FAILED\s.*\(planted: wrong encoding\) fails on `+c.arch+`/`+q(m)+
					` \(expected feature \S+ of the model\): .*not excused: encoding wrong: objdump names the probe's instruction \([0-9a-f]+\) "`+c.mnemonic+`\b`, s, m)
				require.Regexp(t, `(?m)^`+c.arch+`\s+`+q(m)+`\s+`+q(c.level)+`\s+PASSED`, s, m)
				require.Regexp(t, `(?m)^  `+c.arch+`/`+q(m)+`\s+memory\s+\d+ memory-operand forms\s+ok\s`, s, m)
			}
			require.NotRegexp(t, `emulator fault at`, s)
		})
	}
}
