package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// JUnit layout: one <testsuite> per (arch, model) target, one <testcase>
// per result cell, i.e. per (implementation, model, vector file); a row
// that did not run (a whole target or implementation) is a test case too,
// skipped or failed with its reason. A failure's message is the summary and
// the first repro line; its body lists every kept failure with its repro.

// JUnitSuites is the document root (exported so tests can parse it back).
type JUnitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Skipped  int          `xml:"skipped,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []JUnitSuite `xml:"testsuite"`
}

// JUnitSuite is one target.
type JUnitSuite struct {
	Name       string          `xml:"name,attr"`
	Tests      int             `xml:"tests,attr"`
	Failures   int             `xml:"failures,attr"`
	Errors     int             `xml:"errors,attr"`
	Skipped    int             `xml:"skipped,attr"`
	Time       string          `xml:"time,attr"`
	Timestamp  string          `xml:"timestamp,attr,omitempty"`
	Properties []JUnitProperty `xml:"properties>property,omitempty"`
	Cases      []JUnitCase     `xml:"testcase"`
	SystemOut  string          `xml:"system-out,omitempty"`
}

// JUnitProperty is a name=value pair of a suite.
type JUnitProperty struct {
	Name  string `xml:"name,attr"`
	Value string `xml:"value,attr"`
}

// JUnitCase is one result cell.
type JUnitCase struct {
	Classname string        `xml:"classname,attr"`
	Name      string        `xml:"name,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *JUnitFailure `xml:"failure,omitempty"`
	Skipped   *JUnitSkipped `xml:"skipped,omitempty"`
	SystemOut string        `xml:"system-out,omitempty"`
}

// JUnitFailure carries the message (with the first repro line) and, as
// text, every listed failure with its repro line.
type JUnitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// JUnitSkipped carries the reason a row did not run.
type JUnitSkipped struct {
	Message string `xml:"message,attr"`
}

func secs(ns int64) string { return fmt.Sprintf("%.3f", time.Duration(ns).Seconds()) }

// CaseName is a result's test case name: the vector file, or what the row
// stands for when it has none.
func CaseName(r Result) string {
	switch {
	case r.File != "":
		return r.File
	case r.Impl == "*":
		return "(target)"
	default:
		return "(implementation)"
	}
}

// JUnit builds the JUnit document of a report.
func JUnit(f *File) *JUnitSuites {
	doc := &JUnitSuites{Name: "xarch", Time: secs(f.WallNS)}
	idx := map[string]int{}
	var props []JUnitProperty
	if f.Shard.Count > 0 {
		props = append(props, JUnitProperty{Name: "shard", Value: fmt.Sprintf("%d/%d", f.Shard.Index, f.Shard.Count)})
	}
	if f.Selection.Mask != "" {
		props = append(props, JUnitProperty{Name: "mask", Value: f.Selection.Mask})
	}
	if f.Host != "" {
		props = append(props, JUnitProperty{Name: "host", Value: f.Host})
	}
	var stamp string
	if !f.Started.IsZero() {
		stamp = f.Started.UTC().Format("2006-01-02T15:04:05")
	}
	var elapsed = map[int]int64{}
	for _, r := range f.Results {
		name := r.Arch + "/" + r.Model
		i, ok := idx[name]
		if !ok {
			i = len(doc.Suites)
			idx[name] = i
			sp := props
			if r.Emulator != "" {
				sp = append(append([]JUnitProperty(nil), props...), JUnitProperty{Name: "emulator", Value: r.Emulator})
			}
			doc.Suites = append(doc.Suites, JUnitSuite{Name: name, Timestamp: stamp, Properties: sp})
		}
		s := &doc.Suites[i]
		c := JUnitCase{Classname: r.Arch + "/" + r.Model + "/" + r.Impl, Name: CaseName(r), Time: secs(r.ElapsedNS)}
		elapsed[i] += r.ElapsedNS
		s.Tests++
		switch r.Status {
		case "failed":
			s.Failures++
			c.Failure = junitFailure(r)
		case "passed":
			c.SystemOut = fmt.Sprintf("%d of %d cases passed", r.Passed, r.Cases)
		default: // skipped, or not judged (e.g. "not emulated")
			s.Skipped++
			msg := r.Reason
			if r.Status != "skipped" {
				msg = r.Status + ": " + msg
			}
			c.Skipped = &JUnitSkipped{Message: msg}
		}
		s.Cases = append(s.Cases, c)
	}
	for i := range doc.Suites {
		s := &doc.Suites[i]
		s.Time = secs(elapsed[i])
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Skipped += s.Skipped
	}
	if f.Error != "" {
		// A run that did not finish is an error case of its own, so the
		// file never reads as green.
		doc.Suites = append(doc.Suites, JUnitSuite{Name: "xarch", Tests: 1, Failures: 1, Time: "0.000", Properties: props,
			Cases: []JUnitCase{{Classname: "xarch", Name: "(run)", Time: "0.000",
				Failure: &JUnitFailure{Message: f.Error, Type: "run-error", Text: f.Error}}}})
		doc.Tests++
		doc.Failures++
	}
	if len(f.Notes) > 0 && len(doc.Suites) > 0 {
		doc.Suites[0].SystemOut = "notes:\n  " + strings.Join(f.Notes, "\n  ")
	}
	return doc
}

func junitFailure(r Result) *JUnitFailure {
	msg := r.Reason
	if msg == "" {
		msg = "failed"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s: %s (%d of %d cases passed)\n", r.Arch, r.Model, r.Impl, msg, r.Passed, r.Cases)
	for _, fl := range r.Failures {
		fmt.Fprintf(&b, "%s: %s\n    repro: %s\n", fl.Where, fl.Msg, fl.Repro)
	}
	if len(r.Failures) > 0 {
		fl := r.Failures[0]
		msg = fmt.Sprintf("%s; first: %s: %s; repro: %s", msg, fl.Where, fl.Msg, fl.Repro)
	}
	return &JUnitFailure{Message: msg, Type: "xarch.failure", Text: b.String()}
}

// WriteJUnit writes the JUnit XML of f to w.
func WriteJUnit(w io.Writer, f *File) error {
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(JUnit(f)); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// WriteJUnitFile writes the JUnit XML of f to path.
func WriteJUnitFile(path string, f *File) error {
	out, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("writing JUnit report: %v", err)
	}
	if err := WriteJUnit(out, f); err != nil {
		out.Close()
		return fmt.Errorf("writing JUnit report %s: %v", path, err)
	}
	return out.Close()
}
