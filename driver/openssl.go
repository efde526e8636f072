package driver

import (
	"bufio"
	"crypto/sha256"
	"debug/elf"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/wire"
)

// OpenSSL's libcrypto as a provider: a cgo runner per (arch, library),
// built with Debian's cross gcc behind the xarch_openssl tag, and one
// target per capability level (ci/openssl-levels.json) on each model whose
// detected word holds the level's bits.

// OpenSSLPlan is one provider level on one model.
type OpenSSLPlan struct {
	Lib      string // "3.0", "3.5", or "custom"
	Level    ci.OpenSSLLevel
	Arch     *ci.OpenSSLArch
	Name     string // implementation level: "openssl3.0-nopmull"
	CPUInfo  string // what the library detects on this model, unmasked
	Detected map[string]bool
	// Evidence is the folder of the emulator's -d in_asm logs ("" natively).
	Evidence string
	// Own are the runner binary's executable segments: Go's runtime uses
	// AES instructions itself (its map hash), so only code outside them
	// (the library) counts.
	Own [][2]uint64
}

// ownCode reads the executable segments of a non-PIE runner.
func ownCode(bin string) ([][2]uint64, error) {
	f, err := elf.Open(bin)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if f.Type != elf.ET_EXEC {
		return nil, fmt.Errorf("%s is %v, not a fixed-address executable: its own code could not be told from the library's", bin, f.Type)
	}
	var out [][2]uint64
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD && p.Flags&elf.PF_X != 0 {
			out = append(out, [2]uint64{p.Vaddr, p.Vaddr + p.Memsz})
		}
	}
	return out, nil
}

// openSSLLib is one library for one arch: where its headers and
// libcrypto are and how the runner finds it at run time.
type openSSLLib struct {
	name    string // "3.0"
	include []string
	libDir  string // holds libcrypto.so.3
	root    string // qemu -L root (its own C library); "" for none
	rpath   string // native runs: the runner's rpath and loader
	loader  string
}

// opensslLibs lists the libraries an arch can use under opt.
func opensslLibs(t *ci.OpenSSLTable, goarch string, a *ci.OpenSSLArch, opt string) (out []openSSLLib, why, unserved []string) {
	if !openSSLInstalled(opt) {
		for _, part := range strings.Split(opt, ",") {
			kv := strings.SplitN(part, "=", 2)
			if len(kv) != 2 || kv[0] != goarch {
				continue
			}
			pre := kv[1]
			lib := filepath.Join(pre, "lib")
			if _, err := os.Stat(filepath.Join(pre, "lib64", "libcrypto.so.3")); err == nil {
				lib = filepath.Join(pre, "lib64")
			}
			out = append(out, openSSLLib{name: "custom", include: []string{filepath.Join(pre, "include")}, libDir: lib, rpath: lib})
		}
		return out, nil, nil
	}
	var names []string
	for n := range t.Libraries {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		l := t.Libraries[n]
		served := false
		for _, x := range l.Arches {
			served = served || x == goarch
		}
		if !served {
			continue
		}
		if l.Root == "" {
			out = append(out, openSSLLib{name: n, libDir: "/usr/lib/" + a.Triplet})
			continue
		}
		root := filepath.Join(l.Root, a.Debian)
		if v, err := os.ReadFile(filepath.Join(root, "VERSION")); err != nil {
			why = append(why, fmt.Sprintf("OpenSSL %s for %s is not installed in %s: run `sudo ci/install-deps.sh`", n, goarch, root))
			continue
		} else if strings.HasPrefix(string(v), "not served") {
			// A fact of the mirror, recorded by install-deps.sh: a skip even in CI.
			unserved = append(unserved, fmt.Sprintf("OpenSSL %s for %s: Debian's packages are %s", n, goarch, strings.TrimSpace(string(v))))
			continue
		}
		lib := openSSLLib{name: n, include: []string{root + "/usr/include", root + "/usr/include/" + a.Triplet},
			libDir: root + "/usr/lib/" + a.Triplet, root: root}
		if goarch == "amd64" {
			// Native: the runner's own loader and rpath in the root.
			lib.root, lib.rpath, lib.loader = "", lib.libDir, root+"/usr/lib64/ld-linux-x86-64.so.2"
		}
		out = append(out, lib)
	}
	return out, why, unserved
}

// openSSLInstalled: the option names no prefix, so the table's libraries.
func openSSLInstalled(opt string) bool { return !strings.Contains(opt, "=") }

// OpenSSLOnly: the option's "only" element drops xarch's own levels.
func OpenSSLOnly(opt string) bool {
	for _, e := range strings.Split(opt, ",") {
		if e == "only" {
			return true
		}
	}
	return false
}

