package shell

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every quoted word, read back by sh, is the original bytes.
func TestQuoteRoundTrip(t *testing.T) {
	words := []string{
		"", "plain", "sha256/generic", "max@qemu7.2", "a b", "tab\there", "new\nline", "it's", `"double"`, "$HOME", "${x}",
		"$(id)", "`id`", `back\slash`, `\`, "'", "''", "*", "?", "[a]", "a;b", "a|b", "a&b", "<x>", "(x)", "{x}", "!x",
		"#comment", "~", "~root", "a=b", "-test.run", "^TestX$/^Sub$", "\xff\xfe", "caf\xc3\xa9", "\x01\x7f", " lead", "trail ",
		"-", "--", "%s", "\r\n", "x'y\"z$w\\v`u",
	}
	shells := []string{"sh"}
	if _, err := exec.LookPath("bash"); err == nil {
		shells = append(shells, "bash") // users paste repro lines into bash
	}
	for _, sh := range shells {
		for _, w := range words {
			out, err := exec.Command(sh, "-c", "printf %s "+Quote(w)).Output()
			require.NoError(t, err, "%s: %q quoted as %s", sh, w, Quote(w))
			require.Equal(t, w, string(out), "%s: quoted as %s", sh, Quote(w))
		}
		// Several words stay several words.
		out, err := exec.Command(sh, "-c", "printf '[%s]' "+Join(words)).Output()
		require.NoError(t, err)
		want := ""
		for _, w := range words {
			want += "[" + w + "]"
		}
		require.Equal(t, want, string(out), sh)
	}
}

func TestQuoteLeavesPlainWords(t *testing.T) {
	require.Equal(t, "sha256/generic", Quote("sha256/generic"))
	require.Equal(t, "cpu.avx2=off,cpu.sha=off", Quote("cpu.avx2=off,cpu.sha=off"))
	require.Equal(t, "''", Quote(""))
	require.Equal(t, "'^TestX$'", Quote("^TestX$"))
	require.Equal(t, `'it'\''s'`, Quote("it's"))
}
