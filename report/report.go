// Package report writes and reads the machine-readable results of a suite
// run: a JSON file that carries every field of every result (failures and
// their repro lines included), a JUnit XML file for CI test viewers, and the
// merge of the shard files of a sharded run into one summary.
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"time"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
)

// Format names the JSON layout; a reader refuses any other.
const Format = "xarch-report/1"

// File is one JSON report: a whole run, one shard of a run, or a merge.
type File struct {
	Format    string    `json:"format"`
	Command   []string  `json:"command,omitempty"` // the argv that produced it
	Host      string    `json:"host"`              // goos/goarch of the host that ran it
	Selection Selection `json:"selection"`
	// Identity: the xarch and sources that produced it, the vectors, the
	// seed and fuzz budget; merge refuses to mix identities.
	Identity Identity  `json:"identity"`
	Shard    ShardInfo `json:"shard"`
	Started  time.Time `json:"started"`
	WallNS   int64     `json:"wall_ns"`
	Targets  int       `json:"targets"`         // (arch, model) targets planned
	Error    string    `json:"error,omitempty"` // the run did not finish: why
	Notes    []string  `json:"notes"`
	// Probes are the feature known-answer probes of each target (suite's
	// own rows: every field, as suite names it).
	Probes []suite.ProbeRow `json:"probes,omitempty"`
	// Emulators: what ran each target ("arch/model" -> "qemu 10.0.2",
	// "native"); each result carries its own too.
	Emulators map[string]string `json:"emulators,omitempty"`
	// Levels are the implementations the runners had (suite.Report).
	Levels  []string `json:"levels,omitempty"`
	Totals  Totals   `json:"totals"`
	Results []Result `json:"results"`
	// Sources lists the files a merge read (empty otherwise).
	Sources []Source `json:"sources,omitempty"`
}

// Selection is what the run was asked to cover.
type Selection struct {
	Arches  []string `json:"arches"`
	Models  string   `json:"models"` // "" = each arch's default set
	Impl    string   `json:"impl"`
	Mask    string   `json:"mask"`
	Planted bool     `json:"planted"`
}

// ShardInfo says which part of the run a file holds; Count 0 is all of it.
type ShardInfo struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

func (s ShardInfo) String() string {
	if s.Count == 0 {
		return "whole run"
	}
	return fmt.Sprintf("shard %d/%d", s.Index, s.Count)
}

// Totals are the counts `xarch test` prints: matrix rows (implementation on
// a target) by status, result cells, and cases.
type Totals struct {
	Passed      int `json:"passed"`
	Failed      int `json:"failed"`
	Skipped     int `json:"skipped"`
	Results     int `json:"results"`
	Cases       int `json:"cases"`
	CasesPassed int `json:"cases_passed"`
	// RanOnTwin counts vector files skipped because they ran on a twin
	// target (suite/twins.go).
	RanOnTwin int `json:"ran_on_twin,omitempty"`
}

// Result mirrors suite.Result field for field (a test keeps them in step).
type Result struct {
	Arch      string    `json:"arch"`
	Model     string    `json:"model"`
	Impl      string    `json:"impl"`
	File      string    `json:"file"`
	Status    string    `json:"status"`
	Cases     int       `json:"cases"`
	Passed    int       `json:"passed"`
	Reason    string    `json:"reason,omitempty"`
	Failures  []Failure `json:"failures,omitempty"`
	ElapsedNS int64     `json:"elapsed_ns"`
	Emulator  string    `json:"emulator,omitempty"` // "qemu 10.0.2", "native"
	RanOn     string    `json:"ran_on,omitempty"`   // skipped: the file ran on this twin target
}

// Failure mirrors suite.Failure.
type Failure struct {
	Where string `json:"where"`
	Msg   string `json:"msg"`
	Repro string `json:"repro"`
}

// Source is one input of a merge.
type Source struct {
	Path      string    `json:"path"`
	Selection Selection `json:"selection"`
	Shard     ShardInfo `json:"shard"`
	WallNS    int64     `json:"wall_ns"`
	Error     string    `json:"error,omitempty"`
	Totals    Totals    `json:"totals"`
}

