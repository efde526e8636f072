package ci

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// The OpenSSL provider's levels (openssl-levels.json): capability masks of
// libcrypto per arch, whether one fits a model's detected word, and the
// instructions that are evidence of the code a level ran.

//go:embed openssl-levels.json
var opensslJSON []byte

// OpenSSLTable is openssl-levels.json.
type OpenSSLTable struct {
	Libraries map[string]OpenSSLLibrary `json:"libraries"`
	Arches    map[string]*OpenSSLArch   `json:"arches"`
	// Reports are the named rows (openssl_reports.go).
	Reports []OpenSSLReport `json:"reports"`
}

// OpenSSLLibrary is one library version: its root ("" = the system's
// multiarch install) holding one folder per Debian arch.
type OpenSSLLibrary struct {
	Root   string   `json:"root"`
	Arches []string `json:"arches"`
}

// OpenSSLArch is one arch's capability variable, bits, levels, evidence.
type OpenSSLArch struct {
	Env     string `json:"env"`
	Syntax  string `json:"syntax"` // word, ia32cap, isa
	Triplet string `json:"triplet"`
	Debian  string `json:"debian"`
	// Gen, when set, is the emulator generation the levels need (the
	// library detects nothing under older ones).
	Gen          string              `json:"gen"`
	Bits         map[string]string   `json:"bits"`
	Levels       []OpenSSLLevel      `json:"levels"`
	Instructions []OpenSSLInstrEntry `json:"instructions"`

	// WordTwins: the detected level runs the same library code on every
	// model where the library detects the same word (under one emulator),
	// but for ModelFamilies, whose code reads the model beyond the word.
	WordTwins     bool     `json:"word_twins"`
	ModelFamilies []string `json:"model_families"`
}

// OpenSSLLevel is one mask.
type OpenSSLLevel struct {
	Name  string   `json:"name"`
	Value string   `json:"value"` // the variable's value; "" for detected (unset)
	Bits  []string `json:"bits"`
	Drops []string `json:"drops"`
}

// OpenSSLInstrEntry is one characteristic instruction.
type OpenSSLInstrEntry struct {
	Name   string   `json:"name"`
	Match  string   `json:"match"` // value/mask of the instruction word
	Bit    string   `json:"bit"`
	Unless []string `json:"unless"`
	Family string   `json:"family"`
	// Lanes, when set, counts translation blocks in which the instruction
	// writes exactly this many distinct registers (arm64 Rd: bits 0-4).
	Lanes int `json:"lanes"`
	// Report, when set, counts and shows the instruction without requiring
	// it (a path the library picks by more than the word: input length, model).
	Report bool `json:"report"`
	value  uint32
	mask   uint32
}

// Detected reports whether the level is the unmasked library.
func (l OpenSSLLevel) Detected() bool { return l.Value == "" }

// LoadOpenSSL parses and checks the table.
func LoadOpenSSL() (*OpenSSLTable, error) {
	var t OpenSSLTable
	if err := json.Unmarshal(opensslJSON, &t); err != nil {
		return nil, fmt.Errorf("ci/openssl-levels.json: %v", err)
	}
	for name, a := range t.Arches {
		for i := range a.Instructions {
			in := &a.Instructions[i]
			p := strings.Split(in.Match, "/")
			v, err1 := strconv.ParseUint(p[0], 0, 32)
			var m uint64
			var err2 error
			if len(p) == 2 {
				m, err2 = strconv.ParseUint(p[1], 0, 32)
			}
			if len(p) != 2 || err1 != nil || err2 != nil || uint32(v)&^uint32(m) != 0 {
				return nil, fmt.Errorf("ci/openssl-levels.json: %s instruction %s: match %q is not value/mask", name, in.Name, in.Match)
			}
			in.value, in.mask = uint32(v), uint32(m)
		}
		for _, l := range a.Levels {
			for _, b := range append(append([]string{}, l.Bits...), l.Drops...) {
				if _, ok := a.Bits[b]; !ok && a.Syntax != "isa" {
					return nil, fmt.Errorf("ci/openssl-levels.json: %s level %s names unknown bit %s", name, l.Name, b)
				}
			}
			if a.Syntax == "word" && !l.Detected() {
				v, err := strconv.ParseUint(l.Value, 0, 64)
				if err != nil || v != a.word(l.Bits) {
					return nil, fmt.Errorf("ci/openssl-levels.json: %s level %s: value %s is not its bits %v (%#x)", name, l.Name, l.Value, l.Bits, a.word(l.Bits))
				}
			}
		}
	}
	if err := t.checkReports(); err != nil {
		return nil, err
	}
	return &t, nil
}