// BuildOpenSSL builds (or finds cached) the provider runner of goarch
// linked against lib. The cache key holds the runner sources and the
// library's libcrypto and headers.
func buildOpenSSL(o BuildOptions, goarch string, a *ci.OpenSSLArch, lib openSSLLib) (string, error) {
	cc := a.Triplet + "-gcc"
	if goarch == "amd64" {
		cc = "gcc"
	}
	if _, err := exec.LookPath(cc); err != nil {
		return "", fmt.Errorf("building the %s OpenSSL runner needs %s, which is not installed: run `sudo ci/install-deps.sh`", goarch, cc)
	}
	so := filepath.Join(lib.libDir, "libcrypto.so.3")
	bo := o
	bo.Tags = append(append([]string{}, o.Tags...), "xarch_openssl")
	key, err := sourceKey(bo, goarch)
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s lib=%s cc=%s %v\n", key, lib.name, cc, lib)
	// The provider's own sources (cgo, the planted library).
	filepath.Walk(filepath.Join(o.Root, "provider"), func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			b, _ := os.ReadFile(p)
			fmt.Fprintf(h, "%s %d\n", p, len(b))
			h.Write(b)
		}
		return nil
	})
	for _, f := range []string{so, filepath.Join(append(lib.include, "")[0], "openssl", "opensslv.h")} {
		b, err := os.ReadFile(f)
		if err != nil && f == so {
			return "", fmt.Errorf("OpenSSL %s for %s: %v (run `sudo ci/install-deps.sh`)", lib.name, goarch, err)
		}
		h.Write(b)
	}
	dir := filepath.Join(o.CacheDir, "runners", fmt.Sprintf("openssl%s-%s-%s", lib.name, goarch, hex.EncodeToString(h.Sum(nil))[:20]))
	path := filepath.Join(dir, "xarch-runner")
	_, soErr := os.Stat(filepath.Join(dir, "gcmfault.so"))
	if VerifySum(path) == nil && (soErr == nil || !hasTag(o.Tags, "xarch_planted")) {
		holdRunner(dir)
		return path, nil
	}
	os.RemoveAll(dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// -lcrypto finds this library only: a folder with its one link (the
	// root's own libc must not be linked against the cross sysroot's).
	link := filepath.Join(dir, "lib")
	os.MkdirAll(link, 0o755)
	os.Symlink(so, filepath.Join(link, "libcrypto.so"))
	var cflags []string
	for _, i := range lib.include {
		cflags = append(cflags, "-I"+i)
	}
	// The trixie library wants glibc 2.38 symbols the bookworm sysroot lacks;
	// they resolve at run time from the root's own libc.
	ldflags := []string{"-L" + link, "-Wl,--allow-shlib-undefined"}
	if lib.rpath != "" {
		ldflags = append(ldflags, "-Wl,-rpath,"+lib.rpath)
	}
	if lib.loader != "" {
		ldflags = append(ldflags, "-Wl,--dynamic-linker="+lib.loader)
	}
	tmp := fmt.Sprintf("%s.tmp%d", path, os.Getpid())
	cmd := exec.Command("go", "build", "-trimpath", "-buildmode=exe", "-tags", strings.Join(bo.Tags, ","), "-o", tmp, "./cmd/xarch-runner")
	cmd.Dir = o.Root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=1", "CC="+cc,
		"CGO_CFLAGS=-O2 "+strings.Join(cflags, " "), "CGO_LDFLAGS="+strings.Join(ldflags, " "))
	start := time.Now()
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the %s OpenSSL %s runner failed:\n%s", goarch, lib.name, filterBuildNoise(out))
	}
	if o.Log != nil {
		fmt.Fprintf(o.Log, "built the %s OpenSSL %s runner in %s\n", goarch, lib.name, time.Since(start).Round(time.Second))
	}
	if err := WriteSum(tmp, path+".sha256"); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, path); err != nil {
		return "", err
	}
	holdRunner(dir)
	if hasTag(o.Tags, "xarch_planted") {
		so := filepath.Join(dir, "gcmfault.so")
		args := []string{"-O2", "-shared", "-fPIC", "-o", so, filepath.Join(o.Root, "provider/openssl/planted/gcmfault.c"), "-ldl"}
		for _, i := range lib.include {
			args = append(args, "-I"+i)
		}
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			return "", fmt.Errorf("building the planted OpenSSL fault for %s: %v\n%s", goarch, err, out)
		}
	}
	return path, nil
}

func hasTag(tags []string, t string) bool {
	for _, x := range tags {
		if x == t {
			return true
		}
	}
	return false
}

