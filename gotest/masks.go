package gotest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/ci"
)

// Feature masks for `xarch gotest`: the GODEBUG=cpu.<name>=off spellings
// Go's internal/cpu (and golang.org/x/sys/cpu, which reads GODEBUG too)
// understands for an arch. The names are read from the toolchain's own
// source, so a new Go release brings its new options with it.

// goDebug is the arch's GODEBUG naming from ci/models.json (nil when the
// table has none for it: gotest then masks nothing there).
func goDebug(arch string) *ci.GoDebug {
	t, err := ci.Load()
	if err != nil {
		return nil
	}
	a, err := t.Find(arch)
	if err != nil {
		return nil
	}
	return a.GoDebug
}

var optionName = regexp.MustCompile(`Name:\s*"([A-Za-z0-9_]+)"`)

// cpuOptions lists the option names of an arch: internal/cpu's, plus
// x/sys/cpu's when xsysDir (its source directory) is given.
func cpuOptions(arch, goroot, xsysDir string) []string {
	g := goDebug(arch)
	if g == nil {
		return nil
	}
	set := map[string]bool{}
	for _, dir := range []string{filepath.Join(goroot, "src", "internal", "cpu"), xsysDir} {
		if dir == "" {
			continue
		}
		for _, f := range g.CPUFiles {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				continue
			}
			for _, m := range optionName.FindAllSubmatch(b, -1) {
				set[string(m[1])] = true
			}
		}
	}
	if len(set) == 0 {
		for _, n := range g.Options {
			set[n] = true
		}
	}
	var out []string
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// goroot is the toolchain's GOROOT.
func goroot() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// featureUse finds feature tests in Go source: cpu.X86.HasAVX2 (internal/cpu,
// x/sys/cpu), cpu.X86HasAVX2 (crypto/internal/fips140deps/cpu),
// cpu.PPC64.IsPOWER9; the variable names come from ci/models.json.
func featureUse(g *ci.GoDebug) *regexp.Regexp {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(g.Var) + `\.?(Has|Is)([A-Za-z0-9_]+)`)
}

