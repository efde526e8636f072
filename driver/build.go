// Package driver builds runners for each GOARCH, launches them natively or
// under qemu-user, speaks the wire protocol to them and turns crashes and
// hangs into errors the suite can report.
package driver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/xarchlab/xarch/ci"
)

// GCCGoSparc64 is the cross gccgo the sparc64 runner needs (no gc port).
const GCCGoSparc64 = "sparc64-linux-gnu-gccgo-12"

// modulePath is the module whose folders the runner compiles.
const modulePath = "github.com/xarchlab/xarch"

// BuildOptions says where the module is and how to build.
type BuildOptions struct {
	Root     string   // module root (holds go.mod)
	CacheDir string   // where built runners are kept
	Tags     []string // extra build tags, e.g. xarch_planted
	Log      io.Writer
	// OpenSSL adds OpenSSL's libcrypto levels to every plan (openssl.go):
	// "" none, "installed" the libraries of ci/openssl-levels.json, or
	// "arch=PREFIX,..." a user's own install prefixes.
	OpenSSL string
}

// FindRoot walks up from dir to the xarch module root.
func FindRoot(dir string) (string, error) {
	if env := os.Getenv("XARCH_ROOT"); env != "" {
		b, err := os.ReadFile(filepath.Join(env, "go.mod"))
		if err != nil || !bytes.Contains(b, []byte("module github.com/xarchlab/xarch\n")) {
			return "", fmt.Errorf("XARCH_ROOT=%s is not the xarch source tree (no go.mod of github.com/xarchlab/xarch there); unset it or point it at the checkout", env)
		}
		return env, nil
	}
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.Contains(b, []byte("module github.com/xarchlab/xarch\n")) {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", fmt.Errorf("not inside the xarch source tree (no go.mod of github.com/xarchlab/xarch above %s); run from the checkout or set XARCH_ROOT", dir)
		}
		d = parent
	}
}

// DefaultCacheDir is $XARCH_CACHE, else the user cache dir + /xarch.
func DefaultCacheDir() string {
	if d := os.Getenv("XARCH_CACHE"); d != "" {
		return d
	}
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "xarch")
	}
	return filepath.Join(os.TempDir(), "xarch-cache")
}

// Compiler returns the Go compiler a GOARCH's runner is built with
// (ci/models.json "compiler"; gc for an arch the table lacks).
func Compiler(goarch string) string {
	if t, err := ci.Load(); err == nil {
		if a, err := t.Find(goarch); err == nil {
			return a.CompilerName()
		}
	}
	return "gc"
}

// sourceKey hashes everything that decides the runner binary.
func sourceKey(o BuildOptions, goarch string) (string, error) {
	h := sha256.New()
	goVer, _ := exec.Command("go", "env", "GOVERSION").Output()
	fmt.Fprintf(h, "goarch=%s compiler=%s tags=%s go=%s host=%s\n", goarch, Compiler(goarch),
		strings.Join(o.Tags, ","), bytes.TrimSpace(goVer), runtime.GOARCH)
	dirs, err := runnerDirs(o, goarch)
	if err != nil {
		return "", err
	}
	files := []string{filepath.Join(o.Root, "go.mod"), filepath.Join(o.Root, "go.sum")}
	for _, d := range dirs {
		ents, err := os.ReadDir(d)
		if err != nil {
			return "", err
		}
		for _, e := range ents {
			if e.Type().IsRegular() {
				files = append(files, filepath.Join(d, e.Name()))
			}
		}
	}
	sort.Strings(files)
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(o.Root, f)
		fmt.Fprintf(h, "%s %d\n", rel, len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:20], nil
}

