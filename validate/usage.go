// Package validate is the host's one validation layer: it checks a command's
// selection, op params, pieces, masks and tuning against the declarations
// (the ops of package arch, ci/models.json, the runner's hello) so that a
// usage mistake is an error with exit status 2 before a build or a runner
// starts. The runner keeps its own checks as a second line.
package validate

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/internal/implselect"
)

// Error is a usage mistake: the command exits 2.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Errorf makes a usage Error.
func Errorf(format string, a ...interface{}) error {
	return &Error{Msg: fmt.Sprintf(format, a...)}
}

// Is reports whether err is (or wraps) a usage Error.
func Is(err error) bool {
	var u *Error
	return errors.As(err, &u)
}

// filterElems splits an --impl filter.
func filterElems(filter string) []string {
	var out []string
	for _, e := range strings.Split(filter, ",") {
		if e = strings.TrimSpace(e); e != "" {
			out = append(out, e)
		}
	}
	return out
}

// ImplFilter checks an --impl filter before anything runs: the grammar of
// internal/implselect, and every family named is one the ops declare.
func ImplFilter(filter string) error {
	if err := implselect.Check(filter); err != nil {
		return &Error{Msg: err.Error()}
	}
	var fams []string
	known := map[string]bool{}
	for _, f := range arch.Families() {
		fams = append(fams, f.Name)
		known[f.Name] = true
	}
	for _, e := range filterElems(filter) {
		i := strings.Index(e, "/")
		if e == "all" || i < 0 {
			continue
		}
		fam, level := e[:i], e[i+1:]
		if fam == "*" {
			if level == "" {
				return Errorf("--impl %q: name a level after */ (*/generic)", e)
			}
			continue
		}
		if !known[fam] {
			return Errorf("--impl %q: no family %q (families: %s)", e, fam, strings.Join(fams, ", "))
		}
	}
	return nil
}

// Matched checks, once the runners have said which levels they have,
// that every element of the --impl filter matched at least one of them:
// a selection that matches nothing is a mistake, not a run that passes.
func Matched(filter string, levels []string) error {
	if filter == "" || len(levels) == 0 {
		return nil // no runner started: nothing to judge by
	}
	for _, e := range filterElems(filter) {
		var near []string
		hit := false
		fam := e
		if i := strings.Index(e, "/"); i >= 0 {
			fam = e[:i]
		}
		for _, l := range levels {
			if matchOne(e, l) {
				hit = true
				break
			}
			if strings.HasPrefix(l, fam+"/") {
				near = append(near, l)
			}
		}
		if hit {
			continue
		}
		if len(near) == 0 {
			near = levels
		}
		sort.Strings(near)
		return Errorf("--impl %q matches no implementation of the selected arches (there are: %s)", e, strings.Join(near, ", "))
	}
	return nil
}

// matchOne: the selector's own rule for one element (a level the runner
// listed is selectable; the planted rule is the selection's, not ours).
func matchOne(f, name string) bool { return implselect.Match(f, true, name, false) }

// Mask checks --mask against the features ci/models.json lists per arch:
// a feature that only another arch has is a mistake on these arches
// (features no model lists are left to the runner, which knows its own).
func Mask(mask string, arches []string, table *ci.Table) error {
	if mask == "" || mask == "all" {
		return nil
	}
	of := map[string]map[string]bool{} // arch -> features
	for _, a := range table.Arches {
		fs := map[string]bool{}
		for _, m := range a.Models {
			for _, f := range m.Expect {
				fs[f] = true
			}
			for _, f := range m.Force {
				fs[f] = true
			}
			for _, l := range m.ExpectGen {
				for _, f := range l {
					fs[f] = true
				}
			}
		}
		of[a.Arch] = fs
	}
	for _, f := range strings.Split(mask, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		for _, a := range arches {
			if of[a][f] {
				continue
			}
			var others []string
			for _, b := range table.Arches {
				if of[b.Arch][f] {
					others = append(others, b.Arch)
				}
			}
			if len(others) > 0 {
				return Errorf("--mask %s: %s is a feature of %s, not of %s", f, f, strings.Join(others, ", "), a)
			}
		}
	}
	return nil
}

// Variant checks `xarch fuzz --variant` against the variants cases have.
func Variant(v string, names []string) error {
	if v == "" {
		return nil
	}
	for _, n := range names {
		if v == n {
			return nil
		}
	}
	return Errorf("--variant %q: no such variant (variants: %s)", v, strings.Join(names, ", "))
}