var (
	detectMu    sync.Mutex
	detectCache = map[string][]string{}
)

// detectOpenSSL runs the provider runner unmasked on t and returns the
// library's version ("openssl3.0") and CPU info line.
func detectOpenSSL(t Target) (string, string, error) {
	argv := t.Command()
	key := strings.Join(append(argv, t.Env...), "\x00")
	detectMu.Lock()
	defer detectMu.Unlock()
	if v, ok := detectCache[key]; ok {
		return v[0], v[1], nil
	}
	cmd := exec.Command(argv[0], append(argv[1:], "-openssl-cpuinfo")...)
	if len(t.Env) > 0 {
		cmd.Env = append(os.Environ(), t.Env...)
	}
	out, err := cmd.Output()
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err != nil || len(lines) < 3 || !strings.HasPrefix(lines[0], "openssl") {
		return "", "", fmt.Errorf("reading OpenSSL's CPU info on %s (%s): %v: %q", t, strings.Join(argv, " "), err, out)
	}
	detectCache[key] = []string{lines[0], lines[2]}
	return lines[0], lines[2], nil
}

// planOpenSSL adds the provider levels to the plans: on every model of
// amd64 (native), arm64, ppc64le and riscv64 the plans hold, each library
// and each level; a level whose bits the library does not detect there is
// a skip ("missing feature ..."), never a run into SIGILL.
func planOpenSSL(o PlanOptions, base []Planned) ([]Planned, error) {
	t, err := ci.LoadOpenSSL()
	if err != nil {
		return nil, err
	}
	var out []Planned
	if !OpenSSLOnly(o.Build.OpenSSL) {
		out = base
	}
	fail := func(p Planned, msg string) Planned {
		if o.CI {
			p.Fail = msg
		} else {
			p.Skip = msg
		}
		return p
	}
	bins := map[string]string{}
	berr := map[string]error{}
	run := fmt.Sprintf("%d-%d", os.Getpid(), time.Now().UnixNano())
	// Evidence of earlier runs is kept a day (a report may point at it).
	old, _ := filepath.Glob(filepath.Join(o.Build.CacheDir, "openssl-evidence", "*"))
	for _, d := range old {
		if st, err := os.Stat(d); err == nil && time.Since(st.ModTime()) > 24*time.Hour {
			os.RemoveAll(d)
		}
	}
	cannot := map[string]string{} // arch -> why no level can run there (a named row)
	for _, r := range t.Reports {
		if r.Cannot != "" {
			cannot[r.Arch] = r.Cannot
		}
	}
	for _, b := range base {
		goarch := b.Target.Arch
		if why, ok := cannot[goarch]; ok {
			delete(cannot, goarch) // one row per arch
			p := b
			p.OpenSSL = &OpenSSLPlan{Name: "openssl"}
			p.Skip, p.Fail = why, ""
			out = append(out, p)
			continue
		}
		a, ok := t.Arches[goarch]
		if !ok || (goarch == "amd64" && !b.Model.Native) {
			continue // amd64 under qemu: no in_asm evidence; the native host runs it
		}
		libs, why, unserved := opensslLibs(t, goarch, a, o.Build.OpenSSL)
		for _, w := range why {
			p := b
			p.OpenSSL = &OpenSSLPlan{Name: "openssl", Arch: a}
			out = append(out, fail(p, w))
		}
		for _, w := range unserved {
			p := b
			p.OpenSSL = &OpenSSLPlan{Name: "openssl", Arch: a}
			p.Skip, p.Fail = w, ""
			out = append(out, p)
		}
		for _, lib := range libs {
			p := b
			if a.Gen != "" && b.Target.Qemu != "" && b.Target.Gen != a.Gen && b.Skip == "" && b.Fail == "" {
				// The library detects nothing under an older emulator (riscv64:
				// no riscv_hwprobe in QEMU 7.2): the same -cpu, newer QEMU.
				mt, err := ci.Load()
				if err != nil {
					return nil, err
				}
				row, err := mt.Find(goarch)
				if err != nil {
					return nil, err
				}
				path, why := mt.QemuPath(row, a.Gen)
				if why != "" {
					p = fail(p, why)
				} else {
					p.Target.Qemu, p.Target.Gen, p.Target.Emulator = path, a.Gen, EmulatorVersion(path)
					p.Target.Model = p.Model.Name + "@qemu" + a.Gen
				}
			}
			p.Model.Expect, p.Model.ExpectGen = nil, nil
			p.Target.Mask, p.Target.Force = "", ""
			if b.Skip != "" || b.Fail != "" {
				p.OpenSSL = &OpenSSLPlan{Lib: lib.name, Arch: a, Name: "openssl" + lib.name}
				out = append(out, p)
				continue
			}
			k := goarch + " " + lib.name + " " + lib.libDir
			if _, done := bins[k]; !done && berr[k] == nil {
				bins[k], berr[k] = buildOpenSSL(o.Build, goarch, a, lib)
			}
			if berr[k] != nil {
				p.OpenSSL = &OpenSSLPlan{Lib: lib.name, Arch: a, Name: "openssl" + lib.name}
				out = append(out, fail(p, berr[k].Error()))
				continue
			}
			p.Target.Binary = bins[k]
			if lib.name == "custom" {
				// The runner names its levels by the full version and
				// "-prefix" (provider/openssl: Version).
				p.Target.Env = []string{"XARCH_OPENSSL_LIB=prefix"}
			}
			if lib.root != "" {
				p.Target.QemuArgs = []string{"-L", lib.root}
			}
			ver, info, err := detectOpenSSL(p.Target)
			if err != nil {
				p.OpenSSL = &OpenSSLPlan{Lib: lib.name, Arch: a, Name: "openssl" + lib.name}
				p.Fail = err.Error()
				out = append(out, p)
				continue
			}
			det, err := a.DetectedBits(info)
			if err != nil {
				p.OpenSSL = &OpenSSLPlan{Lib: lib.name, Arch: a, Name: ver}
				p.Fail = err.Error()
				out = append(out, p)
				continue
			}
			for _, l := range a.Levels {
				q := p
				q.Target.QemuArgs = append([]string{}, p.Target.QemuArgs...)
				name := ver
				if !l.Detected() {
					name += "-" + l.Name
				}
				op := &OpenSSLPlan{Lib: lib.name, Level: l, Arch: a, Name: name, CPUInfo: info, Detected: det}
				q.OpenSSL = op
				if why := l.Missing(det); why != "" {
					q.Skip = fmt.Sprintf("%s: %s (the library detects %s here)", name, why, strings.TrimPrefix(info, "CPUINFO: "))
					out = append(out, q)
					continue
				}
				q.Target.Env = append(append([]string{}, p.Target.Env...), "XARCH_OPENSSL_LEVEL="+l.Name)
				if !l.Detected() {
					q.Target.Env = append(q.Target.Env, a.Env+"="+l.Value)
				}
				if q.Target.Qemu != "" && o.Evidence {
					if op.Own, err = ownCode(q.Target.Binary); err != nil {
						q.Fail = err.Error()
						out = append(out, q)
						continue
					}
					op.Evidence = filepath.Join(o.Build.CacheDir, "openssl-evidence", run, fmt.Sprintf("%s-%s-%s", goarch, strings.ReplaceAll(q.Target.Model, "/", "_"), name))
					os.MkdirAll(op.Evidence, 0o755)
					q.Target.QemuArgs = append(q.Target.QemuArgs, "-d", "in_asm", "-D", filepath.Join(op.Evidence, "inasm-%d.log"))
				}
				out = append(out, q)
			}
			if hasTag(o.Build.Tags, "xarch_planted") {
				// The planted fault: the detected level with a library
				// interposed that corrupts GCM output past 512 bytes.
				q := p
				q.Target.Env = append(append([]string{}, p.Target.Env...), "XARCH_OPENSSL_LEVEL=planted-gcm512", "LD_PRELOAD="+filepath.Join(filepath.Dir(q.Target.Binary), "gcmfault.so"))
				q.OpenSSL = &OpenSSLPlan{Lib: lib.name, Arch: a, Name: ver + "-planted-gcm512", CPUInfo: info, Detected: det}
				out = append(out, q)
			}
		}
	}
	return out, nil
}