func (a *OpenSSLArch) word(bits []string) uint64 {
	var w uint64
	for _, b := range bits {
		v, _ := strconv.ParseUint(a.Bits[b], 0, 64)
		w |= v
	}
	return w
}

var cpuinfoRE = regexp.MustCompile(`OPENSSL_[a-z0-9]+cap=(\S+)`)

// DetectedBits turns the library's CPU info line ("CPUINFO:
// OPENSSL_armcap=0xbd") into the set of bit names it says are there.
func (a *OpenSSLArch) DetectedBits(cpuinfo string) (map[string]bool, error) {
	m := cpuinfoRE.FindStringSubmatch(cpuinfo)
	if m == nil {
		return nil, fmt.Errorf("no capability word in the library's CPU info %q", cpuinfo)
	}
	out := map[string]bool{}
	switch a.Syntax {
	case "isa":
		for _, e := range strings.Split(strings.ToUpper(m[1]), "_") {
			out[e] = true
		}
	case "word":
		w, err := strconv.ParseUint(m[1], 0, 64)
		if err != nil {
			return nil, fmt.Errorf("capability word %q: %v", m[1], err)
		}
		for n, v := range a.Bits {
			b, _ := strconv.ParseUint(v, 0, 64)
			if w&b != 0 {
				out[n] = true
			}
		}
	case "ia32cap":
		var words []uint64
		for _, f := range strings.Split(m[1], ":") {
			w, err := strconv.ParseUint(f, 0, 64)
			if err != nil {
				return nil, fmt.Errorf("ia32cap word %q: %v", f, err)
			}
			words = append(words, w)
		}
		for n, v := range a.Bits {
			var wi, bit int
			fmt.Sscanf(v, "%d:%d", &wi, &bit)
			if wi < len(words) && words[wi]>>uint(bit)&1 == 1 {
				out[n] = true
			}
		}
	default:
		return nil, fmt.Errorf("unknown capability syntax %q", a.Syntax)
	}
	return out, nil
}

// Missing says why level l cannot run where the library detects det ("":
// it can): a bit it claims is absent (claiming it would be a SIGILL), or
// none of the bits it drops is detected (the mask would turn off nothing
// it exists to turn off, so it would test nothing).
func (l OpenSSLLevel) Missing(det map[string]bool) string {
	var miss []string
	for _, b := range l.Bits {
		if !det[b] {
			miss = append(miss, b)
		}
	}
	drops := len(l.Drops) == 0
	for _, b := range l.Drops {
		drops = drops || det[b]
	}
	if !drops {
		miss = append(miss, l.Drops...)
	}
	if len(miss) == 0 {
		return ""
	}
	sort.Strings(miss)
	why := "missing feature " + strings.Join(miss, ",")
	if !drops && len(l.Drops) > 1 {
		why += " (the level drops any of " + strings.Join(l.Drops, ", ") + ": none is detected)"
	}
	return why
}

// ModelIndependent reports whether level l makes the library run the same
// code on every model: its value replaces detection whole (not ia32cap's
// edits of the detected word) and leaves out arm64's CPUID bit, which
// lets the library read the model's MIDR (N1/A72 NEON RSA, N2/V1 unroll8).
func (a *OpenSSLArch) ModelIndependent(l OpenSSLLevel) bool {
	if l.Detected() || a.Syntax == "ia32cap" {
		return false
	}
	for _, b := range l.Bits {
		if b == "ARMV8_CPUID" {
			return false
		}
	}
	return true
}

// Effective is the set of bits the library runs with under level l.
func (a *OpenSSLArch) Effective(l OpenSSLLevel, det map[string]bool) map[string]bool {
	if l.Detected() {
		return det
	}
	out := map[string]bool{}
	if a.Syntax == "ia32cap" {
		for b := range det {
			out[b] = true
		}
		for _, b := range l.Drops {
			delete(out, b)
		}
		return out
	}
	for _, b := range l.Bits {
		out[b] = true
	}
	return out
}

// Expect says whether instruction in should appear under effective bits eff.
func (in OpenSSLInstrEntry) Expect(eff map[string]bool) bool {
	if !eff[in.Bit] || in.Report {
		return false
	}
	for _, u := range in.Unless {
		if eff[u] {
			return false
		}
	}
	return true
}

// Matches reports whether a 32-bit instruction word is this instruction.
func (in OpenSSLInstrEntry) Matches(w uint32) bool { return w&in.mask == in.value }
