package gotest

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Feature masks for `xarch gotest`: the GODEBUG=cpu.<name>=off spellings
// Go's internal/cpu (and golang.org/x/sys/cpu, which reads GODEBUG too)
// understands for an arch. The names are read from the toolchain's own
// source, so a new Go release brings its new options with it.

// cpuOptionFiles are the files of internal/cpu (and x/sys/cpu) that list an
// arch's options.
var cpuOptionFiles = map[string][]string{
	"amd64":   {"cpu_x86.go"},
	"arm64":   {"cpu_arm64.go"},
	"ppc64le": {"cpu_ppc64x.go"},
}

// fallbackOptions are used when the toolchain's source cannot be read
// (internal/cpu of Go 1.26).
var fallbackOptions = map[string][]string{
	"amd64": {"adx", "aes", "avx", "avx2", "avx512bw", "avx512cd", "avx512dq", "avx512f", "avx512vl", "bmi1", "bmi2",
		"erms", "fma", "fsrm", "pclmulqdq", "popcnt", "rdtscp", "sha", "sse3", "sse41", "sse42", "ssse3", "vpclmulqdq"},
	"arm64":   {"aes", "atomics", "cpuid", "crc32", "isNeoverse", "pmull", "sha1", "sha2", "sha3", "sha512"},
	"ppc64le": {"darn", "power9", "scv"},
}

var optionName = regexp.MustCompile(`Name:\s*"([A-Za-z0-9_]+)"`)

// cpuOptions lists the option names of an arch: internal/cpu's, plus
// x/sys/cpu's when xsysDir (its source directory) is given.
func cpuOptions(arch, goroot, xsysDir string) []string {
	set := map[string]bool{}
	for _, dir := range []string{filepath.Join(goroot, "src", "internal", "cpu"), xsysDir} {
		if dir == "" {
			continue
		}
		for _, f := range cpuOptionFiles[arch] {
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
		for _, n := range fallbackOptions[arch] {
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
// cpu.PPC64.IsPOWER9.
var featureUse = regexp.MustCompile(`\b(X86|ARM64|PPC64)\.?(Has|Is)([A-Za-z0-9_]+)`)

var featureArch = map[string]string{"X86": "amd64", "ARM64": "arm64", "PPC64": "ppc64le"}

// usedFeatures maps the feature tests in src to option names of arch.
func usedFeatures(src []byte, arch string, options []string) []string {
	known := map[string]bool{}
	for _, o := range options {
		known[strings.ToLower(o)] = true
	}
	set := map[string]bool{}
	for _, m := range featureUse.FindAllSubmatch(src, -1) {
		if featureArch[string(m[1])] != arch {
			continue
		}
		n := strings.ToLower(string(m[3]))
		if n == "avx512vpclmulqdq" && known["vpclmulqdq"] {
			n = "vpclmulqdq" // internal/cpu's spelling
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
// the package tests any feature).
func defaultMasks(used []string) []Mask {
	out := []Mask{{Name: "none"}}
	for _, f := range used {
		out = append(out, Mask{Name: f, Features: []string{f}})
	}
	if len(used) > 0 {
		out = append(out, Mask{Name: "all", Features: []string{"all"}})
	}
	return out
}

// xarchToGo maps the runner's feature names (ci/models.json expect) to
// Go's option names where they differ.
var xarchToGo = map[string]map[string]string{
	"amd64": {"aesni": "aes", "shani": "sha"},
}

// modelLacks reports whether a model's expected features (ci/models.json)
// include none of the mask's features: masking them there changes nothing.
func modelLacks(arch string, expect []string, m Mask) bool {
	if expect == nil || len(m.Features) == 0 || m.Features[0] == "all" {
		return false
	}
	has := map[string]bool{}
	for _, f := range expect {
		if g, ok := xarchToGo[arch][f]; ok {
			f = g
		}
		has[f] = true
	}
	// Only features the table can speak about: the runner names them.
	tableKnows := map[string]bool{
		"aes": true, "pclmulqdq": true, "avx": true, "avx2": true, "bmi2": true, "adx": true, "ssse3": true, "sse41": true,
		"pmull": true, "sha1": true, "sha2": true, "sha512": true, "sha3": true, "power9": true,
	}
	for _, f := range m.Features {
		if !tableKnows[f] || has[f] {
			return false
		}
	}
	return true
}
