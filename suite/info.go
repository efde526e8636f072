package suite

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/wire"
)

// PrintInfo writes what `xarch info` says about one target: its runner's
// hello answer (features, levels, dispatch, ops, probes) against the model
// table.
func PrintInfo(w io.Writer, t driver.Target, m ci.Model, inf wire.Info) {
	fmt.Fprintf(w, "== %s  (%s %s, %s)\n   emulator: %s\n   detected: %s\n", t, inf.Compiler, inf.GoVersion, strings.Join(t.Command(), " "), EmulatorOf(t), strings.Join(inf.Detected, " "))
	if len(inf.Masked) > 0 {
		fmt.Fprintf(w, "   masked:   %s\n", strings.Join(inf.Masked, " "))
	}
	if mm := m.Mismatch(inf.Detected); mm != "" {
		fmt.Fprintf(w, "   model table mismatch: %s\n", mm)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, im := range inf.Impls {
		state := "usable"
		if !im.Usable {
			state = "not usable: " + im.Why
		}
		if im.NeedsHardware != "" && t.Qemu != "" {
			state = "needs hardware: " + im.NeedsHardware
		}
		fmt.Fprintf(tw, "   %s\trank %d\trequires %s\t%s\n", im.Name, im.Rank, strings.Join(im.Requires, ","), state)
	}
	tw.Flush()
	fmt.Fprintf(w, "   dispatch: %v\n", inf.Best)
	if len(inf.Forced) > 0 {
		fmt.Fprintf(w, "   forced:   %s (ci/models.json force: the emulator has them, the guest cannot detect them)\n", strings.Join(inf.Forced, " "))
	}
	var ops []string
	for _, o := range inf.Ops {
		d := o.Name
		if len(o.Params) > 0 {
			d += "(" + strings.Join(o.Params, ",") + ")"
		}
		ops = append(ops, d)
	}
	fmt.Fprintf(w, "   ops:      %s (xarch run --op NAME --param NAME=HEX --in HEX)\n", strings.Join(ops, " "))
	if len(inf.Probes) > 0 {
		var ps []string
		for _, p := range inf.Probes {
			ps = append(ps, p.Feature+":"+p.Instr)
		}
		fmt.Fprintf(w, "   probes:   %s (xarch test runs them before the kernels)\n", strings.Join(ps, " "))
	}
	if len(inf.MemProbes) > 0 {
		var ps []string
		for _, p := range inf.MemProbes {
			ps = append(ps, p.Feature+":"+p.Form)
		}
		fmt.Fprintf(w, "   memory:   %s (memory-operand probes at a PROT_NONE page)\n", strings.Join(ps, ", "))
	}
}
