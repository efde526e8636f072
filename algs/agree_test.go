package algs_test

import (
	"fmt"
	_ "github.com/xarchlab/xarch/family/all/host" // every family's spec and judging
	"sort"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/arch"
	_ "github.com/xarchlab/xarch/arch/all"
	"github.com/xarchlab/xarch/fuzz"
	"github.com/xarchlab/xarch/oracle/ref"
	"github.com/xarchlab/xarch/speed"
	"github.com/xarchlab/xarch/suite"
)

// TestTablesAgree: every op a family serves on the target (package arch)
// has a host spec (package algs), a reference answer (oracle/ref, which the
// wasm oracle serves), a fuzz op, and a speed algorithm whose Go peer the
// host knows; every spec names only ops the target serves and vector suite
// kinds the suite can judge. A family added on one side only fails here
// with the list of what is missing.
func TestTablesAgree(t *testing.T) {
	var problems []string
	bad := func(format string, a ...interface{}) { problems = append(problems, fmt.Sprintf(format, a...)) }

	refOps := map[string]bool{}
	for _, o := range ref.Ops() {
		refOps[o] = true
	}
	targetOps := map[string]*arch.Op{}
	for _, o := range arch.Ops() {
		targetOps[o.Name] = o
	}
	speedOf := map[string]bool{} // ops the target times
	for _, sa := range arch.SpeedAlgs() {
		speedOf[sa.Op] = true
		spec, _, err := algs.Speed(sa.Name)
		if err != nil {
			bad("speed algorithm %s (family %s) is timed by the runner but has no host peer in algs (SpeedPeer)", sa.Name, sa.Family)
		} else if spec.Family != sa.Family {
			bad("speed algorithm %s is family %s on the target, %s on the host", sa.Name, sa.Family, spec.Family)
		}
	}
	for _, f := range arch.Families() {
		spec, ok := algs.Lookup(f.Name)
		if !ok {
			bad("family %s is served by the target but has no host spec (algs.Register)", f.Name)
			continue
		}
		if len(spec.Suites) == 0 {
			bad("family %s has no vector suite", f.Name)
		}
		fuzzed := map[string]bool{}
		for _, o := range fuzz.OpsFor(f.Name) {
			fuzzed[o.Name] = true
		}
		for _, o := range f.Ops {
			_, os, ok := algs.Op(o.Name)
			if !ok {
				bad("op %s (family %s) has no host op spec", o.Name, f.Name)
				continue
			}
			if !refOps[o.Name] {
				bad("op %s (family %s) has no reference in oracle/ref", o.Name, f.Name)
			}
			if !fuzzed[o.Name] && os.NoFuzz == "" {
				bad("op %s (family %s) is not fuzzed and its spec gives no NoFuzz reason", o.Name, f.Name)
			}
			if len(o.Params) > 0 && os.Params == nil && os.NoFuzz == "" {
				bad("op %s takes params %v but its spec cannot make them (OpSpec.Params)", o.Name, o.Params)
			}
			if !speedOf[o.Name] && os.NoSpeed == "" {
				bad("op %s (family %s) has no speed algorithm and its spec gives no NoSpeed reason", o.Name, f.Name)
			}
		}
	}
	for _, spec := range algs.All() {
		f, ok := arch.LookupFamily(spec.Family)
		if !ok {
			bad("host spec %s names a family the target does not serve", spec.Family)
			continue
		}
		for _, o := range spec.Ops {
			if to, ok := targetOps[o.Name]; !ok || to.Family != f.Name {
				bad("host spec %s lists op %s, which the target's family %s does not serve", spec.Family, o.Name, f.Name)
			}
		}
		for _, vs := range spec.Suites {
			if !suite.KnownKind(vs.Kind) {
				bad("family %s: vector suite kind %q is unknown to package suite", spec.Family, vs.Kind)
			}
			if vs.Op != "" {
				if to, ok := targetOps[vs.Op]; !ok || to.Family != f.Name {
					bad("family %s: vector suite %s names op %s, not one of the family's", spec.Family, vs.Kind, vs.Op)
				}
			}
			if len(vs.Files) == 0 {
				bad("family %s: vector suite %s has no files", spec.Family, vs.Kind)
			}
		}
		for _, p := range spec.Speed {
			if _, ok := arch.LookupSpeed(p.Name); !ok {
				bad("host speed peer %s (family %s) is not timed by the runner", p.Name, spec.Family)
			}
			if _, err := speed.LookupAlg(p.Name); err != nil {
				bad("speed peer %s: %v", p.Name, err)
			}
		}
	}
	for o := range refOps {
		if _, ok := targetOps[o]; !ok {
			bad("oracle/ref answers op %s, which no family serves", o)
		}
	}
	sort.Strings(problems)
	if len(problems) > 0 {
		t.Fatalf("the family tables disagree:\n  %s", strings.Join(problems, "\n  "))
	}
	t.Logf("%d families, %d ops, %d speed algorithms agree", len(arch.Families()), len(targetOps), len(arch.SpeedAlgs()))
}
