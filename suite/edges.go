package suite

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/wire"
)

// Kernel edges: each level's entry points called directly by the runner
// (its edges command) with the counts the ops never use (zero blocks, one,
// the largest the contract allows), as each family declares them. One
// result row per level, one case per edge.

// EdgesFile is the File of a level's kernel-edge row.
const EdgesFile = "kernel edges"

// EdgeRepro is the `xarch run` argument that reruns one edge case.
func EdgeRepro(name string, seed uint64) string {
	if name == "" {
		name = "all"
	}
	return fmt.Sprintf("--edge %s --seed %d", name, seed)
}

// CallEdges asks the runner for impl's edge case name ("" = all).
func CallEdges(s Caller, impl, name string, seed uint64) ([]wire.EdgeResult, error) {
	out, err := s.Call([]byte("edges"), []byte(impl), []byte(name), []byte(fmt.Sprint(seed)))
	if err != nil {
		return nil, err
	}
	var rs []wire.EdgeResult
	if len(out) != 1 || json.Unmarshal(out[0], &rs) != nil {
		return nil, fmt.Errorf("unreadable edges answer %q", out)
	}
	return rs, nil
}

// RunEdges runs every edge case of im and judges them; repro turns an
// edge's name into the command that reruns it.
func RunEdges(s Caller, im wire.ImplInfo, seed uint64, repro func(edge string) string) Result {
	start := time.Now()
	res := Result{Impl: im.Name, File: EdgesFile, Cases: len(im.Edges)}
	rs, err := CallEdges(s, im.Name, "", seed)
	res.Elapsed = time.Since(start)
	if err != nil {
		res.Status, res.Reason = Failed, "kernel edges: "+err.Error()
		res.Failures = []Failure{{Where: "kernel edges", Msg: err.Error(), Repro: repro("")}}
		return res
	}
	if len(rs) != len(im.Edges) {
		res.Status, res.Reason = Failed, fmt.Sprintf("kernel edges: the runner answered %d of %d cases", len(rs), len(im.Edges))
		return res
	}
	for _, r := range rs {
		if r.Error == "" {
			res.Passed++
			continue
		}
		if len(res.Failures) < maxListed {
			res.Failures = append(res.Failures, Failure{Where: "edge " + r.Name, Msg: r.Error, Repro: repro(r.Name)})
		}
	}
	res.Status = Passed
	if res.Passed < res.Cases {
		res.Status = Failed
		res.Reason = fmt.Sprintf("%d of %d kernel edge cases failed", res.Cases-res.Passed, res.Cases)
	}
	return res
}

// edgeTally adds up a target's kernel-edge rows for its note.
type edgeTally struct{ levels, cases, passed int }

func (e *edgeTally) add(r Result) {
	e.levels, e.cases, e.passed = e.levels+1, e.cases+r.Cases, e.passed+r.Passed
}

func (e *edgeTally) note(t driver.Target) string {
	if e.levels == 0 {
		return ""
	}
	return fmt.Sprintf("kernel edges %s: %d of %d cases passed over %d levels", t, e.passed, e.cases, e.levels)
}
