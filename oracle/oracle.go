// Package oracle is the host side of xarch's reference implementation: a
// pure-Go module (refmod/) compiled for GOOS=wasip1 GOARCH=wasm and run in
// wazero. Every differential case is judged by it.
//
// The module is built from the sources embedded in this package the first
// time they are needed and kept in the cache directory under a hash of those
// sources; wazero's compilation cache sits next to it, so a warm start only
// loads machine code (well under 100 ms).
package oracle

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"github.com/xarchlab/xarch/driver"
)

// The module's sources: refmod (the wasm exports) and ref (the reference
// itself), laid out under their import paths in a module of their own.
//
//go:embed refmod/*.go ref/*.go
var refmodSrc embed.FS

var refmodDirs = []string{"refmod", "ref"}

// Options say where the module and wazero's compiled code are cached.
type Options struct {
	CacheDir string    // e.g. driver.DefaultCacheDir()
	Log      io.Writer // told when the module is (re)built; nil: silent
}

// Oracle is one instance of the reference module. It is safe for concurrent
// use (calls are serialised: an instance is single-threaded).
type Oracle struct {
	mu       sync.Mutex
	ctx      context.Context
	rt       wazero.Runtime
	mod      api.Module
	fIn      api.Function
	fCall    api.Function
	wasmPath string
	built    bool
	ready    time.Duration

	calls, bytes int64
	busy         time.Duration
}

// Stats describe an oracle's start and use.
type Stats struct {
	WasmPath string
	Built    bool          // the module was compiled from source by this Open
	Ready    time.Duration // time Open took
	Calls    int64
	Bytes    int64 // input bytes processed
	Busy     time.Duration
}

// String is a one-line summary with throughput.
func (s Stats) String() string {
	how := "warm cache"
	if s.Built {
		how = "built from source"
	}
	out := fmt.Sprintf("oracle ready in %s (%s)", s.Ready.Round(time.Millisecond), how)
	if s.Calls > 0 && s.Busy > 0 {
		sec := s.Busy.Seconds()
		out += fmt.Sprintf("; %d calls, %.1f MB in %s: %.0f calls/s, %.1f MB/s", s.Calls, float64(s.Bytes)/1e6,
			s.Busy.Round(time.Millisecond), float64(s.Calls)/sec, float64(s.Bytes)/1e6/sec)
	}
	return out
}

// buildArgs build the reference module. -s -w drops the symbol table and
// DWARF: a smaller module is decoded faster on every warm start.
var buildArgs = []string{"-trimpath", "-buildmode=c-shared", "-ldflags=-s -w"}

// SourceKey hashes the embedded module sources and the Go release that
// builds them; it names the cached module.
func SourceKey() (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "refmod go=%s flags=%q\n", runtime.Version(), buildArgs)
	var names []string
	err := fsWalk(func(name string, b []byte) {
		names = append(names, name)
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:20], nil
}

// fsWalk calls fn for every embedded source, named "refmod/main.go".
func fsWalk(fn func(name string, b []byte)) error {
	for _, dir := range refmodDirs {
		ents, err := refmodSrc.ReadDir(dir)
		if err != nil {
			return err
		}
		sort.Slice(ents, func(i, j int) bool { return ents[i].Name() < ents[j].Name() })
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), "_test.go") {
				continue
			}
			b, err := refmodSrc.ReadFile(dir + "/" + e.Name())
			if err != nil {
				return err
			}
			fn(dir+"/"+e.Name(), b)
		}
	}
	return nil
}