var inasmLine = regexp.MustCompile(`^0x([0-9a-f]+):\s+([0-9a-f]{8})\s`)

// CountEvidence counts the characteristic instructions of the arch in the
// emulator's in_asm logs of one plan: guest code as translated, outside the
// runner's own code, matched by encoding (QEMU prints some as .byte). An
// entry with Lanes counts translation blocks in which the instruction
// writes exactly that many registers (aese on 5: aes_v8's 5x loops).
func CountEvidence(p *OpenSSLPlan) (map[string]int, error) {
	counts := map[string]int{}
	for _, in := range p.Arch.Instructions {
		counts[in.Name] = 0
	}
	files, _ := filepath.Glob(filepath.Join(p.Evidence, "inasm-*.log"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no in_asm log in %s", p.Evidence)
	}
	lanes := make([]map[uint32]bool, len(p.Arch.Instructions))
	endBlock := func() {
		for i, in := range p.Arch.Instructions {
			if in.Lanes > 0 && len(lanes[i]) == in.Lanes {
				counts[in.Name]++
			}
			lanes[i] = nil
		}
	}
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			return nil, err
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<16), 1<<20)
		for sc.Scan() {
			line := sc.Bytes()
			if len(line) > 0 && line[0] == '-' {
				endBlock()
				continue
			}
			m := inasmLine.FindSubmatch(line)
			if m == nil {
				continue
			}
			addr, _ := strconv.ParseUint(string(m[1]), 16, 64)
			own := false
			for _, r := range p.Own {
				own = own || (addr >= r[0] && addr < r[1])
			}
			if own {
				continue
			}
			w64, _ := strconv.ParseUint(string(m[2]), 16, 32)
			w := uint32(w64)
			for i, in := range p.Arch.Instructions {
				if !in.Matches(w) {
					continue
				}
				if in.Lanes == 0 {
					counts[in.Name]++
					continue
				}
				if lanes[i] == nil {
					lanes[i] = map[uint32]bool{}
				}
				lanes[i][w&0x1f] = true
			}
		}
		endBlock()
		fh.Close()
	}
	return counts, nil
}

