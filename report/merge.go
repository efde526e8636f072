package report

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// ReadMatrix reads a matrix as `xarch matrix` prints it.
func ReadMatrix(path string) (*Matrix, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Matrix
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(m.Include) == 0 {
		return nil, fmt.Errorf("%s: matrix has no entries", path)
	}
	return &m, nil
}

// Input is one file handed to Merge.
type Input struct {
	Path string
	File *File
}

// group is the set of shard files of one selection.
func groupKey(f *File) string {
	b, _ := json.Marshal(f.Selection)
	return string(b)
}

// identityProblems names the inputs whose identity differs from the
// first's, field by field, and a target two inputs ran under different
// emulators.
func identityProblems(in []Input) []string {
	var problems []string
	first := in[0]
	for _, x := range in[1:] {
		if field, a, b := first.File.Identity.differs(x.File.Identity); field != "" {
			problems = append(problems, fmt.Sprintf("%s and %s differ in %s (%q vs %q): merge the shards of one run", first.Path, x.Path, field, a, b))
		}
	}
	emu, from := map[string]string{}, map[string]string{}
	for _, x := range in {
		keys := make([]string, 0, len(x.File.Emulators))
		for k := range x.File.Emulators {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			v := x.File.Emulators[k]
			if e, ok := emu[k]; ok && e != v {
				problems = append(problems, fmt.Sprintf("%s and %s differ in emulators[%s] (%q vs %q)", from[k], x.Path, k, e, v))
				continue
			}
			emu[k], from[k] = v, x.Path
		}
	}
	return problems
}

func describe(s Selection) string {
	models := s.Models
	if models == "" {
		models = "default models"
	}
	d := strings.Join(s.Arches, ",") + "/" + models
	if s.Impl != "" {
		d += " impl " + s.Impl
	}
	if s.Mask != "" {
		d += " mask " + s.Mask
	}
	if s.Planted {
		d += " planted"
	}
	return d
}