// ModulePath returns the cached module's path, building it if absent.
func ModulePath(o Options) (path string, built bool, err error) {
	key, err := SourceKey()
	if err != nil {
		return "", false, err
	}
	dir := filepath.Join(o.CacheDir, "oracle")
	path = filepath.Join(dir, "refmod-"+key+".wasm")
	if _, err := os.Stat(path); err == nil {
		if err := driver.VerifySum(path); err == nil {
			return path, false, nil
		} else if o.Log != nil {
			fmt.Fprintf(o.Log, "cached reference module %s is damaged (%v); rebuilding it\n", path, err)
		}
		os.Remove(path)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", false, err
	}
	// Named by pid, so the next run removes what a SIGKILL left behind.
	driver.RemoveStale(dir, "src-")
	driver.RemoveStale(dir, "refmod-"+key+".wasm.tmp")
	src, err := os.MkdirTemp(dir, fmt.Sprintf("src-%d-", os.Getpid()))
	if err != nil {
		return "", false, err
	}
	defer driver.TempPath(src)()
	defer os.RemoveAll(src)
	// A module of its own under xarch's module path, so refmod's import of
	// oracle/ref resolves: the reference needs nothing but the standard
	// library, and building outside the xarch tree works from any directory.
	if err := os.WriteFile(filepath.Join(src, "go.mod"), []byte("module github.com/xarchlab/xarch\n\ngo 1.24\n"), 0o644); err != nil {
		return "", false, err
	}
	var werr error
	if err := fsWalk(func(name string, b []byte) {
		path := filepath.Join(src, "oracle", filepath.FromSlash(name))
		if e := os.MkdirAll(filepath.Dir(path), 0o755); e != nil && werr == nil {
			werr = e
		}
		if e := os.WriteFile(path, b, 0o644); e != nil && werr == nil {
			werr = e
		}
	}); err != nil {
		return "", false, err
	}
	if werr != nil {
		return "", false, werr
	}
	if o.Log != nil {
		fmt.Fprintf(o.Log, "building the reference module (GOOS=wasip1 GOARCH=wasm): %s\n", path)
	}
	tmp := fmt.Sprintf("%s.tmp%d", path, os.Getpid())
	defer driver.TempPath(tmp)()
	cmd := driver.NewCmd("go", append(append([]string{"build"}, buildArgs...), "-o", tmp, "./oracle/refmod")...)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm", "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS=-buildvcs=false", "GOTOOLCHAIN=local")
	if out, err := driver.CombinedOutput(cmd); err != nil {
		os.Remove(tmp)
		var ie *driver.InterruptedError
		if errors.As(err, &ie) {
			return "", false, fmt.Errorf("building the reference module: %w", err)
		}
		return "", false, fmt.Errorf("building the reference module failed (GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared in %s): %v\n%s", src, err, strings.TrimSpace(string(out)))
	}
	if err := driver.WriteSum(tmp, path+".sha256"); err != nil {
		os.Remove(tmp)
		return "", false, err
	}
	if err := os.Rename(tmp, path); err != nil {
		return "", false, err
	}
	return path, true, nil
}

// runtimeConfig uses wazero's compilation cache in dir when xarch can
// write there; a cache owned by another user (a shared $XARCH_CACHE) or
// unwritable is bypassed with a warning: compiling again costs seconds.
func runtimeConfig(dir string, log io.Writer) wazero.RuntimeConfig {
	cfg := wazero.NewRuntimeConfig()
	err := writableDir(dir)
	var cache wazero.CompilationCache
	if err == nil {
		cache, err = wazero.NewCompilationCacheWithDir(dir)
	}
	if err != nil {
		if log != nil {
			fmt.Fprintf(log, "oracle: wazero compilation cache %s is not usable (%v); compiling without it\n", dir, err)
		}
		return cfg
	}
	return cfg.WithCompilationCache(cache)
}

// writableDir makes dir if needed and checks that a file can be created
// in it and in every folder below (wazero writes into its own subfolder).
func writableDir(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		f, err := os.CreateTemp(p, ".probe-")
		if err != nil {
			return err
		}
		f.Close()
		return os.Remove(f.Name())
	})
}

