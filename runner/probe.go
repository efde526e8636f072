package runner

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// Feature probes: the host asks the runner to execute the known-answer
// instruction check of a feature before trusting kernels that need it.

func init() {
	// force = "force" runs the probe even if the feature is not detected
	// (it may trap: the host expects that and restarts the runner).
	register("probe", 2, "feature, force (\"force\" or \"\")", cmdProbe)
}

// ProbeResult and ProbeInfo are the probe command's types (package wire).
type (
	ProbeResult = wire.ProbeResult
	ProbeInfo   = wire.ProbeInfo
)

// probeList lists the registered probes, sorted by feature then instruction.
func probeList() []ProbeInfo {
	var out []ProbeInfo
	for _, p := range arch.Probes() {
		out = append(out, ProbeInfo{Feature: p.Feature, Instr: p.Instr})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Feature != out[j].Feature {
			return out[i].Feature < out[j].Feature
		}
		return out[i].Instr < out[j].Instr
	})
	return out
}

func cmdProbe(s *Server, args [][]byte) ([][]byte, error) {
	feature := string(args[0])
	force := false
	switch string(args[1]) {
	case "force":
		force = true
	case "":
	default:
		return nil, fmt.Errorf("force %q: want \"force\" or \"\"", args[1])
	}
	known := false
	var names []string
	for _, f := range arch.KnownFeatures() {
		names = append(names, f.Name)
		known = known || f.Name == feature
	}
	if !known {
		return nil, fmt.Errorf("unknown feature %q (known here: %s)", feature, strings.Join(names, ","))
	}
	if !force && !s.State.Detected[feature] {
		return nil, fmt.Errorf("feature %q is not detected here, so its probe may trap; send force to run it anyway", feature)
	}
	results := []ProbeResult{}
	for _, p := range arch.Probes() {
		if p.Feature != feature {
			continue
		}
		results = append(results, runProbe(p))
	}
	js, err := json.Marshal(results)
	if err != nil {
		return nil, err
	}
	return [][]byte{js}, nil
}

// runProbe turns a panic (a fault, thanks to SetPanicOnFault) into a result.
func runProbe(p arch.Probe) (r ProbeResult) {
	r = ProbeResult{Feature: p.Feature, Instr: p.Instr}
	defer func() {
		if e := recover(); e != nil {
			r.OK, r.Error = false, fmt.Sprint(e)
		}
	}()
	want, got := p.Run()
	r.Want, r.Got = hex.EncodeToString(want), hex.EncodeToString(got)
	r.OK = len(want) > 0 && bytes.Equal(want, got)
	return r
}
