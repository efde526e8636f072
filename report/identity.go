package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
)

// Identity is what produced a report, beside its selection: shards merge
// only when every field agrees (Identity.differs).
type Identity struct {
	// Version is the xarch binary's module version and VCS revision
	// ("(devel) 0c9f748d1e2f+dirty"), from its build info.
	Version string `json:"version"`
	// SourceHash is the hash of the source tree the runners were built
	// from (every .go, .s, .h, go.mod, go.sum and ci/models.json under
	// the root): two checkouts that differ in any kernel differ here.
	SourceHash string `json:"source_hash"`
	// VectorsHash is the hash of every file of the vector directory.
	VectorsHash string `json:"vectors_hash"`
	// ABI, Seed and FuzzCases complete the selection: the trampoline
	// checks, the fuzz seed and the fuzz budget (cases per implementation;
	// 0 the default budget, -1 none).
	ABI       bool   `json:"abi"`
	Seed      uint64 `json:"seed"`
	FuzzCases int    `json:"fuzz_cases"`
	// ABISeed seeds the trampoline's register values (--abi-seed; 0 with
	// the checks off).
	ABISeed uint64 `json:"abi_seed"`
}

// differs names the first field in which a and b disagree ("" if none).
func (a Identity) differs(b Identity) (field, va, vb string) {
	for _, f := range []struct{ name, a, b string }{
		{"version", a.Version, b.Version},
		{"source_hash", a.SourceHash, b.SourceHash},
		{"vectors_hash", a.VectorsHash, b.VectorsHash},
		{"abi", fmt.Sprint(a.ABI), fmt.Sprint(b.ABI)},
		{"seed", fmt.Sprint(a.Seed), fmt.Sprint(b.Seed)},
		{"fuzz_cases", fmt.Sprint(a.FuzzCases), fmt.Sprint(b.FuzzCases)},
		{"abi_seed", fmt.Sprint(a.ABISeed), fmt.Sprint(b.ABISeed)},
	} {
		if f.a != f.b {
			return f.name, f.a, f.b
		}
	}
	return "", "", ""
}

// Version is this binary's module version and VCS revision.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	rev, dirty := "", false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" {
		if len(rev) > 12 {
			rev = rev[:12]
		}
		v += " " + rev
		if dirty {
			v += "+dirty"
		}
	}
	return v
}

// sourceFile says which files of the tree SourceHash covers.
func sourceFile(rel string) bool {
	switch filepath.Ext(rel) {
	case ".go", ".s", ".h":
		return true
	}
	return rel == "go.mod" || rel == "go.sum" || rel == filepath.Join("ci", "models.json")
}

// SourceHash hashes the source tree at root ("" when root is "").
func SourceHash(root string) (string, error) {
	if root == "" {
		return "", nil
	}
	return hashTree(root, func(rel string, d fs.DirEntry) bool {
		if d.IsDir() {
			return rel == "." || !(strings.HasPrefix(d.Name(), ".") || d.Name() == "vectors" || d.Name() == "testdata")
		}
		return sourceFile(rel)
	})
}

// DirHash hashes every regular file under dir ("" when dir is "").
func DirHash(dir string) (string, error) {
	if dir == "" {
		return "", nil
	}
	return hashTree(dir, func(string, fs.DirEntry) bool { return true })
}

// hashTree hashes the names and contents of the files keep accepts, in
// name order; keep on a directory says whether to descend.
func hashTree(root string, keep func(rel string, d fs.DirEntry) bool) (string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		if !keep(rel, d) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	h := sha256.New()
	for _, rel := range files {
		f, err := os.Open(filepath.Join(root, rel))
		if err != nil {
			return "", err
		}
		fi, _ := f.Stat()
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), fi.Size())
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:20], nil
}
