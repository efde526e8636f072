// Package html renders xarch's JSON reports as one self-contained HTML page
// (no remote scripts, fonts or styles): the test matrix of `xarch test
// --json` (or `xarch report merge`), and the speed charts of `xarch speed
// --json` and `xarch speed compare`, drawn with gonum/plot as inline SVG.
package html

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/speed"
)

// Kind is what a JSON document is, told from its shape.
type Kind string

const (
	KindTest  Kind = "test report"  // xarch test --json, xarch report merge --json
	KindSpeed Kind = "speed report" // xarch speed --json
)

// Doc is one loaded report: exactly one of Test and Speed is set.
type Doc struct {
	Path  string
	Kind  Kind
	Test  *report.File
	Speed *speed.Report
}

// ErrUsage marks errors in what the user handed over (a file of the wrong
// kind or version), as opposed to failures to write.
var ErrUsage = errors.New("bad input")

// usageError is an input error: errors.Is(err, ErrUsage) holds.
type usageError struct{ error }

func (usageError) Is(target error) bool { return target == ErrUsage }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// Load reads a test or speed report. Unknown extra fields are accepted (a
// newer xarch of the same format may add identity fields); a truncated
// file, another format version or a document of neither kind is an error
// that names the file.
func Load(path string) (*Doc, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return Parse(path, b)
}

// Parse is Load on bytes already read; name is used in errors.
func Parse(name string, b []byte) (*Doc, error) {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil, usagef("%s: empty file, not an xarch report", name)
	}
	var shape map[string]json.RawMessage
	if err := json.Unmarshal(b, &shape); err != nil {
		var se *json.SyntaxError
		if strings.Contains(err.Error(), "unexpected end") {
			return nil, usagef("%s: truncated JSON (%d bytes): %v", name, len(b), err)
		}
		if errors.As(err, &se) {
			line := 1 + bytes.Count(b[:se.Offset], []byte("\n"))
			return nil, usagef("%s:%d: not valid JSON: %v", name, line, err)
		}
		return nil, usagef("%s: not a JSON object: %v", name, err)
	}
	raw, ok := shape["format"]
	if !ok {
		if _, m := shape["include"]; m {
			return nil, usagef("%s: a CI matrix (xarch matrix), not a test or speed report", name)
		}
		return nil, usagef("%s: no \"format\" field: not an xarch test or speed report", name)
	}
	var sfmt string
	var nfmt int
	switch {
	case json.Unmarshal(raw, &sfmt) == nil:
		return parseTest(name, b, sfmt)
	case json.Unmarshal(raw, &nfmt) == nil:
		return parseSpeed(name, b, nfmt, shape)
	}
	return nil, usagef("%s: \"format\" is %s: not an xarch test or speed report", name, raw)
}

func parseTest(name string, b []byte, format string) (*Doc, error) {
	if format != report.Format {
		if strings.HasPrefix(format, "xarch-report/") {
			return nil, usagef("%s: a test report of format %q from another xarch version; this xarch reads %q", name, format, report.Format)
		}
		return nil, usagef("%s: format %q: not an xarch report", name, format)
	}
	var f report.File
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, usagef("%s: test report does not match format %s: %v", name, report.Format, err)
	}
	for i, r := range f.Results {
		if r.Status == "" || r.Arch == "" || r.Model == "" || r.Impl == "" {
			return nil, usagef("%s: result %d (%s): arch, model, impl and status are required", name, i, r.Key())
		}
	}
	if len(f.Results) == 0 && f.Error == "" {
		return nil, usagef("%s: test report with no results and no error: nothing to show", name)
	}
	if err := f.CheckResults(name); err != nil {
		return nil, usagef("%v", err)
	}
	return &Doc{Path: name, Kind: KindTest, Test: &f}, nil
}

func parseSpeed(name string, b []byte, format int, shape map[string]json.RawMessage) (*Doc, error) {
	if _, ok := shape["rows"]; !ok {
		return nil, usagef("%s: numeric format %d but no \"rows\": not an xarch speed report", name, format)
	}
	if format != speed.FormatVersion {
		return nil, usagef("%s: a speed report of format %d from another xarch version; this xarch reads %d", name, format, speed.FormatVersion)
	}
	var r speed.Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, usagef("%s: speed report does not match format %d: %v", name, speed.FormatVersion, err)
	}
	if len(r.Rows) == 0 {
		return nil, usagef("%s: speed report with no rows: nothing to chart", name)
	}
	for _, row := range r.Rows {
		for _, c := range row.Cells {
			for _, v := range c.Samples {
				if !(v >= 0) || v > 1e300 {
					return nil, usagef("%s: row %s, %s: bad sample %v", name, row.Label(), row.CellName(c.Size), v)
				}
			}
		}
	}
	return &Doc{Path: name, Kind: KindSpeed, Speed: &r}, nil
}

// LoadTest loads a test report for the matrix view; any other kind is an
// error that says what the file is instead.
func LoadTest(path string) (*report.File, error) {
	d, err := Load(path)
	if err != nil {
		return nil, err
	}
	if d.Kind != KindTest {
		return nil, usagef("%s is a %s (xarch speed --json), not a test report (xarch test --json): the matrix needs a test report", path, d.Kind)
	}
	return d.Test, nil
}

// LoadSpeed loads a speed report for the charts; a test report is an error.
func LoadSpeed(path string) (*speed.Report, error) {
	d, err := Load(path)
	if err != nil {
		return nil, err
	}
	if d.Kind != KindSpeed {
		return nil, usagef("%s is a %s (xarch test --json), not a speed report (xarch speed --json): the charts need a speed report", path, d.Kind)
	}
	return d.Speed, nil
}
