// Package speed times kernels the way `openssl speed` does and says which
// differences are real. The timing loops run inside the runner (see
// runner/speed.go); this package plans the samples, interleaves the rows so
// drift hits them all alike, measures the peers (Go's standard library and
// the system OpenSSL) in the same run, prints openssl-style tables and
// compares runs with the statistics benchstat uses.
package speed

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
	"time"
)

// FormatVersion is the version of the JSON report; bump it when a field
// changes meaning.
const FormatVersion = 1

// Units: every sample is in thousands of bytes per second, as openssl
// prints them ("k").

// Row kinds.
const (
	KindImpl    = "impl"    // an implementation level in the runner
	KindGo      = "go"      // Go's standard library on the host
	KindOpenSSL = "openssl" // `openssl speed -evp`
)

// Report is one `xarch speed` run: everything needed to read or compare it
// later.
type Report struct {
	Format  int       `json:"format"`
	Started time.Time `json:"started"`
	Command []string  `json:"command,omitempty"`
	// Version and SourceHash say which xarch and sources produced it
	// (report.Version, report.SourceHash).
	Version    string `json:"version,omitempty"`
	SourceHash string `json:"source_hash,omitempty"`
	Host       Host   `json:"host"`
	Target     Target `json:"target"`
	Config     Config `json:"config"`
	Rows       []Row  `json:"rows"`
	// Skipped lists rows that were asked for (or exist) but could not run,
	// with the reason ("masked shani", "openssl not installed").
	Skipped []Skip `json:"skipped,omitempty"`
	// DispatchLosses are the cells where a lower level significantly beat
	// the dispatched one (DispatchLosses).
	DispatchLosses []Loss `json:"dispatch_losses,omitempty"`
	// Calibration says which calibration file the run looked for and
	// which thresholds it set from it (nil: not used, emulated or
	// --no-calibration).
	Calibration *CalibrationUse `json:"calibration,omitempty"`
}

// Host describes the machine xarch ran on.
type Host struct {
	CPUModel  string   `json:"cpu_model"`
	CPUFlags  []string `json:"cpu_flags,omitempty"` // as the kernel reports them
	NumCPU    int      `json:"num_cpu"`
	OS        string   `json:"os"`
	Arch      string   `json:"arch"`
	Kernel    string   `json:"kernel"`
	GoVersion string   `json:"go_version"`
	OpenSSL   string   `json:"openssl,omitempty"` // `openssl version` of the first openssl peer, "" if absent
	// OpenSSLs lists every openssl peer timed: "openssl3.5: OpenSSL 3.5.9 ...".
	OpenSSLs []string `json:"openssls,omitempty"`
}

// Target describes where the implementation rows ran.
type Target struct {
	Arch     string   `json:"arch"`
	Model    string   `json:"model"`
	Emulated bool     `json:"emulated"`
	Emulator string   `json:"emulator,omitempty"` // e.g. "qemu-aarch64-static -cpu max"
	Compiler string   `json:"compiler"`           // of the runner: gc or gccgo
	RunnerGo string   `json:"runner_go"`          // runtime.Version() of the runner
	Detected []string `json:"detected"`           // features the runner detected
	Masked   []string `json:"masked,omitempty"`
}

// Config is what was asked for.
type Config struct {
	Algs    []string `json:"algs"`
	Impls   []string `json:"impls"`
	Sizes   []int    `json:"sizes"`
	Seconds float64  `json:"seconds"` // per sample of an impl or Go row
	// OpenSSLSeconds is the window of an openssl sample: openssl takes
	// whole seconds only.
	OpenSSLSeconds int      `json:"openssl_seconds,omitempty"`
	Count          int      `json:"count"`
	Multi          int      `json:"multi"`
	Mask           string   `json:"mask,omitempty"`
	Peers          []string `json:"peers,omitempty"`
	Planted        bool     `json:"planted,omitempty"`
	// Clock is what rates divide by: "cpu" (the timing thread's CPU time,
	// openssl speed's default) or "wall" (--elapsed).
	Clock string `json:"clock"`
}

