package speed

import (
	"bytes"
	_ "github.com/xarchlab/xarch/family/all/host" // every family's spec and judging
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Fixed sample sets whose Mann-Whitney verdicts are known exactly.
func TestCompareSamplesVerdicts(t *testing.T) {
	// Completely separated, n=5 each: the smallest two-sided p-value the
	// U test can give, 2/C(10,5) = 2/252.
	c := CompareSamples(16, []float64{100, 101, 102, 103, 104}, []float64{110, 111, 112, 113, 114})
	require.True(t, c.Significant)
	require.InDelta(t, 2.0/252, c.P, 1e-9)
	require.Equal(t, 102.0, c.Base)
	require.Equal(t, 112.0, c.New)
	require.InDelta(t, 112.0/102-1, c.Delta, 1e-12)
	require.Equal(t, "+9.80% (p=0.008 n=5)", c.Verdict())

	// The same separation downwards is significant too.
	c = CompareSamples(16, []float64{110, 111, 112, 113, 114}, []float64{100, 101, 102, 103, 104})
	require.True(t, c.Significant)
	require.Equal(t, "-8.93% (p=0.008 n=5)", c.Verdict())

	// A run against itself: identical samples, p = 1.
	s := []float64{100, 97, 103, 99, 101}
	c = CompareSamples(16, s, s)
	require.False(t, c.Significant)
	require.Equal(t, 1.0, c.P)
	require.Equal(t, "~ (p=1.000 n=5)", c.Verdict())
	require.Equal(t, []float64{100, 97, 103, 99, 101}, s, "the caller's samples are not reordered")

	// Interleaved values: U = 10 of 25, p = 0.69 (exact), no difference.
	c = CompareSamples(16, []float64{100, 102, 104, 106, 108}, []float64{101, 103, 105, 107, 109})
	require.False(t, c.Significant)
	require.InDelta(t, 0.690, c.P, 0.001)

	// One overlap out of 25 pairs: U = 1, p = 4/252 = 0.016, significant.
	c = CompareSamples(16, []float64{100, 101, 102, 103, 105}, []float64{104, 106, 107, 108, 109})
	require.True(t, c.Significant)
	require.InDelta(t, 4.0/252, c.P, 1e-9)

	// Three samples each can never reach p < 0.05 (minimum 0.1): not
	// significant however far apart, with benchstat's warning.
	c = CompareSamples(16, []float64{1, 2, 3}, []float64{100, 200, 300})
	require.False(t, c.Significant)
	require.InDelta(t, 0.1, c.P, 1e-9)
	require.Contains(t, strings.Join(c.Warnings, "\n"), "need >= 4 samples")
}

func sampleReport(emulated bool) *Report {
	return &Report{
		Format:  FormatVersion,
		Started: time.Date(2026, 5, 9, 2, 0, 0, 0, time.UTC),
		Command: []string{"xarch", "speed", "--count", "5"},
		Host: Host{CPUModel: "Test CPU", CPUFlags: []string{"sse2", "sha_ni"}, NumCPU: 2, OS: "linux", Arch: "amd64",
			Kernel: "6.1.0", GoVersion: "go1.26.8", OpenSSL: "OpenSSL 3.0.19"},
		Target: Target{Arch: "amd64", Model: "native", Emulated: emulated, Compiler: "gc", RunnerGo: "go1.26.8",
			Detected: []string{"shani", "sse2"}, Masked: []string{"avx2"}},
		Config: Config{Algs: []string{"sha256"}, Impls: []string{"all"}, Sizes: []int{16, 16384}, Seconds: 0.5,
			OpenSSLSeconds: 1, Count: 5, Multi: 1, Peers: []string{"go", "openssl"}, Clock: ClockCPU},
		Rows: []Row{
			{Alg: "sha256", Name: "sha256/shani", Kind: KindImpl, Rank: 30, Best: true, Group: "sha256 levels", Cells: []Cell{
				{Size: 16, Samples: []float64{220000, 221000, 222000, 223000, 224000}, Wall: []float64{1, 2, 3, 4, 5}},
				{Size: 16384, Samples: []float64{1400000, 1401000, 1402000, 1403000, 1404000}},
			}},
			{Alg: "sha256", Name: "sha256/generic", Kind: KindImpl, Cells: []Cell{
				{Size: 16, Samples: []float64{50000, 50100, 50200, 50300, 50400}},
				{Size: 16384, Samples: []float64{200000, 200100, 200200, 200300, 200400}},
			}},
			{Alg: "sha256", Name: "go", Kind: KindGo, Cells: []Cell{
				{Size: 16, Samples: []float64{160000, 161000, 162000, 163000, 164000}},
				{Size: 16384, Samples: []float64{1390000, 1391000, 1392000, 1393000, 1394000}},
			}},
		},
		Skipped: []Skip{{Alg: "sha256", Name: "sha256/avx2", Why: "masked avx2"}},
	}
}

func TestReportJSONRoundTrip(t *testing.T) {
	r := sampleReport(true)
	path := filepath.Join(t.TempDir(), "run.json")
	require.NoError(t, r.Save(path))
	back, err := Load(path)
	require.NoError(t, err)
	require.Equal(t, r, back)

	// A report of another format version is refused, not misread.
	r.Format = FormatVersion + 1
	require.NoError(t, r.Save(path))
	_, err = Load(path)
	require.ErrorContains(t, err, "format")
}

func TestCompareReports(t *testing.T) {
	base := sampleReport(false)

	// A run against itself: nothing significant anywhere, geomean 0%.
	d, err := Compare(base, base, nil)
	require.NoError(t, err)
	require.Len(t, d.Rows, 3)
	for _, rd := range d.Rows {
		for _, c := range rd.Cells {
			require.False(t, c.Significant, "%s %d", rd.Base, c.Size)
		}
		require.InDelta(t, 1, rd.GeoNew/rd.GeoBase, 1e-12)
	}

	// generic -> shani within one run: significant at every size, and the
	// geomean is the geometric mean of the per-size ratios.
	d, err = Compare(base, base, []Pair{{Base: "sha256/generic", New: "sha256/shani"}})
	require.NoError(t, err)
	require.Len(t, d.Rows, 1)
	for _, c := range d.Rows[0].Cells {
		require.True(t, c.Significant, "%d bytes", c.Size)
	}
	want := math.Sqrt(222000.0 / 50200 * 1402000 / 200200)
	require.InDelta(t, want, d.Rows[0].GeoNew/d.Rows[0].GeoBase, 1e-9)

	var out bytes.Buffer
	WriteDiff(&out, d, "a.json", "a.json")
	require.Contains(t, out.String(), "sha256/generic -> sha256/shani")
	require.Contains(t, out.String(), "+342.23% (p=0.008 n=5)")
	require.Contains(t, out.String(), "geomean")
	require.NotContains(t, out.String(), EmulatedBanner)

	// Unknown rows are errors that list the rows there are.
	_, err = Compare(base, base, []Pair{{Base: "sha256/nope", New: "sha256/shani"}})
	require.ErrorContains(t, err, "sha256/generic")

	// An emulated side marks the comparison.
	emu := sampleReport(true)
	d, err = Compare(base, emu, nil)
	require.NoError(t, err)
	out.Reset()
	WriteDiff(&out, d, "a.json", "b.json")
	require.True(t, strings.HasPrefix(out.String(), EmulatedBanner))
}

// TestCompareSameLabelTwoAlgs: a level timed for two algorithms in one run
// (aes-128-gcm, aes-256-gcm) has one label twice; each row is compared with
// the new run's row of its own algorithm, not the first row of that label.
func TestCompareSameLabelTwoAlgs(t *testing.T) {
	mk := func(scale float64) *Report {
		r := sampleReport(false)
		r.Rows = r.Rows[:1]
		r.Rows[0].Cells = r.Rows[0].Cells[1:]
		two := r.Rows[0]
		two.Alg = "sha224"
		two.Cells = []Cell{{Size: 16384, Samples: []float64{700, 701, 702, 703, 704}}}
		r.Rows = append(r.Rows, two)
		for i := range r.Rows {
			for j := range r.Rows[i].Cells[0].Samples {
				r.Rows[i].Cells[0].Samples[j] *= scale
			}
		}
		return r
	}
	d, err := Compare(mk(1), mk(2), nil)
	require.NoError(t, err)
	require.Len(t, d.Rows, 2)
	for _, rd := range d.Rows {
		require.InDelta(t, 2, rd.GeoNew/rd.GeoBase, 1e-9, "%s %s", rd.Alg, rd.Base)
	}
	require.Equal(t, "sha224", d.Rows[1].Alg)
	require.InDelta(t, 702, d.Rows[1].Cells[0].Base, 1e-9)
}

func TestTable(t *testing.T) {
	var out bytes.Buffer
	WriteTable(&out, sampleReport(false))
	s := out.String()
	require.Contains(t, s, "The 'numbers' are in 1000s of bytes per second processed.")
	require.Contains(t, s, "sha256/shani *")
	require.Contains(t, s, "222000.00k")  // median of 16-byte shani
	require.Contains(t, s, "1392000.00k") // median of 16 KiB go
	require.Contains(t, s, "go sha256")
	require.Contains(t, s, "not timed: sha256/avx2 (sha256): masked avx2")
	require.NotContains(t, s, EmulatedBanner)

	out.Reset()
	WriteTable(&out, sampleReport(true))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.True(t, strings.HasPrefix(lines[0], EmulatedBanner), "first line: %s", lines[0])
	require.Equal(t, EmulatedBanner, lines[len(lines)-1])
}

// Paired view: fixed sets with known verdicts.
func TestComparePaired(t *testing.T) {
	// A run against itself: every ratio is 1.
	s := []float64{100, 97, 103, 99, 101}
	p := ComparePaired(s, s)
	require.NotNil(t, p)
	require.False(t, p.Significant)
	require.Equal(t, 1.0, p.P)
	require.Equal(t, 1.0, p.Ratio)

	// Every ratio exactly 0.97: no spread, certainly different.
	p = ComparePaired([]float64{100, 200, 50}, []float64{97, 194, 48.5})
	require.True(t, p.Significant)
	require.InDelta(t, 0.97, p.Ratio, 1e-12)

	// Ratios scattered around 1 (+2%, -3%, +1%, -1%, 0%): no difference.
	base := []float64{100, 110, 90, 105, 95}
	p = ComparePaired(base, []float64{102, 106.7, 90.9, 103.95, 95})
	require.False(t, p.Significant)
	require.Greater(t, p.P, 0.5)

	// Fewer than two pairs cannot be tested.
	require.Nil(t, ComparePaired([]float64{1}, []float64{2}))
}

// Real samples: sha256/generic and sha256/planted-slow (3.1% more
// compressions, see family/sha256/planted_slow.go), 16 bytes, 10 samples,
// timed interleaved in the same runner requests on a machine with a load
// average of 10. The load moved whole samples by up to 38%, so the two sets
// overlap and the U test cannot see the 3%; the per-sample ratios can.
func TestResolutionSamples(t *testing.T) {
	generic := []float64{48887, 50271, 35133, 31095, 33594, 45932, 42101, 40260, 50469, 40268}
	slow := []float64{47977, 43222, 34042, 30162, 32544, 42793, 41326, 39204, 48508, 39080}
	c := CompareSamples(16, generic, slow)
	require.False(t, c.Significant, "unpaired: p=%.3f", c.P)
	p := ComparePaired(generic, slow)
	require.True(t, p.Significant, "paired: p=%.4f", p.P)
	require.InDelta(t, 0.96, p.Ratio, 0.01)
}

func TestCompareSameRunIsPaired(t *testing.T) {
	r := sampleReport(false)
	for i := range r.Rows {
		if r.Rows[i].Kind == KindImpl {
			r.Rows[i].Group = "sha256 levels"
		}
	}
	d, err := Compare(r, r, []Pair{{Base: "sha256/generic", New: "sha256/shani"}})
	require.NoError(t, err)
	for _, c := range d.Rows[0].Cells {
		require.NotNil(t, c.Paired)
		require.True(t, c.Paired.Interleaved)
		require.True(t, c.Paired.Significant)
	}
	d, err = Compare(r, r, []Pair{{Base: "sha256/generic", New: "go sha256"}})
	require.NoError(t, err)
	require.False(t, d.Rows[0].Cells[0].Paired.Interleaved, "a peer is paired by round only")

	// Two different runs: no pairing, the U test only.
	other := sampleReport(false)
	other.Started = other.Started.Add(time.Hour)
	d, err = Compare(r, other, nil)
	require.NoError(t, err)
	for _, rd := range d.Rows {
		for _, c := range rd.Cells {
			require.Nil(t, c.Paired)
		}
	}
	var out bytes.Buffer
	WriteDiff(&out, d, "a.json", "b.json")
	require.NotContains(t, out.String(), "paired")
}

// TestCompareRowsPerAlgorithm: a run of two algorithms has a level row of
// the same label for each; compare pairs each with its own algorithm's.
func TestCompareRowsPerAlgorithm(t *testing.T) {
	r := sampleReport(false)
	r.Rows = r.Rows[:1]
	other := r.Rows[0]
	other.Alg = "sha224"
	other.Cells = []Cell{{Size: 16, Samples: []float64{1, 2, 3, 4, 5}}}
	r.Rows = append(r.Rows, other)
	d, err := Compare(r, r, nil)
	require.NoError(t, err)
	require.Len(t, d.Rows, 2)
	require.Equal(t, "sha256", d.Rows[0].Alg)
	require.Equal(t, "sha224", d.Rows[1].Alg)
	require.Equal(t, 3.0, d.Rows[1].Cells[0].Base)
}
