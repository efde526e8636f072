package report

import (
	"bytes"
	"encoding/xml"
	"fmt"
	_ "github.com/xarchlab/xarch/family/all/host" // every family's spec and judging
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/suite"
)

// fill sets every field reachable from v to a distinct non-zero value, so a
// round trip that drops a field (one added to suite later, say) shows.
func fill(v reflect.Value, seed *int) {
	*seed++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *seed))
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(*seed))
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		v.SetUint(uint64(*seed))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Float64:
		v.SetFloat(float64(*seed) + 0.5)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 2, 2)
		for i := 0; i < 2; i++ {
			fill(s.Index(i), seed)
		}
		v.Set(s)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), seed)
			}
		}
	case reflect.Ptr:
		p := reflect.New(v.Type().Elem())
		fill(p.Elem(), seed)
		v.Set(p)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		e := reflect.New(v.Type().Elem()).Elem()
		fill(k, seed)
		fill(e, seed)
		m.SetMapIndex(k, e)
		v.Set(m)
	default:
		panic("fill: unhandled kind " + v.Kind().String())
	}
}

// Every field of suite.Report, suite.Result, suite.Failure (and the probe
// rows) survives New -> JSON file -> ReadJSON -> Suite.
func TestJSONKeepsEveryField(t *testing.T) {
	var rep suite.Report
	seed := 0
	fill(reflect.ValueOf(&rep).Elem(), &seed)
	for i := range rep.Results {
		rep.Results[i].Status = []suite.Status{suite.Failed, suite.Passed}[i%2]
	}
	rep.Wall = 1234567 * time.Microsecond
	path := filepath.Join(t.TempDir(), "r.json")
	f := New(&rep, Meta{Command: []string{"xarch", "test"}, Options: suite.Options{Arches: []string{"amd64"},
		Shard: suite.Shard{Index: 2, Count: 3}}, Started: time.Unix(1700000000, 0)}, nil)
	require.NoError(t, WriteJSON(path, f))
	back, err := ReadJSON(path)
	require.NoError(t, err)
	require.Equal(t, f, back)
	got := back.Suite()
	require.Equal(t, &rep, got, "a suite.Report field is not carried by report.File: add it to report.go (New, Suite) and the JSON")
	require.Equal(t, ShardInfo{2, 3}, back.Shard)

	b, err := os.ReadFile(path)
	require.NoError(t, err)
	for _, key := range []string{`"failures"`, `"repro"`, `"where"`, `"msg"`, `"reason"`, `"elapsed_ns"`, `"cases"`, `"passed"`, `"probes"`, `"shard"`} {
		require.Contains(t, string(b), key)
	}
}

// A run that did not finish still writes a report, and it reads as failed.
func TestJSONRunError(t *testing.T) {
	f := New(nil, Meta{Options: suite.Options{Arches: []string{"arm64"}, Models: "max", Shard: suite.Shard{Index: 1, Count: 2}}},
		fmt.Errorf("ci/models.json: boom"))
	require.True(t, f.Failed())
	require.Equal(t, "ci/models.json: boom", f.Error)
	var buf bytes.Buffer
	require.NoError(t, WriteJUnit(&buf, f))
	doc := parseJUnit(t, buf.Bytes())
	require.Equal(t, 1, doc.Failures)
}

func TestReadJSONErrors(t *testing.T) {
	dir := t.TempDir()
	for name, c := range map[string]struct{ body, want string }{
		"syntax.json":  {"{\n  \"format\": \"xarch-report/1\",\n  oops\n}", "syntax.json:3:"},
		"format.json":  {`{"format": "other/2"}`, `not an xarch report (format "other/2"`},
		"unknown.json": {`{"format": "xarch-report/1", "bogus": 1}`, `unknown field "bogus"`},
		"row.json":     {`{"format": "xarch-report/1", "results": [{"arch": "amd64"}]}`, "result 0 (amd64   ): arch, model, impl and status are required"},
	} {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(c.body), 0o644))
		_, err := ReadJSON(p)
		require.Error(t, err, name)
		require.Contains(t, err.Error(), c.want, name)
		require.Contains(t, err.Error(), p, name)
	}
}

