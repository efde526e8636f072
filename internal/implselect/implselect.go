// Package implselect is the --impl selector of xarch test, fuzz, speed
// and gotest's probes: which implementation levels of a runner's table run.
//
// A selection is a comma-separated list of terms: an exact level name
// (sha256/avx2), a family (aes/: its levels), a level of every family
// (*/generic), or all (the same as no selection). Planted levels
// (deliberately broken, built with --planted) are selected only when named:
// by their exact name or as */level, never by a family or all.
package implselect

import (
	"fmt"
	"strings"
)

// Check rejects a selection with a term that cannot match a level name:
// levels are "family/level", so a bare word matches nothing.
func Check(spec string) error {
	for _, e := range terms(spec) {
		if e != "all" && !strings.Contains(e, "/") {
			return fmt.Errorf("--impl %q: name a level (%s/generic), a family (%s/) or a level of every family (*/generic)", e, e, e)
		}
	}
	return nil
}

// Match reports whether the selection spec selects the level name;
// planted says the level is a planted one, withPlanted that planted
// levels were asked for (--planted).
func Match(spec string, withPlanted bool, name string, planted bool) bool {
	if planted && !withPlanted {
		return false
	}
	ts := terms(spec)
	if len(ts) == 0 {
		return !planted
	}
	for _, t := range ts {
		switch {
		case t == name:
			return true
		case strings.HasPrefix(t, "*/") && strings.HasSuffix(name, t[1:]):
			return true
		case planted:
			// Only the two spellings above name it.
		case t == "all":
			return true
		case strings.HasSuffix(t, "/") && strings.HasPrefix(name, t):
			return true
		}
	}
	return false
}

// Exact lists the terms that are exact level names (no family, no */level,
// no all), for a caller that reports a name its target does not have.
func Exact(spec string) []string {
	var out []string
	for _, t := range terms(spec) {
		if t != "all" && !strings.HasSuffix(t, "/") && !strings.HasPrefix(t, "*/") {
			out = append(out, t)
		}
	}
	return out
}

func terms(spec string) []string {
	var out []string
	for _, t := range strings.Split(spec, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}