// Meta is what a run knows beside its report.
type Meta struct {
	Command []string
	Options suite.Options
	Started time.Time
	// Seed and FuzzCases are the differential budget after the vectors
	// (Identity.FuzzCases).
	Seed      uint64
	FuzzCases int
	// Incomplete: a signal stopped the run; the file holds the cells
	// that finished.
	Incomplete string
}

// identity is the run's Identity; a hash that cannot be computed is
// recorded as its error, so it still differs from a good one.
func identity(m Meta) Identity {
	o := m.Options
	id := Identity{Version: Version(), ABI: o.ABI, Seed: m.Seed, FuzzCases: m.FuzzCases, ABISeed: o.ABISeed}
	var err error
	if id.SourceHash, err = SourceHash(o.Build.Root); err != nil {
		id.SourceHash = "error: " + err.Error()
	}
	if id.VectorsHash, err = DirHash(o.VectorsDir); err != nil {
		id.VectorsHash = "error: " + err.Error()
	}
	return id
}

// New builds the JSON report of a run. rep may be nil when the run failed
// before it produced one; runErr is then why.
func New(rep *suite.Report, m Meta, runErr error) *File {
	o := m.Options
	f := &File{
		Format:  Format,
		Command: m.Command,
		Host:    runtime.GOOS + "/" + runtime.GOARCH,
		Selection: Selection{Arches: o.Arches, Models: o.Models, Impl: o.Impl, Mask: o.Mask,
			Planted: o.Planted},
		Identity: identity(m),
		Shard:    ShardInfo{Index: o.Shard.Index, Count: o.Shard.Count},
		Started:  m.Started.UTC(),
		Notes:    []string{},
		Results:  []Result{},
	}
	if runErr != nil {
		f.Error = runErr.Error()
	}
	if m.Incomplete != "" {
		f.Error = "incomplete: " + m.Incomplete
	}
	if rep == nil {
		if f.Error == "" {
			f.Error = "no report"
		}
		return f
	}
	f.WallNS = int64(rep.Wall)
	f.Targets = rep.Targets
	f.Notes = append(f.Notes, rep.Notes...)
	f.Probes = append(f.Probes, rep.Probes...)
	f.Levels = append(f.Levels, rep.Levels...)
	if len(rep.Emulators) > 0 {
		f.Emulators = map[string]string{}
		for k, v := range rep.Emulators {
			f.Emulators[k] = v
		}
	}
	rep.Stamp()
	for _, r := range rep.Results {
		f.Results = append(f.Results, fromSuite(r))
	}
	f.Totals = totals(rep)
	return f
}

func fromSuite(r suite.Result) Result {
	out := Result{Arch: r.Arch, Model: r.Model, Impl: r.Impl, File: r.File, Status: string(r.Status),
		Cases: r.Cases, Passed: r.Passed, Reason: r.Reason, ElapsedNS: int64(r.Elapsed), Emulator: r.Emulator, RanOn: r.RanOn}
	for _, fl := range r.Failures {
		out.Failures = append(out.Failures, Failure{Where: fl.Where, Msg: fl.Msg, Repro: fl.Repro})
	}
	return out
}

func (r Result) suite() suite.Result {
	out := suite.Result{Arch: r.Arch, Model: r.Model, Impl: r.Impl, File: r.File, Status: suite.Status(r.Status),
		Cases: r.Cases, Passed: r.Passed, Reason: r.Reason, Elapsed: time.Duration(r.ElapsedNS), Emulator: r.Emulator, RanOn: r.RanOn}
	for _, fl := range r.Failures {
		out.Failures = append(out.Failures, suite.Failure{Where: fl.Where, Msg: fl.Msg, Repro: fl.Repro})
	}
	return out
}

