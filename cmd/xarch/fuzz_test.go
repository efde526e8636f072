package main

import (
	"io"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/suite"
)

// capture runs a command function with stdout sent to a file and returns
// what it printed.
func capture(t *testing.T, fn func() (int, error)) (string, int) {
	t.Helper()
	f, err := os.CreateTemp(t.TempDir(), "out")
	require.NoError(t, err)
	old := os.Stdout
	os.Stdout = f
	code, err := fn()
	os.Stdout = old
	require.NoError(t, err)
	f.Seek(0, io.SeekStart)
	b, _ := io.ReadAll(f)
	f.Close()
	return string(b), code
}

// plantedBugs maps each deliberately broken level (family/<f>/planted*.go
// and the per-arch SIGILL level) to how the differential run must see it.
var plantedBugs = map[string]string{
	"sha256/planted-threshold":  "wrong output in variant one",
	"sha256/planted-overwrite":  "memory fault in variant one",
	"sha256/planted-overread":   "memory fault in variant one",
	"sha256/planted-misaligned": "wrong output in variant",
	"sha256/planted-chunked":    "wrong output in variant chunks",
	"aes/planted-inplace":       "wrong output in variant inplace",
	"sha256/planted-sigill":     "runner crash in variant",
	"sha512/planted-padding":    "wrong output in variant one",
	"mont/planted-carry":        "wrong output in variant one",
	"mont/planted-nosub":        "wrong output in variant one",
}

// The default `xarch test` budget catches every planted bug natively and
// under qemu (arm64, a non-native arch), attributes it to the
// implementation and the case, and each printed repro line, run as
// `xarch fuzz`, reproduces it.
func TestDefaultBudgetCatchesPlantedBugs(t *testing.T) {
	var names []string
	for n := range plantedBugs {
		names = append(names, n)
	}
	for _, tg := range []struct{ arch, model, qemu string }{
		{"amd64", "native", ""},
		{"arm64", "cortex-a53", "qemu-aarch64-static"},
	} {
		t.Run(tg.arch+"/"+tg.model, func(t *testing.T) {
			if tg.qemu != "" {
				if _, err := exec.LookPath(tg.qemu); err != nil {
					if suite.IsCI() {
						t.Fatalf("%s is needed in CI: %v", tg.qemu, err)
					}
					t.Skipf("%s not installed (run `sudo ci/install-deps.sh`): %v", tg.qemu, err)
				}
			}
			out, code := capture(t, func() (int, error) {
				return cmdTest([]string{"--arch", tg.arch, "--model", tg.model, "--planted", "--no-progress",
					"--impl", strings.Join(names, ",")})
			})
			require.Equal(t, 1, code, out)
			lines := strings.Split(out, "\n")
			for impl, want := range plantedBugs {
				row := regexp.MustCompile(`(?m)^` + tg.arch + `\s+` + tg.model + `\s+` + regexp.QuoteMeta(impl) + `\s+FAILED\s.*fuzz \(seed 1\): `)
				require.Regexp(t, row, out, "%s: the matrix row must fail with a fuzz note", impl)
				head := "  " + tg.arch + "/" + tg.model + " " + impl + ": fuzz case "
				found := false
				for i, l := range lines {
					if !strings.HasPrefix(l, head) {
						continue
					}
					found = true
					require.Contains(t, l, want, impl)
					j := i + 1
					for j < len(lines) && !strings.HasPrefix(lines[j], "      repro: ") {
						j++
					}
					require.Less(t, j, len(lines), "%s: no repro line", impl)
					repro := strings.TrimPrefix(lines[j], "      repro: ")
					args := strings.Fields(repro)
					require.Equal(t, []string{"xarch", "fuzz"}, args[:2], repro)
					rout, rcode := capture(t, func() (int, error) { return cmdFuzz(args[2:]) })
					require.Equal(t, 1, rcode, "repro %q passed:\n%s", repro, rout)
					require.Contains(t, rout, want, "repro %q", repro)
					require.Contains(t, rout, "xarch fuzz: 0 passed, 1 failed, 0 skipped", repro)
					break
				}
				require.True(t, found, "%s: no fuzz failure listed in\n%s", impl, out)
			}
			// A crash took the runner down; the others still ran.
			require.Regexp(t, `fuzz `+tg.arch+`/`+tg.model+`: \d+ cases over `+strconv.Itoa(len(plantedBugs))+` implementations`, out)
		})
	}
}
