package html

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/report"
	"github.com/xarchlab/xarch/speed"
)

func readFixture(t *testing.T, name string) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return b
}

// Bad input is an error that says what is wrong, never an empty page.
func TestHTMLBadInput(t *testing.T) {
	test := readFixture(t, "planted.json")
	sp := readFixture(t, "speed-gcm.json")
	cases := map[string]struct {
		data []byte
		want string
	}{
		"truncated test":  {test[:len(test)/2], "truncated"},
		"truncated speed": {sp[:len(sp)/3], "truncated"},
		"garbage":         {[]byte("{\"format\": \"xarch-report/1\",,}"), ":1: not valid JSON"},
		"empty":           {[]byte("\n"), "empty file"},
		"test v2":         {bytes.Replace(test, []byte(`"xarch-report/1"`), []byte(`"xarch-report/2"`), 1), `format "xarch-report/2" from another xarch version`},
		"speed v9":        {bytes.Replace(sp, []byte(`"format": 1,`), []byte(`"format": 9,`), 1), "speed report of format 9 from another xarch version"},
		"matrix":          {[]byte(`{"include": [{"arch": "amd64"}]}`), "a CI matrix"},
		"no format":       {[]byte(`{"results": []}`), `no "format" field`},
		"array":           {[]byte(`[1, 2]`), "not a JSON object"},
		"no results":      {[]byte(`{"format": "xarch-report/1", "results": []}`), "no results and no error"},
		"missing impl":    {[]byte(`{"format": "xarch-report/1", "results": [{"arch": "amd64", "model": "native", "status": "passed"}]}`), "arch, model, impl and status are required"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := Parse(name+".json", c.data)
			require.Error(t, err)
			require.True(t, errors.Is(err, ErrUsage), "%v", err)
			require.Contains(t, err.Error(), c.want)
			require.Contains(t, err.Error(), name+".json", "the error names the file")
		})
	}

	// Each view refuses the other kind, saying what the file is.
	dir := t.TempDir()
	tp, spp := filepath.Join(dir, "t.json"), filepath.Join(dir, "s.json")
	require.NoError(t, os.WriteFile(tp, test, 0o644))
	require.NoError(t, os.WriteFile(spp, sp, 0o644))
	_, err := LoadTest(spp)
	require.ErrorContains(t, err, "is a speed report (xarch speed --json), not a test report")
	_, err = LoadSpeed(tp)
	require.ErrorContains(t, err, "is a test report (xarch test --json), not a speed report")
	require.Error(t, Render(&bytes.Buffer{}, &Page{}), "an empty page is refused")
}

// Fields a newer xarch of the same format adds (report identity) are read
// past.
func TestHTMLToleratesExtraFields(t *testing.T) {
	test := readFixture(t, "planted.json")
	extra := bytes.Replace(test, []byte(`"format": "xarch-report/1",`),
		[]byte(`"format": "xarch-report/1", "identity": {"version": "v9", "source": "abc"},`), 1)
	require.NotEqual(t, test, extra)
	d, err := Parse("extra.json", extra)
	require.NoError(t, err)
	require.Equal(t, KindTest, d.Kind)
	sp := readFixture(t, "speed-gcm.json")
	d, err = Parse("s.json", bytes.Replace(sp, []byte(`"format": 1,`), []byte(`"format": 1, "identity": {"x": 1},`), 1))
	require.NoError(t, err)
	require.Equal(t, KindSpeed, d.Kind)
}

