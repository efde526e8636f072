package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/validate"
)

// common holds the flags every target-running command shares.
type common struct {
	arch, model, mask, vectors string
	planted, abi               bool
	abiSeed                    uint64 // --abi-seed; 0 until resolved (abiSeedFor)
	timeout                    time.Duration
	root                       string
	openssl                    string // --openssl (openssl.go)
	opensslDefault             string // its default for this command
}

func (c *common) register(fs *flag.FlagSet) {
	fs.StringVar(&c.arch, "arch", "", "architecture(s), comma-separated: "+archList()+", or all")
	fs.StringVar(&c.model, "model", "", "CPU model(s) from ci/models.json, comma-separated (default: the arch's default set)")
	fs.StringVar(&c.mask, "mask", os.Getenv("XARCH_MASK"), "CPU features to turn off in the runner, comma-separated, or all (default $XARCH_MASK)")
	fs.StringVar(&c.vectors, "vectors", "", "vector directory (default: vectors/ of the source tree)")
	fs.BoolVar(&c.planted, "planted", false, "build runners with the xarch_planted tag (deliberately broken implementations, for testing the tester)")
	registerOpenSSL(fs, &c.openssl, c.opensslDefault)
	fs.DurationVar(&c.timeout, "timeout", 60*time.Second, "per-request timeout; a runner that takes longer is reported as hung and restarted")
}

// registerABI adds --abi (on by default) to the commands that judge
// kernels: test, run and fuzz. speed and info run kernels unchecked.
func (c *common) registerABI(fs *flag.FlagSet) {
	fs.BoolVar(&c.abi, "abi", true, "call every kernel through its arch's ABI trampoline: a kernel that does not preserve the registers its calling convention says it must (or writes below its stack frame) fails the case with \"ABI violation\"; --abi=false turns it off")
	fs.Uint64Var(&c.abiSeed, "abi-seed", 0, "seed of the values the ABI trampoline puts in the registers a kernel must not read before it sets them (default: derived from --seed, or from the clock; printed, and carried by repro lines)")
}

// abiSeedFor resolves --abi-seed: given, or derived from the case seed
// (test and fuzz: the same --seed gives the same register values), or from
// the clock when there is none (seed 0).
func (c *common) abiSeedFor(seed uint64) uint64 {
	if c.abiSeed != 0 || !c.abi {
		return c.abiSeed
	}
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	x := (seed + 1) * 0x9e3779b97f4a7c15
	x ^= x >> 31
	if x == 0 {
		x = 1
	}
	c.abiSeed = x
	return x
}

// parse parses the flags strictly: a stray positional argument (after
// which the flag package stops reading flags) and values that cannot work
// are usage errors.
func (c *common) parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return errUsage
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: every option is a flag (-h lists them); flags after it were not read", fs.Arg(0))
	}
	if c.timeout <= 0 {
		return fmt.Errorf("--timeout %v: must be positive (it bounds each request)", c.timeout)
	}
	return checkOpenSSL(&c.openssl)
}

// errUsage: the flag package already printed the problem.
var errUsage = errors.New("")

// implHelp is the --impl help of every command that selects levels.
const implHelp = "implementation levels, comma-separated: exact names (sha256/avx2), families (aes/), a level of every family (*/generic) or all; planted levels only when named, with --planted (default all)"

// resolve fills root and vectors and expands --arch.
func (c *common) resolve() ([]string, error) {
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	if err != nil {
		return nil, err
	}
	c.root = root
	if c.vectors == "" {
		c.vectors = filepath.Join(root, "vectors")
	}
	if _, err := os.Stat(c.vectors); err != nil {
		return nil, fmt.Errorf("vector directory: %v", err)
	}
	table, err := ci.Load()
	if err != nil {
		return nil, err
	}
	if c.arch == "" {
		return nil, fmt.Errorf("--arch is required (one of %s, or all)", strings.Join(table.ArchNames(), ", "))
	}
	if c.arch == "all" {
		return table.ArchNames(), validate.Mask(c.mask, table.ArchNames(), table)
	}
	var out []string
	seen := map[string]bool{}
	for _, a := range strings.Split(c.arch, ",") {
		a = strings.TrimSpace(a)
		if _, err := table.Find(a); err != nil {
			return nil, err
		}
		if !seen[a] { // amd64,amd64 runs amd64 once
			seen[a] = true
			out = append(out, a)
		}
	}
	return out, validate.Mask(c.mask, out, table)
}

// archList names the arches of ci/models.json for help texts.
func archList() string {
	table, err := ci.Load()
	if err != nil {
		return "(ci/models.json: " + err.Error() + ")"
	}
	return strings.Join(table.ArchNames(), ", ")
}

func (c *common) buildOptions() driver.BuildOptions {
	o := driver.BuildOptions{Root: c.root, CacheDir: driver.DefaultCacheDir(), Log: os.Stderr}
	if c.planted {
		o.Tags = []string{"xarch_planted"}
	}
	o.OpenSSL = c.openssl
	return o
}

// target resolves one (arch, model) to a launchable target through
// driver.Plan, the constructor test, fuzz and speed share.
func (c *common) target(arch, model string) (driver.Target, error) {
	if model != "" && strings.Contains(model, ",") {
		return driver.Target{}, fmt.Errorf("--model must name one model here, got %q", model)
	}
	plans, err := driver.Plan(driver.PlanOptions{Arches: []string{arch}, Models: model, Mask: c.mask, ABI: c.abi, ABISeed: c.abiSeed, Build: c.buildOptions()})
	if err != nil {
		return driver.Target{}, err
	}
	if len(plans) == 0 {
		return driver.Target{}, fmt.Errorf("%s has no default model; name one with --model", arch)
	}
	p := plans[0]
	switch {
	case p.Fail != "":
		return p.Target, errors.New(p.Fail)
	case p.Skip != "":
		return p.Target, errors.New(p.Skip)
	}
	return p.Target, nil
}

// session builds (or reuses) the runner for one (arch, model) and starts it.
func (c *common) session(arch, model string) (*driver.Session, error) {
	t, err := c.target(arch, model)
	if err != nil {
		return nil, err
	}
	return driver.NewSession(t, c.timeout)
}

// nativeModel is the arch's model that runs without an emulator, or ""
// (the arch's default set).
func nativeModel(arch string) string {
	if table, err := ci.Load(); err == nil {
		if row, err := table.Find(arch); err == nil {
			return row.NativeModel()
		}
	}
	return ""
}
