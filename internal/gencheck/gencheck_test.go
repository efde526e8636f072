package gencheck

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The header Go's convention gives a generated file (go help generate),
// and the files that may carry one: sources, and under vectors/ data files
// whose first line is "# Code generated ..." (the manifest, known answers).
var (
	generatedHeader = []byte("// Code generated ")
	generatedData   = []byte("# Code generated ") // vector data files, on their first line
	sourceExts      = map[string]bool{".go": true, ".s": true, ".h": true, ".c": true, ".mod": true, ".sum": true, ".json": true}
)

// TestGeneratedUpToDate copies the module's sources to a temporary tree,
// deletes every file headed "Code generated", runs `go generate ./...`
// there and compares: a file its generator no longer writes, or writes
// differently, fails (the generator is the only way to change one).
func TestGeneratedUpToDate(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	generated := map[string][]byte{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "bin" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(tmp, rel), 0o755)
		}
		data := strings.HasPrefix(filepath.ToSlash(rel), "vectors/")
		if !sourceExts[filepath.Ext(path)] && !data {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !sourceExts[filepath.Ext(path)] {
			// Vector data, which generators read (the manifest) and write
			// (known answers): a generated one stays in place, since the
			// vectors package embeds the manifest, and is compared after.
			if bytes.HasPrefix(b, generatedData) {
				generated[rel] = b
			}
			return os.WriteFile(filepath.Join(tmp, rel), b, 0o644)
		}
		if isGenerated(b) {
			generated[rel] = b
			return nil
		}
		return os.WriteFile(filepath.Join(tmp, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(generated) == 0 {
		t.Fatal("no generated file found under " + root)
	}
	cmd := exec.Command("go", "generate", "./...")
	cmd.Dir = tmp
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go generate ./...: %v\n%s", err, out)
	}
	for rel, want := range generated {
		got, err := os.ReadFile(filepath.Join(tmp, rel))
		if err != nil {
			t.Errorf("%s: no generator writes it (go generate ./... left it deleted)", rel)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from what its generator writes: line %d; run go generate ./... (never edit it by hand)", rel, firstDiffLine(want, got))
		}
	}
}

// isGenerated: the header must be a whole line before the first
// non-comment line (go help generate puts it anywhere before; the
// module's generators write it first).
func isGenerated(b []byte) bool {
	for _, line := range bytes.Split(b, []byte("\n")) {
		if bytes.HasPrefix(line, generatedHeader) && bytes.HasSuffix(bytes.TrimSpace(line), []byte("DO NOT EDIT.")) {
			return true
		}
		if len(bytes.TrimSpace(line)) > 0 && !bytes.HasPrefix(line, []byte("//")) {
			return false
		}
	}
	return false
}

func firstDiffLine(a, b []byte) int {
	la, lb := bytes.Split(a, []byte("\n")), bytes.Split(b, []byte("\n"))
	for i := 0; i < len(la) && i < len(lb); i++ {
		if !bytes.Equal(la[i], lb[i]) {
			return i + 1
		}
	}
	if len(la) < len(lb) {
		return len(la) + 1
	}
	return len(lb) + 1
}