// Suite turns the file back into a suite.Report (to print the matrix).
func (f *File) Suite() *suite.Report {
	rep := &suite.Report{Targets: f.Targets, Wall: time.Duration(f.WallNS), Notes: append([]string(nil), f.Notes...),
		Probes: append([]suite.ProbeRow(nil), f.Probes...), Levels: append([]string(nil), f.Levels...)}
	if len(f.Emulators) > 0 {
		rep.Emulators = map[string]string{}
		for k, v := range f.Emulators {
			rep.Emulators[k] = v
		}
	}
	for _, r := range f.Results {
		rep.Results = append(rep.Results, r.suite())
	}
	return rep
}

func totals(rep *suite.Report) Totals {
	var t Totals
	t.Passed, t.Failed, t.Skipped = rep.RowCounts()
	t.Results = len(rep.Results)
	t.RanOnTwin = rep.RanOnTwin()
	for _, r := range rep.Results {
		t.Cases += r.Cases
		t.CasesPassed += r.Passed
	}
	return t
}

// Failed reports whether the file records a failure: a failed result (by
// the results themselves, not only the totals) or a run that did not
// finish.
func (f *File) Failed() bool {
	if f.Error != "" || f.Totals.Failed > 0 {
		return true
	}
	for _, r := range f.Results {
		if r.Status == string(suite.Failed) {
			return true
		}
	}
	return false
}

// statuses are the result statuses a report may hold.
var statuses = map[string]bool{string(suite.Passed): true, string(suite.Failed): true,
	string(suite.Skipped): true, string(suite.NotEmulated): true}

// Key names a result cell; every cell of a run has its own.
func (r Result) Key() string {
	return r.Arch + " " + r.Model + " " + r.Impl + " " + r.File
}

// Sorted returns the results in matrix order (a copy).
func (f *File) Sorted() []Result {
	rs := append([]Result(nil), f.Results...)
	sortResults(rs)
	return rs
}

// sortResults orders results as suite.Run does: arch in model-table order,
// then model, implementation and file.
func sortResults(rs []Result) {
	order := archOrder()
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.Arch != b.Arch {
			oa, okA := order[a.Arch]
			ob, okB := order[b.Arch]
			if okA && okB {
				return oa < ob
			}
			return a.Arch < b.Arch
		}
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		if a.Impl != b.Impl {
			return a.Impl < b.Impl
		}
		return a.File < b.File
	})
}

// WriteJSON writes f to path (indented, one trailing newline).
func WriteJSON(path string, f *File) error {
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("writing JSON report: %v", err)
	}
	return nil
}

// ReadJSON reads a JSON report; errors name the file and, for syntax
// errors, the line.
func ReadJSON(path string) (*File, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			return nil, fmt.Errorf("%s:%d: %v", path, 1+bytes.Count(b[:se.Offset], []byte("\n")), err)
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		return nil, fmt.Errorf("%s: trailing data after the JSON document (at byte %d)", path, dec.InputOffset())
	}
	if f.Format != Format {
		return nil, fmt.Errorf("%s: not an xarch report (format %q, want %q)", path, f.Format, Format)
	}
	if err := f.CheckResults(path); err != nil {
		return nil, err
	}
	return &f, nil
}

// CheckResults refuses result rows a reader cannot judge: a missing arch,
// model, implementation or status, or a status xarch does not write.
func (f *File) CheckResults(path string) error {
	for i, r := range f.Results {
		if r.Status == "" || r.Arch == "" || r.Model == "" || r.Impl == "" {
			return fmt.Errorf("%s: result %d (%s): arch, model, impl and status are required", path, i, r.Key())
		}
		if !statuses[r.Status] {
			return fmt.Errorf("%s: result %d (%s): unknown status %q (passed, failed, skipped, not emulated)", path, i, r.Key(), r.Status)
		}
	}
	return nil
}

// archOrder is each arch's place in the model table.
func archOrder() map[string]int {
	order := map[string]int{}
	if t, err := ci.Load(); err == nil {
		for i, a := range t.ArchNames() {
			order[a] = i
		}
	}
	return order
}

func sortProbes(ps []suite.ProbeRow) {
	order := archOrder()
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.Arch != b.Arch {
			return order[a.Arch] < order[b.Arch]
		}
		return a.Model < b.Model
	})
}