// usedFeatures maps the feature tests in src to option names of arch.
func usedFeatures(src []byte, arch string, options []string) []string {
	g := goDebug(arch)
	if g == nil {
		return nil
	}
	known := map[string]bool{}
	for _, o := range options {
		known[strings.ToLower(o)] = true
	}
	set := map[string]bool{}
	for _, m := range featureUse(g).FindAllSubmatch(src, -1) {
		n := strings.ToLower(string(m[2]))
		if o, ok := g.Fields[n]; ok && known[o] {
			n = o // internal/cpu's spelling
		}
		if known[n] {
			set[n] = true
		}
	}
	var out []string
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Mask is one run's mask: the features turned off ("none": nothing,
// "all": cpu.all=off).
type Mask struct {
	Name     string   // as printed: "none", "avx2", "aes+pmull", "all"
	Features []string // option names; nil for none, ["all"] for all
}

// GODEBUG is the environment value ("" for none).
func (m Mask) GODEBUG() string {
	var parts []string
	for _, f := range m.Features {
		parts = append(parts, "cpu."+f+"=off")
	}
	return strings.Join(parts, ",")
}

// parseMasks reads --mask: comma-separated masks, each "none", "all",
// "default" (the derived set) or features joined by '+'. Feature names are
// checked against the union of the selected arches' options; a mask none of
// whose features an arch knows is dropped for that arch (maskFor).
func parseMasks(spec string, optionsByArch map[string][]string) (masks []Mask, withDefault bool, err error) {
	if strings.TrimSpace(spec) == "" {
		return nil, true, nil
	}
	known := map[string]bool{}
	var all []string
	for _, opts := range optionsByArch {
		for _, o := range opts {
			if !known[strings.ToLower(o)] {
				all = append(all, o)
			}
			known[strings.ToLower(o)] = true
		}
	}
	sort.Strings(all)
	seen := map[string]bool{}
	for _, e := range strings.Split(spec, ",") {
		e = strings.TrimSpace(e)
		switch e {
		case "":
			continue
		case "default":
			withDefault = true
			continue
		case "none":
			if !seen[e] {
				masks = append(masks, Mask{Name: "none"})
			}
			seen[e] = true
			continue
		case "all":
			if !seen[e] {
				masks = append(masks, Mask{Name: "all", Features: []string{"all"}})
			}
			seen[e] = true
			continue
		}
		var feats []string
		for _, f := range strings.Split(e, "+") {
			f = strings.TrimSpace(f)
			f = strings.TrimPrefix(f, "cpu.")
			f = strings.TrimSuffix(f, "=off")
			if !known[strings.ToLower(f)] {
				return nil, false, fmt.Errorf("--mask %q: unknown CPU feature %q (GODEBUG cpu.<name> options of the selected arches: %s; or none, all, default)", spec, f, strings.Join(all, ", "))
			}
			feats = append(feats, f)
		}
		m := Mask{Name: strings.Join(feats, "+"), Features: feats}
		if !seen[m.Name] {
			masks = append(masks, m)
		}
		seen[m.Name] = true
	}
	if len(masks) == 0 && !withDefault {
		return nil, false, fmt.Errorf("--mask %q: no mask given", spec)
	}
	return masks, withDefault, nil
}

// maskApplies reports whether every feature of m is an option of the arch.
func maskApplies(m Mask, options []string) bool {
	for _, f := range m.Features {
		if f == "all" {
			continue
		}
		ok := false
		for _, o := range options {
			if strings.EqualFold(o, f) {
				ok = true
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// defaultMasks: no mask, each used feature alone, and all at once (when
// any feature is masked). base are the arch's options every package runs
// through (ci.GoDebug.Base): they count as used.
func defaultMasks(used, base []string) []Mask {
	set := map[string]bool{}
	for _, f := range append(append([]string(nil), used...), base...) {
		set[f] = true
	}
	var fs []string
	for f := range set {
		fs = append(fs, f)
	}
	sort.Strings(fs)
	out := []Mask{{Name: "none"}}
	for _, f := range fs {
		out = append(out, Mask{Name: f, Features: []string{f}})
	}
	if len(fs) > 0 {
		out = append(out, Mask{Name: "all", Features: []string{"all"}})
	}
	return out
}

// modelLacks reports whether a model's expected features (ci/models.json)
// include none of the mask's features: masking them there changes nothing.
// Forced features do not count: the guest cannot detect them, so Go does
// not use them there.
func modelLacks(arch string, m ci.Model, mk Mask) bool {
	g := goDebug(arch)
	if g == nil || m.Expect == nil || len(mk.Features) == 0 || mk.Features[0] == "all" {
		return false
	}
	forced := map[string]bool{}
	for _, f := range m.Force {
		forced[f] = true
	}
	has := map[string]bool{}
	for _, f := range m.Expect {
		if !forced[f] {
			has[g.GoName(f)] = true
		}
	}
	known := tableKnows(arch, g)
	for _, f := range mk.Features {
		if !known[f] || has[f] {
			return false
		}
	}
	return true
}

// tableKnows are the Go options the model table can speak about: those of
// features some model of the arch is expected to have (the runner names
// them), so a model's expect lacking one means the CPU lacks it.
func tableKnows(arch string, g *ci.GoDebug) map[string]bool {
	out := map[string]bool{}
	t, err := ci.Load()
	if err != nil {
		return out
	}
	a, err := t.Find(arch)
	if err != nil {
		return out
	}
	for _, m := range a.Models {
		for _, f := range m.Expect {
			out[g.GoName(f)] = true
		}
		for _, fs := range m.ExpectGen {
			for _, f := range fs {
				out[g.GoName(f)] = true
			}
		}
	}
	return out
}

// baseOptions are the arch's options every package depends on.
func baseOptions(arch string) []string {
	if g := goDebug(arch); g != nil {
		return g.Base
	}
	return nil
}
