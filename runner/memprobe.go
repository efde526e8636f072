package runner

// The memprobe command: each memory-operand probe (arch.MemProbe) runs
// with its operand ending exactly at a PROT_NONE page, where it must not
// fault, and one byte further, where it must. See arch/memprobe.go.
//
// Target-side code: Go 1.18 and gccgo 12.

import (
	"encoding/json"
	"fmt"
	"sort"
	"unsafe"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

func init() {
	// form: one form ("" = every probe whose feature is detected); force =
	// "force" runs it although its feature is not detected.
	register("memprobe", 2, "form, force (\"force\" or \"\")", cmdMemProbe)
}

// memProbeList is the hello answer's list, sorted by feature then form.
func memProbeList() []wire.MemProbeInfo {
	var out []wire.MemProbeInfo
	for _, p := range arch.MemProbes() {
		out = append(out, memInfo(p))
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Feature != out[j].Feature {
			return out[i].Feature < out[j].Feature
		}
		return out[i].Form < out[j].Form
	})
	return out
}

func memInfo(p arch.MemProbe) wire.MemProbeInfo {
	return wire.MemProbeInfo{Feature: p.Feature, Form: p.Form, Mnemonic: p.Mnemonic, Size: p.Size, Store: p.Store, Align: p.Align, Planted: p.Planted}
}

var memArena guarded

func cmdMemProbe(s *Server, args [][]byte) ([][]byte, error) {
	form := string(args[0])
	force := false
	switch string(args[1]) {
	case "force":
		force = true
	case "":
	default:
		return nil, fmt.Errorf("force %q: want \"force\" or \"\"", args[1])
	}
	if err := memArena.ensure(64); err != nil {
		return nil, err
	}
	results := []wire.MemProbeResult{}
	found := false
	for _, p := range arch.MemProbes() {
		if form != "" && p.Form != form {
			continue
		}
		found = true
		if !force && !s.State.Detected[p.Feature] {
			if form != "" {
				return nil, fmt.Errorf("feature %q of %s is not detected here; send force to run it anyway", p.Feature, p.Form)
			}
			continue
		}
		results = append(results, runMemProbe(p))
	}
	if form != "" && !found {
		return nil, fmt.Errorf("unknown memory-operand form %q", form)
	}
	js, err := json.Marshal(results)
	if err != nil {
		return nil, err
	}
	return [][]byte{js}, nil
}

// runMemProbe runs one probe at both placements.
func runMemProbe(p arch.MemProbe) wire.MemProbeResult {
	r := wire.MemProbeResult{MemProbeInfo: memInfo(p)}
	body := memArena.body
	end := len(body) - p.Size
	var siteEnd, siteBeyond wire.FaultSite
	base := unsafe.Pointer(&body[0])
	r.AtEnd, siteEnd = tryMem(p, unsafe.Add(base, end))
	// With Step == Size the operand starts at the guard page itself,
	// one past the body's last index.
	r.Beyond, siteBeyond = tryMem(p, unsafe.Add(base, end+p.Step()))
	r.Site = siteBeyond
	if r.Beyond == "" {
		r.Site = siteEnd
	}
	r.OK = r.AtEnd == "" && r.Beyond != ""
	return r
}

// tryMem runs the probe once; a fault is returned with its site.
func tryMem(p arch.MemProbe, at unsafe.Pointer) (fault string, site wire.FaultSite) {
	defer func() {
		if e := recover(); e != nil {
			site = faultSite()
			fault = fmt.Sprint(e)
			if a, ok := e.(interface{ Addr() uintptr }); ok {
				fault = fmt.Sprintf("memory fault at %#x (operand at %#x, %d bytes; guard page at %#x): %s",
					a.Addr(), uintptr(at), p.Size, addrOf(memArena.body)+uintptr(len(memArena.body)), fault)
			}
		}
	}()
	p.Run(at)
	return "", site
}
