package ci

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// Every arch says how objdump names its instructions, and install-deps.sh
// installs that objdump (and the assembler of insn_as).
func TestDisasmEachArch(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	deps, err := os.ReadFile("install-deps.sh")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)\nCOMMANDS=\((.*?)\)`).FindSubmatch(deps)
	if m == nil {
		t.Fatal("install-deps.sh has no COMMANDS=(...) list")
	}
	checked := map[string]bool{}
	for _, c := range strings.Fields(string(m[1])) {
		checked[c] = true
	}
	for _, a := range tab.Arches {
		d := a.Disasm
		if d.Objdump == "" || len(d.Args) == 0 {
			t.Errorf("%s: no disasm (objdump and its args) in ci/models.json", a.Arch)
			continue
		}
		tools := []string{d.Objdump}
		if len(d.InsnAs) > 0 {
			tools = append(tools, d.InsnAs[0])
		}
		for _, tool := range tools {
			if !checked[tool] {
				t.Errorf("%s: %s is not among the commands ci/install-deps.sh checks", a.Arch, tool)
			}
		}
	}
}
