package gotest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/xarchlab/xarch/driver"
)

// goEnv is the environment of the go command and the builds for an arch.
func goEnv(arch string) []string {
	flags := os.Getenv("GOFLAGS") // the user's (-mod=vendor, -tags) stay
	if !strings.Contains(flags, "-buildvcs") {
		flags = strings.TrimSpace(flags + " -buildvcs=false")
	}
	return append(os.Environ(), "GOOS=linux", "GOARCH="+arch, "CGO_ENABLED=0", "GOFLAGS="+flags)
}

// listPackages runs go list for an arch.
func listPackages(dir, arch string, pkgs []string) ([]Pkg, error) {
	var stderr bytes.Buffer
	r := driver.Exec(driver.Command{Argv: append([]string{"go", "list", "-e", "-json=ImportPath,Dir,Standard,TestGoFiles,XTestGoFiles,SFiles,Module,Error"}, pkgs...),
		Dir: dir, Env: goEnv(arch), Stderr: &stderr})
	if r.Err != nil {
		return nil, fmt.Errorf("go list (GOARCH=%s) in %s: %v\n%s", arch, dir, r.Err, stderr.String())
	}
	out := r.Output
	var list []Pkg
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p Pkg
		if err := dec.Decode(&p); err != nil {
			return nil, fmt.Errorf("go list: %v", err)
		}
		list = append(list, p)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("go list %s: no packages", strings.Join(pkgs, " "))
	}
	return list, nil
}

// depInfo is one dependency as go list -deps describes it.
type depInfo struct {
	ImportPath   string
	Dir          string
	GoFiles      []string
	SFiles       []string
	Imports      []string
	TestGoFiles  []string
	XTestGoFiles []string
}

// baseDep: packages whose feature tests are the runtime's and the base
// library's (math's FMA, sync/atomic, hash/crc32), not the module's, and
// the feature packages themselves.
func baseDep(path string) bool {
	for _, p := range []string{"runtime", "internal/", "vendor/golang.org/x/sys/cpu", "golang.org/x/sys/cpu", "crypto/internal/fips140deps/cpu",
		"math", "sync", "syscall", "os", "reflect", "strconv", "time", "bytes", "strings", "unicode", "hash/crc32"} {
		if path == p || strings.HasPrefix(path, p+"/") || (strings.HasSuffix(p, "/") && strings.HasPrefix(path, p)) {
			return true
		}
	}
	return false
}

// packageFeatures lists the feature options a package's tests could branch
// on: the feature tests in the package itself (its test files included)
// and in the packages it reaches through at most two imports, descending
// only through packages without assembly (a wrapper such as crypto/sha256
// reaches crypto/internal/fips140/sha256) and stopping at those with
// assembly for the arch (their own feature tests count, not their
// imports'). The runtime's packages and the std policy shims
// (shimDep) are left out. It also returns the arch's option names,
// x/sys/cpu's included when the package reaches it.
func packageFeatures(dir, arch string, p Pkg, gr string) (used []string, options []string, err error) {
	r := driver.Exec(driver.Command{Argv: []string{"go", "list", "-e", "-deps", "-json=ImportPath,Dir,GoFiles,SFiles,Imports,TestGoFiles,XTestGoFiles", p.ImportPath},
		Dir: dir, Env: goEnv(arch), Stderr: io.Discard})
	if r.Err != nil {
		return nil, nil, fmt.Errorf("go list -deps %s: %v", p.ImportPath, r.Err)
	}
	out := r.Output
	deps := map[string]*depInfo{}
	dec := json.NewDecoder(bytes.NewReader(out))
	xsys := ""
	for dec.More() {
		d := &depInfo{}
		if err := dec.Decode(d); err != nil {
			return nil, nil, err
		}
		if d.ImportPath == "golang.org/x/sys/cpu" || d.ImportPath == "vendor/golang.org/x/sys/cpu" {
			xsys = d.Dir
		}
		deps[d.ImportPath] = d
	}
	options = cpuOptions(arch, gr, xsys)
	var src bytes.Buffer
	read := func(d *depInfo, files []string) {
		for _, f := range files {
			if b, err := os.ReadFile(filepath.Join(d.Dir, f)); err == nil {
				src.Write(b)
				src.WriteByte('\n')
			}
		}
	}
	seen := map[string]bool{}
	var visit func(path string, depth int)
	visit = func(path string, depth int) {
		d := deps[path]
		if d == nil || seen[path] || (depth > 0 && (baseDep(path) || shimDep(path))) {
			return
		}
		seen[path] = true
		read(d, d.GoFiles)
		if depth == 0 {
			read(d, d.TestGoFiles)
			read(d, d.XTestGoFiles)
		}
		if (depth > 0 && len(d.SFiles) > 0) || depth >= 2 {
			return
		}
		for _, imp := range d.Imports {
			visit(imp, depth+1)
		}
	}
	visit(p.ImportPath, 0)
	return usedFeatures(src.Bytes(), arch, options), options, nil
}