// parseJUnit parses a JUnit document strictly: only JUnit's elements and
// attributes, counts that add up, every test case named and timed.
func parseJUnit(t *testing.T, b []byte) *JUnitSuites {
	t.Helper()
	require.True(t, bytes.HasPrefix(b, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)))
	allowed := map[string][]string{
		"testsuites": {"name", "tests", "failures", "errors", "skipped", "time"},
		"testsuite":  {"name", "tests", "failures", "errors", "skipped", "time", "timestamp"},
		"properties": {}, "property": {"name", "value"},
		"testcase": {"classname", "name", "time"},
		"failure":  {"message", "type"}, "skipped": {"message"},
		"system-out": {},
	}
	parent := map[string]string{"testsuites": "", "testsuite": "testsuites", "properties": "testsuite", "property": "properties",
		"testcase": "testsuite", "failure": "testcase", "skipped": "testcase", "system-out": "testcase|testsuite"}
	dec := xml.NewDecoder(bytes.NewReader(b))
	dec.Strict = true
	var stack []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err, "JUnit XML is not well-formed")
		switch e := tok.(type) {
		case xml.StartElement:
			attrs, ok := allowed[e.Name.Local]
			require.True(t, ok, "element <%s> is not JUnit", e.Name.Local)
			up := ""
			if len(stack) > 0 {
				up = stack[len(stack)-1]
			}
			require.Contains(t, strings.Split(parent[e.Name.Local], "|"), up, "<%s> inside <%s>", e.Name.Local, up)
			for _, a := range e.Attr {
				require.Contains(t, attrs, a.Name.Local, "attribute %s on <%s>", a.Name.Local, e.Name.Local)
			}
			stack = append(stack, e.Name.Local)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	var doc JUnitSuites
	require.NoError(t, xml.Unmarshal(b, &doc))
	tests, fails, skips := 0, 0, 0
	for _, s := range doc.Suites {
		require.NotEmpty(t, s.Name)
		require.Equal(t, len(s.Cases), s.Tests, s.Name)
		f, k := 0, 0
		for _, c := range s.Cases {
			require.NotEmpty(t, c.Classname)
			require.NotEmpty(t, c.Name)
			_, err := time.ParseDuration(c.Time + "s")
			require.NoError(t, err, "time %q", c.Time)
			require.False(t, c.Failure != nil && c.Skipped != nil)
			if c.Failure != nil {
				f++
			}
			if c.Skipped != nil {
				k++
			}
		}
		require.Equal(t, f, s.Failures, s.Name)
		require.Equal(t, k, s.Skipped, s.Name)
		tests, fails, skips = tests+s.Tests, fails+f, skips+k
	}
	require.Equal(t, tests, doc.Tests)
	require.Equal(t, fails, doc.Failures)
	require.Equal(t, skips, doc.Skipped)
	return &doc
}

func sampleFile() *File {
	return &File{Format: Format, Host: "linux/amd64", Shard: ShardInfo{1, 2}, WallNS: int64(2 * time.Second),
		Started: time.Unix(1700000000, 0).UTC(), Notes: []string{"amd64/Haswell: model table mismatch: x"},
		Results: []Result{
			{Arch: "amd64", Model: "Haswell", Impl: "sha256/avx2", File: "nist/sha/SHA256ShortMsg.rsp", Status: "failed",
				Cases: 65, Passed: 63, Reason: "2 of 65 cases failed", ElapsedNS: int64(30 * time.Millisecond),
				Failures: []Failure{
					{Where: "nist/sha/SHA256ShortMsg.rsp:12", Msg: "expected MD aa, got bb \x01<&>", Repro: "xarch run --arch amd64 --model Haswell --impl sha256/avx2 --digest sha256 --in 'ab'"},
					{Where: "nist/sha/SHA256ShortMsg.rsp:20", Msg: "expected MD cc, got dd", Repro: "xarch run --arch amd64 --model Haswell --impl sha256/avx2 --digest sha256 --in 'cd'"},
				}},
			{Arch: "amd64", Model: "Haswell", Impl: "sha256/generic", File: "nist/sha/SHA256ShortMsg.rsp", Status: "passed", Cases: 65, Passed: 65},
			{Arch: "amd64", Model: "Haswell", Impl: "sha256/shani", Status: "skipped", Reason: "needs hardware: SHA-NI"},
			{Arch: "sparc64", Model: "default", Impl: "aes/t4", Status: "not emulated", Reason: "aes_eround01 returns zeros"},
			{Arch: "arm64", Model: "native", Impl: "*", Status: "skipped", Reason: "native arm64 needs a arm64 host"},
			{Arch: "ppc64le", Model: "power9", Impl: "*", Status: "failed", Reason: "cannot start runner: exec format error"},
		}}
}