// Merge combines the files of a sharded run into one report. It returns the
// merged file and the problems that make the merge fail: a shard missing,
// given twice, or of a different count than its siblings; a run that did
// not finish; a cell reported by two files; and, when expect is given, a
// matrix entry with no file. Failed results are not problems here: they are
// in the merged totals (File.Failed).
func Merge(in []Input, expect *Matrix) (*File, []string) {
	var problems []string
	out := &File{Format: Format, Notes: []string{}, Results: []Result{}}
	if len(in) == 0 {
		out.Error = "merge: no report files to merge"
		return out, []string{"no report files to merge"}
	}

	problems = append(problems, identityProblems(in)...)
	out.Identity = in[0].File.Identity

	// Shards per selection: each of 1..N exactly once, one N.
	type group struct {
		sel    Selection
		counts map[int]bool
		seen   map[int][]string
	}
	groups := map[string]*group{}
	var order []string
	for _, x := range in {
		f := x.File
		k := groupKey(f)
		g := groups[k]
		if g == nil {
			g = &group{sel: f.Selection, counts: map[int]bool{}, seen: map[int][]string{}}
			groups[k] = g
			order = append(order, k)
		}
		g.counts[f.Shard.Count] = true
		g.seen[f.Shard.Index] = append(g.seen[f.Shard.Index], x.Path)
		if f.Error != "" {
			problems = append(problems, fmt.Sprintf("%s (%s, %s) did not finish: %s", x.Path, describe(f.Selection), f.Shard, f.Error))
		}
		if f.Shard.Count > 0 && (f.Shard.Index < 1 || f.Shard.Index > f.Shard.Count) {
			problems = append(problems, fmt.Sprintf("%s: bad shard %d/%d", x.Path, f.Shard.Index, f.Shard.Count))
		}
	}
	for _, k := range order {
		g := groups[k]
		var counts []int
		for c := range g.counts {
			counts = append(counts, c)
		}
		sort.Ints(counts)
		if len(counts) > 1 {
			problems = append(problems, fmt.Sprintf("%s: files disagree on the shard count (%v); merge the shards of one run", describe(g.sel), counts))
			continue
		}
		n := counts[0]
		if n == 0 {
			n = 1 // a whole run: one "shard", index 0
			if len(g.seen[0]) > 1 {
				problems = append(problems, fmt.Sprintf("%s: whole run given %d times: %s", describe(g.sel), len(g.seen[0]), strings.Join(g.seen[0], ", ")))
			}
			continue
		}
		for i := 1; i <= n; i++ {
			switch paths := g.seen[i]; {
			case len(paths) == 0:
				problems = append(problems, fmt.Sprintf("%s: shard %d/%d missing", describe(g.sel), i, n))
			case len(paths) > 1:
				problems = append(problems, fmt.Sprintf("%s: shard %d/%d given %d times: %s", describe(g.sel), i, n, len(paths), strings.Join(paths, ", ")))
			}
		}
	}

	// Every matrix entry must have its file.
	if expect != nil {
		have := map[string]bool{}
		for _, x := range in {
			f := x.File
			if len(f.Selection.Arches) == 1 {
				have[fmt.Sprintf("%s %s %d/%d", f.Selection.Arches[0], f.Selection.Models, f.Shard.Index, f.Shard.Count)] = true
			}
		}
		for _, e := range expect.Include {
			if !have[fmt.Sprintf("%s %s %d/%d", e.Arch, e.Model, e.Shard, e.Shards)] {
				problems = append(problems, fmt.Sprintf("matrix entry %s (%s/%s shard %d/%d): no report file", e.ID, e.Arch, e.Model, e.Shard, e.Shards))
			}
		}
	}

	// The cells: each reported once.
	from := map[string]string{}
	notes := map[string]bool{}
	probes := map[string]bool{} // every shard probes its targets: keep one
	targets := map[string]bool{}
	levels := map[string]bool{}
	for _, x := range in {
		f := x.File
		for _, r := range f.Results {
			k := r.Key()
			if p, dup := from[k]; dup {
				problems = append(problems, fmt.Sprintf("%s reported by both %s and %s (overlapping shards?)", k, p, x.Path))
				continue
			}
			from[k] = x.Path
			out.Results = append(out.Results, r)
			targets[r.Arch+"/"+r.Model] = true
		}
		for _, n := range f.Notes {
			notes[n] = true
		}
		for k, v := range f.Emulators {
			if out.Emulators == nil {
				out.Emulators = map[string]string{}
			}
			out.Emulators[k] = v
		}
		for _, l := range f.Levels {
			if !levels[l] {
				levels[l] = true
				out.Levels = append(out.Levels, l)
			}
		}
		for _, p := range f.Probes {
			k := fmt.Sprintf("%s %s %s %s %v %v", p.Arch, p.Model, p.Feature, p.Instr, p.Forced, p.NoProbe)
			if !probes[k] {
				probes[k] = true
				out.Probes = append(out.Probes, p)
			}
		}
		if f.WallNS > out.WallNS {
			out.WallNS = f.WallNS // shards run side by side
		}
		if out.Started.IsZero() || (!f.Started.IsZero() && f.Started.Before(out.Started)) {
			out.Started = f.Started
		}
		if out.Host == "" {
			out.Host = f.Host
		} else if f.Host != "" && f.Host != out.Host && !strings.Contains(out.Host, f.Host) {
			out.Host += "," + f.Host
		}
		out.Sources = append(out.Sources, Source{Path: x.Path, Selection: f.Selection, Shard: f.Shard,
			WallNS: f.WallNS, Error: f.Error, Totals: f.Totals})
	}
	for n := range notes {
		out.Notes = append(out.Notes, n)
	}
	sort.Strings(out.Notes)
	sort.Strings(out.Levels)
	sortResults(out.Results)
	sortProbes(out.Probes)
	seenArch := map[string]bool{}
	for _, r := range out.Results {
		if !seenArch[r.Arch] {
			seenArch[r.Arch] = true
			out.Selection.Arches = append(out.Selection.Arches, r.Arch)
		}
	}
	out.Targets = len(targets)
	out.Totals = totals(out.Suite())
	if len(problems) > 0 {
		out.Error = fmt.Sprintf("merge: %d problem(s): %s", len(problems), strings.Join(problems, "; "))
	}
	return out, problems
}