// A run split into shards and merged draws the same matrix as the run.
func TestHTMLMergedShardsRenderSame(t *testing.T) {
	d, err := Parse("planted.json", readFixture(t, "planted.json"))
	require.NoError(t, err)
	whole := d.Test
	var in []report.Input
	for i := 1; i <= 3; i++ {
		part := *whole
		part.Shard = report.ShardInfo{Index: i, Count: 3}
		part.Results = nil
		for j, r := range whole.Results {
			if j%3 == i-1 {
				part.Results = append(part.Results, r)
			}
		}
		in = append(in, report.Input{Path: "shard.json", File: &part})
	}
	merged, problems := report.Merge(in, nil)
	require.Empty(t, problems)
	a, b := BuildMatrix(whole), BuildMatrix(merged)
	require.Equal(t, a.Targets, b.Targets)
	require.Equal(t, a.Levels, b.Levels)
	require.Equal(t, a.Cells, b.Cells)
	for i := range a.Grid {
		for j := range a.Grid[i] {
			x, y := a.Grid[i][j], b.Grid[i][j]
			if x == nil || y == nil {
				require.Equal(t, x == nil, y == nil)
				continue
			}
			require.Equal(t, [4]any{x.Status, x.Class, x.Cases, x.Passed}, [4]any{y.Status, y.Class, y.Cases, y.Passed}, "%s on %s", x.Impl, x.Target.Label())
			require.Equal(t, x.Note, y.Note)
			require.Equal(t, len(x.Failures), len(y.Failures))
		}
	}
}

// The page is self-contained: no src, href or url() that leaves it.
func TestHTMLSelfContained(t *testing.T) {
	var docs []*Doc
	for _, n := range []string{"planted.json", "speed-gcm.json", "speed-gcm-mask-vaes.json"} {
		d, err := Parse(n, readFixture(t, n))
		require.NoError(t, err)
		docs = append(docs, d)
	}
	p, err := FromDocs(docs)
	require.NoError(t, err)
	require.NotNil(t, p.Test)
	require.Len(t, p.Speed, 2)
	require.Len(t, p.Ladder, 1, "two runs with different masks: the ladder across runs")
	var buf bytes.Buffer
	require.NoError(t, Render(&buf, p))
	page := buf.String()
	for _, m := range regexp.MustCompile(`(?i)(?:src|href|xlink:href)\s*=\s*"([^"]*)"`).FindAllStringSubmatch(page, -1) {
		ok := strings.HasPrefix(m[1], "#") || strings.HasPrefix(m[1], "data:")
		require.True(t, ok, "reference out of the page: %s", m[0])
	}
	require.NotRegexp(t, `(?i)url\(\s*['"]?(https?:|//)`, page)
	require.NotRegexp(t, `(?i)@import|@font-face`, page)
	// Throughput of each run, the masked run's ladder, the ladder across runs.
	require.Equal(t, 4, strings.Count(page, `<svg class="chart"`))
}

// --tune rows get a chart of their own, one line per value; compare gets
// one bar per size.
func TestHTMLSpeedCharts(t *testing.T) {
	d, err := Parse("tune.json", readFixture(t, "speed-gcm-tune.json"))
	require.NoError(t, err)
	run, err := BuildSpeed("tune.json", d.Speed, "run0")
	require.NoError(t, err)
	var tune *Chart
	for i := range run.Charts {
		if run.Charts[i].Kind == "tune" {
			require.Nil(t, tune, "one tuned constant, one chart")
			tune = &run.Charts[i]
		}
	}
	require.NotNil(t, tune)
	var names []string
	for _, s := range tune.Series {
		names = append(names, strings.TrimSuffix(s.Name, " *"))
	}
	require.Equal(t, []string{"aes-gcm/vaes256:wide_min_bytes=256", "aes-gcm/vaes256:wide_min_bytes=2048"}, names)
	for _, s := range tune.Series {
		require.Contains(t, string(tune.SVG), "stroke:"+s.Color, "the line of %s is drawn", s.Name)
	}

	a, err := Parse("a.json", readFixture(t, "speed-gcm.json"))
	require.NoError(t, err)
	b, err := Parse("b.json", readFixture(t, "speed-gcm-mask-vaes.json"))
	require.NoError(t, err)
	diff, err := speed.Compare(a.Speed, b.Speed, nil)
	require.NoError(t, err)
	cv, err := NewCompareView("a.json", "b.json", diff)
	require.NoError(t, err)
	require.Len(t, cv.Charts, len(diff.Rows))
	for i, ch := range cv.Charts {
		require.Equal(t, "diff", ch.Kind)
		require.Len(t, ch.Table.Rows, len(diff.Rows[i].Cells), "one table row per size")
		require.Contains(t, string(ch.SVG), "<svg")
	}
}