// The JUnit file parses as JUnit, has a test case per result cell, and
// each failure carries its message and repro line.
func TestJUnitShape(t *testing.T) {
	f := sampleFile()
	var buf bytes.Buffer
	require.NoError(t, WriteJUnit(&buf, f))
	doc := parseJUnit(t, buf.Bytes())
	require.Equal(t, len(f.Results), doc.Tests)
	require.Equal(t, 2, doc.Failures)
	require.Equal(t, 3, doc.Skipped)
	require.Len(t, doc.Suites, 4, "one suite per (arch, model) target")

	byName := map[string]JUnitCase{}
	for _, s := range doc.Suites {
		require.Contains(t, s.Properties, JUnitProperty{Name: "shard", Value: "1/2"})
		for _, c := range s.Cases {
			byName[c.Classname+" "+c.Name] = c
		}
	}
	c := byName["amd64/Haswell/sha256/avx2 nist/sha/SHA256ShortMsg.rsp"]
	require.NotNil(t, c.Failure)
	require.Contains(t, c.Failure.Message, "2 of 65 cases failed")
	require.Contains(t, c.Failure.Message, "repro: xarch run --arch amd64 --model Haswell --impl sha256/avx2 --digest sha256 --in 'ab'")
	for _, fl := range f.Results[0].Failures {
		require.Contains(t, c.Failure.Text, "repro: "+fl.Repro)
		require.Contains(t, c.Failure.Text, fl.Where)
	}
	require.Contains(t, c.Failure.Text, "got bb \uFFFD<&>", "control bytes are replaced, markup escaped")
	require.Equal(t, "0.030", c.Time)

	require.NotNil(t, byName["ppc64le/power9/* (target)"].Failure)
	require.Contains(t, byName["ppc64le/power9/* (target)"].Failure.Message, "cannot start runner")
	require.Equal(t, "needs hardware: SHA-NI", byName["amd64/Haswell/sha256/shani (implementation)"].Skipped.Message)
	require.Equal(t, "not emulated: aes_eround01 returns zeros", byName["sparc64/default/aes/t4 (implementation)"].Skipped.Message)
	require.Nil(t, byName["amd64/Haswell/sha256/generic nist/sha/SHA256ShortMsg.rsp"].Failure)
}

func shardFile(arch, model string, i, n int, rs ...Result) Input {
	f := &File{Format: Format, Selection: Selection{Arches: []string{arch}, Models: model},
		Shard: ShardInfo{i, n}, Notes: []string{"note " + arch}, Results: rs}
	f.Totals = totals(f.Suite())
	return Input{Path: fmt.Sprintf("%s-%s-%dof%d.json", arch, model, i, n), File: f}
}

func cell(arch, model, impl, file, status string) Result {
	return Result{Arch: arch, Model: model, Impl: impl, File: file, Status: status, Cases: 3, Passed: 3}
}

func TestMergeComplete(t *testing.T) {
	in := []Input{
		shardFile("arm64", "max", 2, 2, cell("arm64", "max", "sha256/armv8", "b.rsp", "passed")),
		shardFile("arm64", "max", 1, 2, cell("arm64", "max", "sha256/armv8", "a.rsp", "passed"), cell("arm64", "max", "sha256/generic", "a.rsp", "passed")),
		shardFile("amd64", "Haswell", 1, 1, cell("amd64", "Haswell", "sha256/avx2", "a.rsp", "passed")),
	}
	m, problems := Merge(in, nil)
	require.Empty(t, problems)
	require.False(t, m.Failed())
	require.Equal(t, 2, m.Targets)
	require.Equal(t, []string{"note amd64", "note arm64"}, m.Notes)
	require.Equal(t, Totals{Passed: 3, Results: 4, Cases: 12, CasesPassed: 12}, m.Totals)
	require.Equal(t, "amd64", m.Results[0].Arch, "model-table order")
	require.Equal(t, "a.rsp", m.Results[1].File)
	require.Len(t, m.Sources, 3)
}

