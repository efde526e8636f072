package archlayout

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	_ "github.com/xarchlab/xarch/arch/all"
	"github.com/xarchlab/xarch/ci"
)

// roles are the naming scheme of docs/porting.md; G stands for the goarch,
// F for a registered family's name or its last hyphenated word (aes-gcm:
// gcm), W for one lowercase word.
var roles = []struct{ role, pattern string }{
	{"package doc and go:generate lines", `doc\.go`},
	{"feature list and detection", `cpu(_gc|_gccgo)?_G\.(go|s)`},
	{"ABI trampoline, kernel table, self-tests", `abi(_W)*_G\.(go|s)`},
	{"memory-operand probes", `memprobe(_planted)?_G\.(go|s)|memprobe_forms\.go`},
	{"planted levels", `planted_G\.(go|s)`},
	{"known-answer feature probes", `probe(_W)+_G\.(go|s)`},
	{"a family's glue and levels", `F(_W)*_G\.(go|s|h)`},
	{"a kernel's Go model or table, built everywhere for host tests", `F(_W)+_(model|table)\.go`},
	{"a generator (go:build ignore)", `F(_W)+_gen\.go`},
	{"tests", `(abi|cpu|memprobe|planted|probe|asmmodel|disasm|encoding|levels|F)(_W)*(_G)?_test\.go`},
}

func compile(goarch string) []*regexp.Regexp {
	var fams []string
	for _, f := range arch.Families() {
		name := f.Name
		if i := strings.LastIndex(name, "-"); i >= 0 {
			name = name[i+1:]
		}
		fams = append(fams, regexp.QuoteMeta(name))
	}
	sort.Sort(sort.Reverse(sort.StringSlice(fams)))
	var out []*regexp.Regexp
	for _, r := range roles {
		p := strings.NewReplacer("G", regexp.QuoteMeta(goarch), "F", "("+strings.Join(fams, "|")+")", "W", "[a-z0-9]+").Replace(r.pattern)
		out = append(out, regexp.MustCompile("^("+p+")$"))
	}
	return out
}

// roleWords start the roles that are not a family's: a family's file
// must not carry one further on (sha256_probe_<goarch>.go is a probe).
var roleWords = map[string]bool{"abi": true, "cpu": true, "memprobe": true, "planted": true, "probe": true}

// role names the role a file name fits, "" for none.
func role(res []*regexp.Regexp, name string) string {
	words := strings.Split(name[:len(name)-len(filepath.Ext(name))], "_")
	for i, re := range res {
		if !re.MatchString(name) {
			continue
		}
		if strings.HasPrefix(roles[i].pattern, "F") || strings.Contains(roles[i].pattern, "|F)") && !roleWords[words[0]] {
			mixed := false
			for _, w := range words[1:] {
				mixed = mixed || roleWords[w]
			}
			if mixed {
				continue
			}
		}
		return roles[i].role
	}
	return ""
}

func arches(t *testing.T) []string {
	tab, err := ci.Load()
	if err != nil {
		t.Fatal(err)
	}
	names := tab.ArchNames()
	if len(names) == 0 {
		t.Fatal("ci/models.json lists no arch")
	}
	return names
}

func TestArchFolderNames(t *testing.T) {
	for _, goarch := range arches(t) {
		dir := filepath.Join("..", "..", "arch", goarch)
		ents, err := os.ReadDir(dir)
		if err != nil {
			t.Errorf("%s in ci/models.json has no arch folder: %v", goarch, err)
			continue
		}
		res := compile(goarch)
		for _, e := range ents {
			if e.IsDir() {
				t.Errorf("%s/%s: arch folders hold no subfolders", dir, e.Name())
				continue
			}
			if role(res, e.Name()) == "" {
				t.Errorf("%s/%s fits no role of the naming scheme (docs/porting.md, \"File names in arch/<goarch>\")", dir, e.Name())
			}
		}
	}
}

// The test must refuse what the renames removed: a second name for the
// feature-detection file, a family-first probe, a family-prefixed planted
// file, a level word glued to the family.
func TestArchFolderNamesRefuse(t *testing.T) {
	res := compile("riscv64")
	for _, name := range []string{"features_riscv64.go", "sha512_probe_riscv64.go", "sha256_planted_riscv64.go",
		"sha256block_riscv64.s", "aes_t4model.go", "notes.txt", "sha256_zknh.go"} {
		if r := role(res, name); r != "" {
			t.Errorf("%s fits %q; want no role", name, r)
		}
	}
	for _, name := range []string{"cpu_riscv64.go", "probe_zvknh_riscv64.s", "planted_riscv64.s", "sha256_zknh_riscv64.s",
		"abi_kernels_riscv64.go", "sha256_zknh_riscv64_test.go", "doc.go"} {
		if role(res, name) == "" {
			t.Errorf("%s fits no role; want one", name)
		}
	}
}

var gcLine = regexp.MustCompile(`^(gc( && (xarch_planted|cgo))?|gccgo|)$`)

// buildLine is a file's //go:build line ("" when it has none).
func buildLine(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "//go:build ") {
			return strings.TrimPrefix(line, "//go:build ")
		}
		if line != "" && !strings.HasPrefix(line, "//") {
			break
		}
	}
	return ""
}

// TestArchBuildLines: one build-line style. The file name's suffix
// constrains GOARCH, so a line names only the compiler and the tags: on a
// gc arch "gc" (Go assembly: gccgo would hand the .s file to the GNU
// assembler), "gc && xarch_planted", "gc && cgo", "gccgo" (its feature
// detection), or none for Go that both compilers build (assembly needs
// one); on a gccgo arch none, or "xarch_planted".
func TestArchBuildLines(t *testing.T) {
	tab, err := ci.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, goarch := range arches(t) {
		a, err := tab.Find(goarch)
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "..", "arch", goarch)
		files, _ := filepath.Glob(filepath.Join(dir, "*_"+goarch+".*"))
		for _, path := range files {
			if strings.HasSuffix(path, ".h") {
				continue
			}
			got := buildLine(t, path)
			var ok bool
			if a.CompilerName() == "gccgo" {
				ok = got == "" || got == "xarch_planted"
			} else {
				ok = gcLine.MatchString(got) && (got != "" || strings.HasSuffix(path, ".go"))
			}
			if !ok {
				t.Errorf("%s: //go:build %q; want the arch's one style (docs/porting.md)", path, got)
			}
		}
	}
}