// Open builds (if needed) and instantiates the reference module.
func Open(o Options) (*Oracle, error) {
	start := time.Now()
	if o.CacheDir == "" {
		return nil, errors.New("oracle: no cache directory")
	}
	path, built, err := ModulePath(o)
	if err != nil {
		return nil, err
	}
	wasm, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	rt := wazero.NewRuntimeWithConfig(ctx, runtimeConfig(filepath.Join(o.CacheDir, "wazero"), o.Log))
	fail := func(what string, err error) (*Oracle, error) {
		rt.Close(ctx)
		return nil, fmt.Errorf("oracle: %s (%s): %v", what, path, err)
	}
	if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
		return fail("WASI", err)
	}
	cm, err := rt.CompileModule(ctx, wasm)
	if err != nil {
		// A damaged compilation-cache entry: drop the cache and compile
		// from the module once more, naming the directory.
		rt.Close(ctx)
		cdir := filepath.Join(o.CacheDir, "wazero")
		if o.Log != nil {
			fmt.Fprintf(o.Log, "oracle: compiling %s with the cache in %s failed (%v); clearing that cache and retrying\n", path, cdir, err)
		}
		os.RemoveAll(cdir)
		rt = wazero.NewRuntimeWithConfig(ctx, runtimeConfig(cdir, o.Log))
		if _, err := wasi_snapshot_preview1.Instantiate(ctx, rt); err != nil {
			return fail("WASI", err)
		}
		if cm, err = rt.CompileModule(ctx, wasm); err != nil {
			return fail("compiling the module (cache "+cdir+" cleared)", err)
		}
	}
	// A c-shared (reactor) module initialises the Go runtime in _initialize.
	mod, err := rt.InstantiateModule(ctx, cm, wazero.NewModuleConfig().WithStartFunctions("_initialize").WithName("refmod"))
	if err != nil {
		return fail("instantiating the module", err)
	}
	or := &Oracle{ctx: ctx, rt: rt, mod: mod, fIn: mod.ExportedFunction("xarch_in"),
		fCall: mod.ExportedFunction("xarch_call"), wasmPath: path, built: built}
	if or.fIn == nil || or.fCall == nil {
		return fail("exports", errors.New("xarch_in or xarch_call missing"))
	}
	or.ready = time.Since(start)
	return or, nil
}

// Call runs one reference operation ("sha256", "aes-cbc-enc", ...; see
// refmod) and returns its answer.
func (o *Oracle) Call(op string, args ...[]byte) ([]byte, error) {
	all := append([][]byte{[]byte(op)}, args...)
	n := 4 + 4*len(all)
	for _, a := range all {
		n += len(a)
	}
	req := make([]byte, 4+4*len(all), n)
	binary.LittleEndian.PutUint32(req, uint32(len(all)))
	for i, a := range all {
		binary.LittleEndian.PutUint32(req[4+4*i:], uint32(len(a)))
	}
	for _, a := range all {
		req = append(req, a...)
	}

	o.mu.Lock()
	defer o.mu.Unlock()
	if o.mod == nil {
		return nil, errors.New("oracle: closed")
	}
	start := time.Now()
	r, err := o.fIn.Call(o.ctx, uint64(len(req)))
	if err != nil {
		return nil, fmt.Errorf("oracle %s: xarch_in: %v", op, err)
	}
	mem := o.mod.Memory()
	if !mem.Write(uint32(r[0]), req) {
		return nil, fmt.Errorf("oracle %s: request of %d bytes does not fit the module's memory", op, len(req))
	}
	r, err = o.fCall.Call(o.ctx, uint64(len(req)))
	if err != nil {
		return nil, fmt.Errorf("oracle %s: %v", op, err)
	}
	v := int64(r[0])
	isErr := v < 0
	if isErr {
		v = -v
	}
	ptr, l := uint32(v), uint32(v>>32)
	view, ok := mem.Read(ptr, l)
	if !ok {
		return nil, fmt.Errorf("oracle %s: answer outside memory", op)
	}
	res := append([]byte(nil), view...)
	o.calls++
	o.bytes += int64(n)
	o.busy += time.Since(start)
	if isErr {
		return nil, fmt.Errorf("oracle %s: %s", op, res)
	}
	return res, nil
}

// Stats reports start time and throughput so far.
func (o *Oracle) Stats() Stats {
	o.mu.Lock()
	defer o.mu.Unlock()
	return Stats{WasmPath: o.wasmPath, Built: o.built, Ready: o.ready, Calls: o.calls, Bytes: o.bytes, Busy: o.busy}
}

// Close releases the runtime.
func (o *Oracle) Close() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.mod != nil {
		o.rt.Close(o.ctx)
		o.mod = nil
	}
}
