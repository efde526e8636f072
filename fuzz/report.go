package fuzz

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/internal/shell"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/wire"
)

// Failure is one implementation's first failing case, shrunk.
type Failure struct {
	Arch, Model, Impl string
	Case              Case // shrunk; its Variants hold the failing one
	OrigLen           int
	Variant           Variant
	Kind              string
	Detail            string // fault, check or crash message
	Want, Got         []byte // wrong output only
	Runs              int    // runs the shrinker spent
	Repro             string
}

// Where names the case: "fuzz case 417 (seed 1)".
func (f *Failure) Where() string {
	return fmt.Sprintf("fuzz case %d (seed %d)", f.Case.Index, f.Case.Seed)
}

// RunLine is the generic `xarch run` command for the shrunk input (one
// call, no guard pages or variant: the fuzz repro line reproduces those).
func (f *Failure) RunLine() string {
	s := fmt.Sprintf("xarch run --arch %s --model %s --impl %s ", f.Arch, shell.Quote(f.Model), shell.Quote(f.Impl))
	var names []string
	if o, ok := arch.LookupOp(f.Case.Op.Name); ok {
		names = o.Params
	}
	return s + suite.OpArgs(f.Case.Op.Name, names, f.Case.Params, f.Case.Data, "")
}

// diffWindow is how much of a long output the diff shows around the first
// difference.
const diffWindow = 128

// Message is the multi-line account: what failed, in which variant, the
// shrunk case, and expected versus got as a go-cmp diff.
func (f *Failure) Message() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", f.Kind)
	if f.Variant.Name != "" {
		fmt.Fprintf(&b, " in variant %s", f.Variant.Describe(len(f.Case.Data), f.Case.Op.Cipher))
	}
	if f.Detail != "" {
		detail := f.Detail
		if text, site, ok := wire.ParseFaultSite(detail); ok {
			detail = text + "; faulting instruction: " + site.String()
		}
		fmt.Fprintf(&b, ": %s", detail)
	}
	fmt.Fprintf(&b, "\n        case: %s", f.Case.Describe())
	if f.OrigLen != len(f.Case.Data) {
		fmt.Fprintf(&b, "; shrunk from %d bytes in %d runs", f.OrigLen, f.Runs)
	} else if f.Runs > 0 {
		fmt.Fprintf(&b, "; no shorter input fails (%d runs)", f.Runs)
	}
	switch {
	case len(f.Case.Data) == 0:
		fmt.Fprintf(&b, "\n        input: (empty)")
	case len(f.Case.Data) <= 64:
		fmt.Fprintf(&b, "\n        input: %x", f.Case.Data)
	}
	if len(f.Case.Data) <= 64 {
		fmt.Fprintf(&b, "\n        run: %s", f.RunLine())
	}
	if f.Kind == KindWrong {
		k := firstDiff(f.Want, f.Got)
		w, g, off := f.Want, f.Got, 0
		if len(w) > diffWindow || len(g) > diffWindow {
			off = k - 32
			if off < 0 {
				off = 0
			}
			w, g = window(w, off), window(g, off)
		}
		if len(f.Want) <= 64 && len(f.Got) <= 64 {
			fmt.Fprintf(&b, "\n        expected: %x\n        got:      %x", f.Want, f.Got)
		}
		fmt.Fprintf(&b, "\n        expected vs got (-want +got), first difference at byte %d of %d", k, len(f.Want))
		if off > 0 || len(w) < len(f.Want) {
			fmt.Fprintf(&b, ", bytes %d..%d shown", off, off+len(w))
		}
		fmt.Fprintf(&b, ":\n")
		for _, l := range strings.Split(strings.TrimRight(cmp.Diff(w, g), "\n"), "\n") {
			fmt.Fprintf(&b, "        %s\n", l)
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

func window(b []byte, off int) []byte {
	if off > len(b) {
		return nil
	}
	end := off + diffWindow
	if end > len(b) {
		end = len(b)
	}
	return b[off:end]
}

// Print writes the per-implementation table, the per-target throughput,
// the failures with their repro lines, the oracle's numbers and a total.
func (r *Report) Print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ARCH\tMODEL\tIMPLEMENTATION\tRESULT\tCASES\tCASES/S\tNOTE")
	for _, res := range r.Results {
		cs, rate := "-", "-"
		if res.Cases > 0 {
			cs = fmt.Sprintf("%d/%d", res.Passed, res.Cases)
			if res.Elapsed > 0 {
				rate = fmt.Sprintf("%.0f", float64(res.Cases)/res.Elapsed.Seconds())
			}
		}
		impl := res.Impl
		if res.File == suite.EdgesFile {
			impl += " (" + suite.EdgesFile + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", res.Arch, res.Model, impl, strings.ToUpper(string(res.Status)), cs, rate, res.Reason)
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ARCH\tMODEL\tIMPLS\tCASES\tTIME\tCASES/S\tRESTARTS")
	for _, t := range r.Targets {
		if t.Skip != "" || t.Fail != "" {
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%s\t%.0f\t%d\n", t.Arch, t.Model, t.Impls, t.Cases, t.Elapsed.Round(10*time.Millisecond), t.CasesPerSec(), t.Restarts)
	}
	tw.Flush()
	edgeFails := false
	for _, res := range r.Results {
		edgeFails = edgeFails || (res.File == suite.EdgesFile && len(res.Failures) > 0)
	}
	if len(r.Failures) > 0 || edgeFails {
		fmt.Fprintf(w, "\nFAILURES (the first per implementation, shrunk)\n")
		for _, f := range r.Failures {
			fmt.Fprintf(w, "  %s/%s %s: %s: %s\n      seed %d; repro: %s\n", f.Arch, f.Model, f.Impl, f.Where(), f.Message(), f.Case.Seed, f.Repro)
		}
	}
	for _, res := range r.Results {
		for _, f := range res.Failures {
			if res.File == suite.EdgesFile {
				fmt.Fprintf(w, "  %s/%s %s: %s: %s\n      repro: %s\n", res.Arch, res.Model, res.Impl, f.Where, f.Msg, f.Repro)
			}
		}
	}
	suite.PrintMemProbes(w, r.Probes, r.Arches)
	if len(r.Notes) > 0 {
		fmt.Fprintf(w, "\nNOTES\n  %s\n", strings.Join(r.Notes, "\n  "))
	}
	fmt.Fprintf(w, "\n%s\n", r.Oracle)
	p, f, s := 0, 0, 0
	cases := 0
	for _, res := range r.Results {
		cases += res.Cases
		switch res.Status {
		case suite.Passed:
			p++
		case suite.Failed:
			f++
		default:
			s++
		}
	}
	fmt.Fprintf(w, "seed %d, %d cases, wall time %s\n", r.Seed, cases, r.Wall.Round(100*time.Millisecond))
	fmt.Fprintf(w, "xarch fuzz: %d passed, %d failed, %d skipped\n", p, f, s)
}
