// Package arch is the kernel table shared by every architecture.
//
// Each arch/<goarch> package registers, from an init function, the CPU
// features it can detect and the implementations it provides. The runner
// imports all of them; build constraints keep only the current GOARCH's.
//
// This package is target-side code: it must build with gc and with gccgo 12
// (Go 1.18 language and standard library, no generics).
package arch

import (
	"fmt"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/wire"
)

// Tuning is one constant a kernel is built around; Unit says what it counts
// (Bytes, Blocks of the family, Other). The type lives in wire so the host
// reads it without importing target code.
type (
	Tuning = wire.Tuning
	Unit   = wire.Unit
)

// The units of a tuning constant (see wire.Unit).
const (
	Bytes  = wire.Bytes
	Blocks = wire.Blocks
	Other  = wire.Other
)

// Impl is one implementation level of one algorithm.
type Impl struct {
	Name     string // unique, "<alg>/<level>", e.g. "sha256/shani"
	Alg      string // the family name (sha256.Name, ...)
	Arch     string // GOARCH, or "generic" for portable Go
	Requires []string
	// Tuning lists the constants the kernel is built around (block batch,
	// interleave widths, thresholds); the case generator probes around them.
	Tuning []Tuning
	// NeedsHardware, when set, says why no emulator runs this level
	// faithfully; the suite reports it instead of running it under qemu.
	NeedsHardware string
	// Rank orders levels for dispatch: the usable one with the highest wins.
	Rank int
	// Planted marks test-only implementations that are wrong on purpose.
	Planted bool

	// Funcs holds the family's entry points (*sha256.Funcs, *aes.Funcs, ...
	// in family/<f>); the family's accessor (sha256.Of, ...) checks the type.
	Funcs interface{}
}

// TuningValue returns the named constant.
func (im *Impl) TuningValue(name string) (int, bool) {
	for _, t := range im.Tuning {
		if t.Name == name {
			return t.Value, true
		}
	}
	return 0, false
}

// Tune returns the named constant, 0 when the level does not declare it.
func (im *Impl) Tune(name string) int {
	v, _ := im.TuningValue(name)
	return v
}

// TuningLengths turns the length-like constants into byte lengths, given
// the family's block size: the lengths whose neighbourhoods are edges.
func (im *Impl) TuningLengths(blockBytes int) []int { return wire.TuningLengths(im.Tuning, blockBytes) }

// FuncsError explains an implementation whose Funcs is not of its family.
func FuncsError(im *Impl, want string) error {
	return fmt.Errorf("implementation %s (family %s) has entry points %T, want %s", im.Name, im.Alg, im.Funcs, want)
}

// Feature is a CPU feature an arch package can detect.
type Feature = wire.Feature

var (
	impls     []*Impl
	byName    = map[string]*Impl{}
	features  []Feature
	detectors []func() map[string]bool
)

// Register adds implementations to the table. Names must be unique.
func Register(list ...*Impl) {
	for _, im := range list {
		if _, dup := byName[im.Name]; dup {
			panic("arch: duplicate implementation " + im.Name)
		}
		byName[im.Name] = im
		impls = append(impls, im)
	}
}

// RegisterFeatures declares the features of this GOARCH and how to detect them.
func RegisterFeatures(list []Feature, detect func() map[string]bool) {
	features = append(features, list...)
	detectors = append(detectors, detect)
}