// Clock values.
const (
	ClockCPU  = "cpu"
	ClockWall = "wall"
)

// Row is one line of the table: an implementation or a peer, for one
// algorithm.
type Row struct {
	Alg  string `json:"alg"`
	Name string `json:"name"` // "sha256/shani", "go crypto/sha256", "openssl"
	Kind string `json:"kind"`
	Rank int    `json:"rank,omitempty"`
	Best bool   `json:"best,omitempty"` // the level dispatch would choose
	// Group names the measurement the row was timed in: the levels of one
	// algorithm share runner requests (interleaved in short slices); each
	// peer is its own.
	Group string `json:"group,omitempty"`
	// Source says what a peer row ran: `openssl version` of its binary.
	Source string `json:"source,omitempty"`
	// Columns, when set, names the cells (Size 1, 2, ... is the column)
	// and the samples are operations per second (rsa2048: sign, verify).
	Columns []string `json:"columns,omitempty"`
	Cells   []Cell   `json:"cells"`
}

// CellName is how a cell is headed: "16 bytes", or "sign/s".
func (r Row) CellName(size int) string {
	if size >= 1 && size <= len(r.Columns) {
		return r.Columns[size-1] + "/s"
	}
	return fmt.Sprintf("%d bytes", size)
}

// Cell is one size of one row: every sample, in the order taken.
type Cell struct {
	Size    int       `json:"size"`
	Samples []float64 `json:"samples"` // 1000s of bytes (or operations, Row.Columns) per second, by Config.Clock
	// Wall holds the same samples by wall-clock time when Samples are by
	// CPU time (impl and Go rows; openssl reports one rate only).
	Wall []float64 `json:"wall,omitempty"`
}

// Skip is a row that did not run.
type Skip struct {
	Alg  string `json:"alg"`
	Name string `json:"name"`
	Why  string `json:"why"`
}

// Label is how the row is named in tables and in compare: the
// implementation name, or the peer and algorithm.
func (r Row) Label() string {
	if r.Kind == KindImpl || r.Kind == KindProvider {
		return r.Name
	}
	return r.Name + " " + r.Alg
}

// Cell returns the cell of a size (nil if absent).
func (r *Row) Cell(size int) *Cell {
	for i := range r.Cells {
		if r.Cells[i].Size == size {
			return &r.Cells[i]
		}
	}
	return nil
}

// Median of the cell's samples (NaN if there are none).
func (c Cell) Median() float64 { return Median(c.Samples) }

// Median returns the middle value (mean of the middle two for even counts).
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}

// Spread is (max-min)/median of the samples: how noisy the cell was.
func (c Cell) Spread() float64 {
	if len(c.Samples) < 2 {
		return 0
	}
	lo, hi := c.Samples[0], c.Samples[0]
	for _, v := range c.Samples {
		lo = math.Min(lo, v)
		hi = math.Max(hi, v)
	}
	return (hi - lo) / c.Median()
}

// FindRow returns the row with this label (see Row.Label) or name.
func (r *Report) FindRow(name string) *Row {
	for i := range r.Rows {
		if r.Rows[i].Label() == name {
			return &r.Rows[i]
		}
	}
	for i := range r.Rows {
		if r.Rows[i].Name == name {
			return &r.Rows[i]
		}
	}
	return nil
}

// Save writes the report as indented JSON.
func (r *Report) Save(path string) error {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// Load reads a report written by Save and checks it is one this version
// understands.
func Load(path string) (*Report, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: not an xarch speed report: %v", path, err)
	}
	if r.Format != FormatVersion {
		return nil, fmt.Errorf("%s: report format %d, this xarch reads %d", path, r.Format, FormatVersion)
	}
	for _, row := range r.Rows {
		for _, c := range row.Cells {
			for _, v := range c.Samples {
				if !(v >= 0) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("%s: row %s, %d bytes: bad sample %v", path, row.Label(), c.Size, v)
				}
			}
		}
	}
	return &r, nil
}