// CheckOpenSSL checks an --openssl value before anything runs:
// "installed", "only", or arch=PREFIX with a libcrypto under the prefix.
func CheckOpenSSL(v string) error {
	for _, part := range strings.Split(v, ",") {
		if part == "" || part == "installed" || part == "only" {
			continue
		}
		kv := strings.SplitN(part, "=", 2)
		if len(kv) != 2 || kv[0] == "" || kv[1] == "" {
			return fmt.Errorf("--openssl %q: want 'installed' or arch=PREFIX,... (e.g. arm64=/opt/openssl-arm64), with ',only', or 'none' alone", v)
		}
		ok := false
		for _, l := range []string{"lib", "lib64"} {
			if _, err := os.Stat(filepath.Join(kv[1], l, "libcrypto.so.3")); err == nil {
				ok = true
			}
		}
		if !ok {
			return fmt.Errorf("--openssl %s=%s: no lib/libcrypto.so.3 or lib64/libcrypto.so.3 under the prefix", kv[0], kv[1])
		}
	}
	return nil
}

// OpenSSLLevelTarget is the target of the one OpenSSL level impl names
// (every name in impl must be of that level: one runner process is one
// mask) on o's one arch and model, so `xarch run` and every repro line find
// a provider level by its name.
func OpenSSLLevelTarget(o PlanOptions, impl string) (Target, error) {
	i := strings.Index(impl, "/openssl")
	if i < 0 {
		return Target{}, fmt.Errorf("--impl %q names no OpenSSL level", impl)
	}
	model := o.Models
	level := impl[i+1:]
	if j := strings.Index(level, ","); j >= 0 {
		level = level[:j]
	}
	for _, n := range strings.Split(impl, ",") {
		if !strings.HasSuffix(n, "/"+level) {
			return Target{}, fmt.Errorf("--impl %q: one OpenSSL level at a time (each runs in its own runner), got %s", impl, n)
		}
	}
	if model != "" && strings.Contains(model, ",") {
		return Target{}, fmt.Errorf("--model must name one model here, got %q", model)
	}
	if o.Build.OpenSSL == "" {
		o.Build.OpenSSL = "installed"
	}
	o.Build.OpenSSL += ",only"
	plans, err := Plan(o)
	if err != nil {
		return Target{}, err
	}
	var names []string
	for _, p := range plans {
		if p.OpenSSL == nil || p.OpenSSL.Name != level {
			if p.OpenSSL != nil {
				names = append(names, p.OpenSSL.Name)
			}
			continue
		}
		switch {
		case p.Fail != "":
			return p.Target, errors.New(p.Fail)
		case p.Skip != "":
			return p.Target, errors.New(p.Skip)
		}
		return p.Target, nil
	}
	return Target{}, fmt.Errorf("no OpenSSL level %s on %s (levels: %s)", level, strings.Join(o.Arches, ","), strings.Join(names, ", "))
}

// ServedHere reports whether the runner whose hello is info tests impl. A
// provider runner links the families, so their generic levels come along;
// xarch's own runner tests those, and on a provider's target only its
// levels (<family>/openssl...) run: nothing is tested twice.
func ServedHere(info wire.Info, impl string) bool {
	for _, im := range info.Impls {
		if strings.Contains(im.Name, "/openssl") {
			return strings.Contains(impl, "/openssl")
		}
	}
	return true
}