// shimDep: std packages that route to every implementation (FIPS policy,
// BoringCrypto) rather than choose one.
func shimDep(path string) bool {
	switch path {
	case "crypto/cipher", "crypto/internal/fips140only", "crypto/internal/boring", "crypto/internal/fips140", "crypto/internal/fips140/check",
		"crypto/internal/fips140/drbg", "crypto/internal/sysrand", "crypto/internal/randutil", "crypto/internal/entropy":
		return true
	}
	return false
}

// CacheDir is where test binaries are kept: per module directory.
func CacheDir(dir string) string {
	h := sha256.Sum256([]byte(dir))
	return filepath.Join(cacheRoot(), hex.EncodeToString(h[:6]))
}

func cacheRoot() string { return filepath.Join(driver.DefaultCacheDir(), "gotest") }

// CleanCache removes every module's test binaries; it returns the
// directory it removed ("" when there was none).
func CleanCache() (string, error) {
	d := cacheRoot()
	if _, err := os.Stat(d); err != nil {
		return "", nil
	}
	return d, os.RemoveAll(d)
}

var unsafePath = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// buildTest cross-compiles a package's test binary for an arch.
func buildTest(dir, cache, arch string, p Pkg) (string, error) {
	bin := filepath.Join(cache, arch, unsafePath.ReplaceAllString(p.ImportPath, "_")+".test")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		return "", err
	}
	// Through the launcher: an interrupt stops the build with the rest.
	r := driver.Exec(driver.Command{Argv: []string{"go", "test", "-c", "-o", bin, p.ImportPath}, Dir: dir, Env: goEnv(arch)})
	out := strings.TrimSpace(string(r.Output))
	if r.Err != nil {
		return "", fmt.Errorf("go test -c (GOARCH=%s): %v\n%s", arch, r.Err, out)
	}
	if _, err := os.Stat(bin); err != nil {
		return "", fmt.Errorf("go test -c wrote no binary: %s", out)
	}
	return bin, nil
}

// binfmtEnabled reports whether binfmt_misc runs the arch's binaries
// through qemu, so a test that executes its own binary works emulated.
func binfmtEnabled(qemu string) bool {
	name := strings.TrimSuffix(filepath.Base(qemu), "-static") // qemu-aarch64
	b, err := os.ReadFile(filepath.Join(binfmtDir, name))
	return err == nil && bytes.HasPrefix(b, []byte("enabled"))
}

// binfmtDir is a variable so tests can point it elsewhere.
var binfmtDir = "/proc/sys/fs/binfmt_misc"

// binfmtFix is the advice printed with a "needs binfmt" skip.
func binfmtFix(qemu string) string {
	name := strings.TrimSuffix(filepath.Base(qemu), "-static")
	return fmt.Sprintf("needs binfmt_misc for %s (the test executes a %s binary): apt-get install qemu-user-binfmt, or update-binfmts --enable %s", name, strings.TrimPrefix(name, "qemu-"), name)
}

// execFormat is the signature of exec'ing a foreign binary without binfmt.
var execFormat = regexp.MustCompile(`exec format error`)
