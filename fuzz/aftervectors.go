package fuzz

import (
	"fmt"
	"io"
	"time"

	"github.com/xarchlab/xarch/suite"
)

// AfterVectors runs the differential cases of `xarch test` (cases per
// implementation, 0 = the default budget) and folds them into the vector
// report: results join the matrix rows, per-target throughput the notes.
func AfterVectors(rep *suite.Report, o suite.Options, cases int, seed uint64, log io.Writer) error {
	start := time.Now()
	fo := Options{
		Arches: o.Arches, Models: o.Models, Impl: o.Impl, Mask: o.Mask, ABI: o.ABI, ABISeed: o.ABISeed, Planted: o.Planted, Seed: seed,
		Cases: cases, Case: -1, Len: -1, EveryModel: o.EveryModel, Jobs: o.Jobs, Timeout: o.Timeout, CI: o.CI, Build: o.Build, Quiet: true,
	}
	// A shard owns an implementation's fuzz cases as it owns a vector file:
	// by the key of the result row.
	file := fmt.Sprintf("fuzz (seed %d)", seed)
	fo.Keep = func(arch, model, impl string) bool { return o.Shard.Has(arch, model, impl, file) }
	fo.OracleLog = log
	fo.Partial = o.Partial
	fr, err := Run(fo)
	if err != nil {
		return err
	}
	rep.Results = append(rep.Results, fr.Results...)
	for _, t := range fr.Targets {
		if t.Skip == "" && t.Fail == "" {
			rep.Notes = append(rep.Notes, fmt.Sprintf("fuzz %s/%s: %d cases over %d implementations in %s, %.0f cases/s (seed %d)",
				t.Arch, t.Model, t.Cases, t.Impls, t.Elapsed.Round(10*time.Millisecond), t.CasesPerSec(), seed))
		}
	}
	rep.Notes = append(rep.Notes, fr.Notes...)
	rep.Notes = append(rep.Notes, fmt.Sprintf("fuzz: wall time %s; %s", time.Since(start).Round(100*time.Millisecond), fr.Oracle))
	rep.Wall += time.Since(start)
	return nil
}