// runnerDirs lists the module's folders the runner compiles for goarch and
// the build's tags (go list -deps), so a new family or folder is part of
// the cache key without a hand-kept list. Each folder counts whole (its
// assembly, headers and tests too), not its subfolders.
func runnerDirs(o BuildOptions, goarch string) ([]string, error) {
	args := []string{"list", "-deps", "-f", "{{if .Module}}{{.Module.Path}} {{.Dir}}{{end}}"}
	if len(o.Tags) > 0 {
		args = append(args, "-tags", strings.Join(o.Tags, ","))
	}
	env := append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0")
	if Compiler(goarch) == "gccgo" {
		if _, err := exec.LookPath(GCCGoSparc64); err == nil {
			args = append(args, "-compiler", "gccgo")
			env = append(env, "GCCGO="+GCCGoSparc64)
		} else {
			// Build says what is missing; the package set does not depend
			// on the compiler, only on GOARCH and tags.
			env = append(env, "GOARCH="+runtime.GOARCH)
		}
	}
	cmd := exec.Command("go", append(args, "./cmd/xarch-runner")...)
	cmd.Dir = o.Root
	cmd.Env = env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("listing the runner's packages (go %s): %v: %s", strings.Join(args, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	var dirs []string
	for _, line := range strings.Split(string(out), "\n") {
		mod, dir, ok := strings.Cut(line, " ")
		if ok && mod == modulePath {
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("go list named no package of %s for the runner", modulePath)
	}
	return dirs, nil
}

// Build returns the path of a runner for goarch, building it only when no
// runner of the same sources is cached.
func Build(o BuildOptions, goarch string) (path string, built bool, err error) {
	key, err := sourceKey(o, goarch)
	if err != nil {
		return "", false, fmt.Errorf("hashing runner sources: %v", err)
	}
	path = filepath.Join(o.CacheDir, "runners", goarch+"-"+key, "xarch-runner")
	if _, err := os.Stat(path); err == nil {
		// The cache is checked, not trusted: a truncated or replaced
		// binary would otherwise read as a kernel crash forever.
		if err := VerifySum(path); err == nil && executable(path) {
			holdRunner(filepath.Dir(path))
			return path, false, nil
		} else if err == nil && o.Log != nil {
			fmt.Fprintf(o.Log, "cached %s runner %s lost its execute permission; rebuilding it\n", goarch, path)
		} else if o.Log != nil {
			fmt.Fprintf(o.Log, "cached %s runner %s is damaged (%v); rebuilding it\n", goarch, path, err)
		}
		os.RemoveAll(filepath.Dir(path))
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", false, err
	}
	RemoveStale(filepath.Dir(path), filepath.Base(path)+".tmp")
	tmp := fmt.Sprintf("%s.tmp%d", path, os.Getpid())
	args := []string{"build", "-trimpath", "-o", tmp}
	if len(o.Tags) > 0 {
		args = append(args, "-tags", strings.Join(o.Tags, ","))
	}
	env := append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0")
	if Compiler(goarch) == "gccgo" {
		if _, err := exec.LookPath(GCCGoSparc64); err != nil {
			return "", false, fmt.Errorf("building the %s runner needs %s, which is not installed: run `sudo ci/install-deps.sh` (Debian package gccgo-sparc64-linux-gnu)", goarch, GCCGoSparc64)
		}
		// all=: without a pattern the flags reach only the main package, and
		// gccgo compiles the rest at -O0 (generic kernels 10x slower).
		args = append(args, "-compiler", "gccgo", "-gccgoflags=all=-static -O2")
		env = append(env, "GCCGO="+GCCGoSparc64)
	}
	args = append(args, "./cmd/xarch-runner")
	defer TempPath(tmp)()
	cmd := NewCmd("go", args...)
	cmd.Dir = o.Root
	cmd.Env = env
	out, err := CombinedOutput(cmd)
	var ie *InterruptedError
	if errors.As(err, &ie) {
		os.Remove(tmp)
		return "", false, fmt.Errorf("building the %s runner: %w", goarch, err)
	}
	if err != nil {
		return "", false, fmt.Errorf("building the %s runner failed (go %s):\n%s", goarch, strings.Join(args, " "), filterBuildNoise(out))
	}
	if err := WriteSum(tmp, path+".sha256"); err != nil {
		os.Remove(tmp)
		return "", false, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return "", false, err
	}
	holdRunner(filepath.Dir(path))
	pruneRunners(o.CacheDir, goarch, filepath.Dir(path))
	return path, true, nil
}

// executable reports whether path has an execute bit for its owner.
func executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode()&0o100 != 0
}

// sumFile is the sha256 of a file, hex.
func sumFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// WriteSum records bin's sha256 in sumPath.
func WriteSum(bin, sumPath string) error {
	sum, err := sumFile(bin)
	if err != nil {
		return err
	}
	return os.WriteFile(sumPath, []byte(sum+"\n"), 0o644)
}

// VerifySum checks a cached binary against the sha256 written beside it.
func VerifySum(path string) error {
	want, err := os.ReadFile(path + ".sha256")
	if err != nil {
		return fmt.Errorf("no checksum beside it: %v", err)
	}
	got, err := sumFile(path)
	if err != nil {
		return err
	}
	if got != strings.TrimSpace(string(want)) {
		return fmt.Errorf("sha256 %s, recorded %s", got[:16], strings.TrimSpace(string(want))[:16])
	}
	return nil
}

// KeepRunners is how many runner builds per arch the cache keeps (the
// newest); older ones go when a new one is built, so the cache stays bounded.
const KeepRunners = 3

// heldRunners are the open lock files of the runners this process uses:
// a shared flock on <runner dir>/.inuse for the process's lifetime, so a
// concurrent xarch (another checkout, another arch list) never prunes a
// runner a run is still starting. The directory's mtime is its last use.
var heldRunners []*os.File

func holdRunner(dir string) {
	now := time.Now()
	os.Chtimes(dir, now, now)
	f, err := os.OpenFile(filepath.Join(dir, ".inuse"), os.O_CREATE|os.O_RDONLY, 0o644)
	if err != nil {
		return
	}
	if syscall.Flock(int(f.Fd()), syscall.LOCK_SH) != nil {
		f.Close()
		return
	}
	heldRunners = append(heldRunners, f)
}

// removeIfUnused removes a runner directory unless some process holds it.
func removeIfUnused(dir string) {
	f, err := os.OpenFile(filepath.Join(dir, ".inuse"), os.O_CREATE|os.O_RDONLY, 0o644)
	if err != nil {
		return
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return // in use by a running xarch (or by this one)
	}
	os.RemoveAll(dir)
}

// pruneRunners removes all but the newest (last used) KeepRunners builds of
// goarch (never keep, nor one a running xarch holds), and temporary files
// left by killed builds.
func pruneRunners(cacheDir, goarch, keep string) {
	dirs, _ := filepath.Glob(filepath.Join(cacheDir, "runners", goarch+"-*"))
	type ent struct {
		dir string
		mod time.Time
	}
	var es []ent
	for _, d := range dirs {
		st, err := os.Stat(d)
		if err != nil || !st.IsDir() || d == keep {
			continue
		}
		es = append(es, ent{d, st.ModTime()})
	}
	sort.Slice(es, func(i, j int) bool { return es[i].mod.After(es[j].mod) })
	for i, e := range es {
		if i >= KeepRunners-1 {
			removeIfUnused(e.dir)
		}
	}
	tmps, _ := filepath.Glob(filepath.Join(cacheDir, "runners", "*", "*.tmp*"))
	for _, t := range tmps {
		if st, err := os.Stat(t); err == nil && time.Since(st.ModTime()) > time.Hour {
			os.Remove(t)
		}
	}
}

// CleanCache removes every cached runner and oracle module and the
// compilation cache (`xarch cache clean`); it returns what it removed.
func CleanCache(cacheDir string) ([]string, error) {
	var removed []string
	for _, sub := range []string{"runners", "oracle", "wazero"} {
		p := filepath.Join(cacheDir, sub)
		if _, err := os.Stat(p); err == nil {
			if err := os.RemoveAll(p); err != nil {
				return removed, err
			}
			removed = append(removed, p)
		}
	}
	return removed, nil
}

// filterBuildNoise drops the GNU ld executable-stack notes gccgo prints.
func filterBuildNoise(out []byte) string {
	var keep []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.Contains(l, "GNU-stack") || strings.Contains(l, "deprecated and will be removed") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.TrimSpace(strings.Join(keep, "\n"))
}