// Impls returns every registered implementation, sorted by name.
func Impls() []*Impl {
	out := make([]*Impl, len(impls))
	copy(out, impls)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup finds an implementation by name.
func Lookup(name string) (*Impl, bool) {
	im, ok := byName[name]
	return im, ok
}

// KnownFeatures lists the features this GOARCH can detect.
func KnownFeatures() []Feature {
	out := make([]Feature, len(features))
	copy(out, features)
	return out
}

// Detect returns the features the CPU reports, before any mask or force.
func Detect() map[string]bool {
	out := map[string]bool{}
	for _, d := range detectors {
		for k, v := range d() {
			if v {
				out[k] = true
			}
		}
	}
	return out
}

// ParseMask turns "shani,avx2" (or "all") into a set of features to turn
// off. Unknown names are an error that lists the known ones.
func ParseMask(s string) (map[string]bool, error) { return parseFeatures(s, "mask") }

// ParseForce turns "zknh,zkne" into a set of features to treat as detected
// (a model whose emulator runs them but whose guest cannot detect them).
func ParseForce(s string) (map[string]bool, error) { return parseFeatures(s, "force list") }

func parseFeatures(s, what string) (map[string]bool, error) {
	out := map[string]bool{}
	s = strings.TrimSpace(s)
	if s == "" {
		return out, nil
	}
	known := map[string]bool{}
	var names []string
	for _, f := range features {
		known[f.Name] = true
		names = append(names, f.Name)
	}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(part)), "~")
		if part == "" {
			continue
		}
		if part == "all" {
			for _, n := range names {
				out[n] = true
			}
			continue
		}
		if !known[part] {
			return nil, fmt.Errorf("unknown feature %q in %s; known here: %s", part, what, strings.Join(names, ","))
		}
		out[part] = true
	}
	return out, nil
}

// State is the detected feature set with a mask applied.
type State struct {
	Detected map[string]bool
	Masked   map[string]bool
}

// Has reports whether a feature is detected and not masked.
func (s State) Has(f string) bool { return s.Detected[f] && !s.Masked[f] }

// Missing returns why im cannot run here ("" if it can): absent or masked features.
func (s State) Missing(im *Impl) string {
	var absent, masked []string
	for _, f := range im.Requires {
		switch {
		case !s.Detected[f]:
			absent = append(absent, f)
		case s.Masked[f]:
			masked = append(masked, f)
		}
	}
	var why []string
	if len(absent) > 0 {
		why = append(why, "missing feature "+strings.Join(absent, ","))
	}
	if len(masked) > 0 {
		why = append(why, "masked "+strings.Join(masked, ","))
	}
	return strings.Join(why, "; ")
}

// Best returns the usable level of alg with the highest Rank, ignoring
// planted ones: what a library would dispatch to on this CPU and mask.
func (s State) Best(alg string) *Impl {
	var best *Impl
	for _, im := range Impls() {
		if im.Alg != alg || im.Planted || s.Missing(im) != "" {
			continue
		}
		if best == nil || im.Rank > best.Rank {
			best = im
		}
	}
	return best
}

// Probe is a known-answer check of one CPU feature: it executes a single
// instruction of that feature on fixed inputs. Emulators can run an
// instruction without trapping and still compute garbage (QEMU 7.2 returns
// zeros for SPARC T4 aes_eround01), so the suite probes before it blames a
// kernel.
type Probe struct {
	Feature string `json:"feature"`
	Instr   string `json:"instr"` // the instruction exercised, for reports
	// Run executes the instruction and returns the expected and observed
	// bytes. It may trap (SIGILL) when the feature is absent.
	Run func() (want, got []byte) `json:"-"`
}

var probes []Probe

// RegisterProbe adds a feature probe (from an arch package's init).
func RegisterProbe(p Probe) { probes = append(probes, p) }

// Probes lists the registered probes.
func Probes() []Probe {
	out := make([]Probe, len(probes))
	copy(out, probes)
	return out
}

// BigEndianWords serialises 32-bit words big-endian: how probes report
// word-oriented results (SHA-2 state, schedule words) so they read like the
// standards' examples.
func BigEndianWords(words ...uint32) []byte {
	out := make([]byte, 4*len(words))
	for i, w := range words {
		out[4*i] = byte(w >> 24)
		out[4*i+1] = byte(w >> 16)
		out[4*i+2] = byte(w >> 8)
		out[4*i+3] = byte(w)
	}
	return out
}