func TestMergeProblems(t *testing.T) {
	ok1 := shardFile("arm64", "max", 1, 3, cell("arm64", "max", "i", "a", "passed"))
	ok3 := shardFile("arm64", "max", 3, 3, cell("arm64", "max", "i", "c", "passed"))
	for _, c := range []struct {
		name   string
		in     []Input
		expect *Matrix
		want   string
	}{
		{"missing", []Input{ok1, ok3}, nil, "arm64/max: shard 2/3 missing"},
		{"twice", []Input{ok1, ok1, ok3, shardFile("arm64", "max", 2, 3)}, nil, "shard 1/3 given 2 times"},
		{"counts", []Input{ok1, shardFile("arm64", "max", 1, 2)}, nil, "files disagree on the shard count ([2 3])"},
		{"error", []Input{shardFile("amd64", "Nehalem", 1, 1), func() Input {
			x := shardFile("amd64", "Haswell", 1, 1)
			x.File.Error = "runner build failed"
			return x
		}()}, nil, "did not finish: runner build failed"},
		{"overlap", []Input{shardFile("amd64", "", 0, 0, cell("amd64", "Haswell", "i", "a", "passed")),
			shardFile("amd64", "Haswell", 1, 1, cell("amd64", "Haswell", "i", "a", "passed"))}, nil, "amd64 Haswell i a reported by both"},
		{"matrix", []Input{shardFile("arm64", "max", 1, 1)}, &Matrix{Include: []MatrixEntry{
			{Arch: "arm64", Model: "max", Shard: 1, Shards: 1, ID: "arm64-max-1of1"},
			{Arch: "ppc64le", Model: "power9", Shard: 1, Shards: 1, ID: "ppc64le-power9-1of1"}}}, "matrix entry ppc64le-power9-1of1 (ppc64le/power9 shard 1/1): no report file"},
		{"none", nil, nil, "no report files"},
	} {
		m, problems := Merge(c.in, c.expect)
		require.NotEmpty(t, problems, c.name)
		require.Contains(t, strings.Join(problems, "\n"), c.want, c.name)
		require.True(t, m.Failed(), c.name)
	}

	// Failed cells are not merge problems, but the merge reads as failed.
	m, problems := Merge([]Input{shardFile("arm64", "max", 1, 1, cell("arm64", "max", "i", "a", "failed"))}, nil)
	require.Empty(t, problems)
	require.True(t, m.Failed())
	require.Equal(t, 1, m.Totals.Failed)
}

func TestMatrix(t *testing.T) {
	table, err := ci.Load()
	require.NoError(t, err)
	m, err := BuildMatrix(table, nil, 3)
	require.NoError(t, err)
	targets := 0
	for _, a := range table.Arches {
		ms, err := a.Select("")
		require.NoError(t, err)
		targets += len(ms)
	}
	require.Len(t, m.Include, 3*targets, "arch x default model x shard")
	ids := map[string]bool{}
	for _, e := range m.Include {
		require.False(t, ids[e.ID], "duplicate id %s", e.ID)
		ids[e.ID] = true
		require.Regexp(t, `^[A-Za-z0-9._-]+$`, e.ID)
		require.Equal(t, 3, e.Shards)
		require.NotEmpty(t, e.OS)
	}
	require.Equal(t, MatrixEntry{Arch: "amd64", Model: "native", Shard: 1, Shards: 3, OS: "ubuntu-24.04", ID: "amd64-native-1of3"}, m.Include[0])

	_, err = BuildMatrix(table, nil, 0)
	require.ErrorContains(t, err, "at least 1")
	_, err = BuildMatrix(table, nil, 100)
	require.ErrorContains(t, err, "exceeds GitHub's limit of 256")
	_, err = BuildMatrix(table, []string{"mips"}, 1)
	require.ErrorContains(t, err, `unknown arch "mips"`)
}
