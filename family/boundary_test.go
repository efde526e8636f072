package family

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/xarchlab/xarch"

// familyPrefix is how a family-named identifier starts.
var familyPrefix = regexp.MustCompile(`^(AES|GCM|GHASH|SHA|Mont|ModExp|RSA)`)

// goFiles lists the repository's non-test Go files, relative to the root.
func goFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.Walk("..", func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if info.IsDir() && (info.Name() == ".git" || info.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !info.IsDir() && strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
			rel, _ := filepath.Rel("..", p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("found only %d Go files above family/: not run from the checkout?", len(out))
	}
	return out
}

// kernelFolder reports whether rel is in a per-arch kernel folder
// (arch/<goarch>/), which registers levels with a family's entry points.
func kernelFolder(rel string) bool {
	parts := strings.Split(rel, "/")
	if len(parts) != 3 || parts[0] != "arch" {
		return false
	}
	_, err := os.Stat(filepath.Join("..", "arch", parts[1], "doc.go"))
	return parts[1] != "archtest" && parts[1] != "all" && err == nil
}

// providerFolder reports whether rel is in a provider's folder
// (provider/<name>/): like a kernel folder, it implements families' ops.
func providerFolder(rel string) bool {
	parts := strings.Split(rel, "/")
	return len(parts) == 3 && parts[0] == "provider"
}

// Outside a family's folder and the implementation folders (kernels,
// providers), no file names a family's code: importing it for its side
// effects (arch/all, cmd/xarch through family/all/host) is all.
func TestNothingOutsideNamesAFamily(t *testing.T) {
	fset := token.NewFileSet()
	checked := 0
	for _, rel := range goFiles(t) {
		if strings.HasPrefix(rel, "family/") || kernelFolder(rel) || providerFolder(rel) {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join("..", rel), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for _, is := range f.Imports {
			path, _ := strconv.Unquote(is.Path.Value)
			if !strings.HasPrefix(path, module+"/family/") {
				continue
			}
			if is.Name != nil && is.Name.Name == "_" {
				continue
			}
			t.Errorf("%s imports %s: only family/<f>/, arch/<goarch>/ and provider/<name>/ may name a family's code", rel, path)
		}
	}
	if checked == 0 {
		t.Fatal("no file checked")
	}
}

// The framework packages (and the generic host ones) declare no
// family-named identifier: a family's names live in its folder.
func TestFrameworkExportsNoFamilyName(t *testing.T) {
	framework := []string{"arch", "arch/archtest", "arch/all", "algs", "suite", "vectors", "runner", "wire", "driver", "fuzz", "speed", "validate", "report", "gotest"}
	fset := token.NewFileSet()
	for _, dir := range framework {
		pkgs, err := parser.ParseDir(fset, filepath.Join("..", dir), func(fi os.FileInfo) bool {
			return !strings.HasSuffix(fi.Name(), "_test.go")
		}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(pkgs) == 0 {
			t.Fatalf("%s: no package", dir)
		}
		for _, pkg := range pkgs {
			for name, f := range pkg.Files {
				for _, id := range topLevel(f) {
					if id.IsExported() && familyPrefix.MatchString(id.Name) {
						t.Errorf("%s (%s) declares %s: family-named, it belongs in family/<f>", dir, filepath.Base(name), id.Name)
					}
				}
			}
		}
	}
}

// topLevel lists a file's package-level names (and methods' names).
func topLevel(f *ast.File) []*ast.Ident {
	var out []*ast.Ident
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			out = append(out, d.Name)
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out = append(out, s.Name)
				case *ast.ValueSpec:
					out = append(out, s.Names...)
				}
			}
		}
	}
	return out
}
