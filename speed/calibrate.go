package speed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/implselect"
	"github.com/xarchlab/xarch/wire"
)

// Calibration: the thresholds of this CPU, measured once. A threshold
// (a Bytes tuning with a Var and a Speed algorithm) splits a level's calls
// between two paths; calibration times both paths at sizes around it,
// paired by round in the same runner requests, and moves it only where
// the difference is significant. `xarch speed` applies the file of this CPU
// through the runner's tune command; `xarch test` and `xarch fuzz` never
// load it, so they test the declared values +-1.

// CalibrationFormat is the version of the calibration file.
const CalibrationFormat = 1

// CalibrationDirEnv overrides where calibration files are kept.
const CalibrationDirEnv = "XARCH_CALIBRATION_DIR"

// neverWide is a threshold above every size timed: the narrow path.
const neverWide = 1 << 30

// Calibration is one CPU's calibration file.
type Calibration struct {
	Format     int         `json:"format"`
	Created    time.Time   `json:"created"`
	Command    []string    `json:"command,omitempty"`
	Version    string      `json:"version,omitempty"`
	Arch       string      `json:"arch"`
	CPUModel   string      `json:"cpu_model"`
	Features   []string    `json:"features"` // the runner's detected features
	Key        string      `json:"key"`
	Count      int         `json:"count"`
	Seconds    float64     `json:"seconds"`
	Thresholds []Threshold `json:"thresholds"`
}

// Threshold is one calibrated tuning constant.
type Threshold struct {
	Impl     string `json:"impl"`
	Tuning   string `json:"tuning"`
	Speed    string `json:"speed"`
	Declared int    `json:"declared"`
	Value    int    `json:"value"` // what xarch speed sets
	// Alpha is the per-size significance level: Alpha over the sizes
	// timed (Bonferroni), so a threshold moves by chance in at most 5% of
	// calibrations.
	Alpha  float64 `json:"alpha"`
	Why    string  `json:"why"`
	Points []Point `json:"points"`
}

// Point is the paired comparison of the two paths at one size: Ratio is
// the wide path's rate over the narrow path's (geometric mean of the
// per-round ratios), P the paired t-test's.
type Point struct {
	Size        int     `json:"size"`
	Ratio       float64 `json:"ratio"`
	P           float64 `json:"p"`
	N           int     `json:"n"`
	Significant bool    `json:"significant"`
}

// Moved reports whether the calibration changes the declared value.
func (t Threshold) Moved() bool { return t.Value != t.Declared }

// CalibrationKey names a CPU: a hash of its arch, model name and the
// features the runner detects, in sorted order.
func CalibrationKey(arch, model string, features []string) string {
	fs := append([]string(nil), features...)
	sort.Strings(fs)
	h := sha256.Sum256([]byte(arch + "\n" + model + "\n" + strings.Join(fs, ",")))
	return hex.EncodeToString(h[:8])
}

// CalibrationDir is where calibration files live: $XARCH_CALIBRATION_DIR,
// else xarch/calibration under the user's cache directory
// (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache on Linux).
func CalibrationDir() (string, error) {
	if d := os.Getenv(CalibrationDirEnv); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("calibration: no user cache directory (%v); set %s", err, CalibrationDirEnv)
	}
	return filepath.Join(d, "xarch", "calibration"), nil
}

// CalibrationPath is the file of the CPU a runner reports.
func CalibrationPath(info wire.Info, model string) (string, error) {
	d, err := CalibrationDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, info.Arch+"-"+CalibrationKey(info.Arch, model, info.Detected)+".json"), nil
}

// LoadCalibration reads a calibration file; a missing file is (nil, nil).
func LoadCalibration(path string) (*Calibration, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var c Calibration
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("calibration %s: %v (xarch speed calibrate --redo rewrites it)", path, err)
	}
	if c.Format != CalibrationFormat {
		return nil, fmt.Errorf("calibration %s: format %d, this xarch reads %d (xarch speed calibrate --redo)", path, c.Format, CalibrationFormat)
	}
	return &c, nil
}

// Save writes the file, creating its directory.
func (c *Calibration) Save(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// CalibrationUse is what `xarch speed` did with the calibration file.
type CalibrationUse struct {
	File    string    `json:"file"`
	Found   bool      `json:"found"`
	Applied []Applied `json:"applied,omitempty"`
	Notes   []string  `json:"notes,omitempty"` // entries left out, and why
}

// Applied is one threshold set from the calibration.
type Applied struct {
	Impl     string `json:"impl"`
	Tuning   string `json:"tuning"`
	Declared int    `json:"declared"`
	Value    int    `json:"value"`
}

// applyCalibration sets the calibrated thresholds in every session. An
// entry whose level is not usable here, or whose declared value changed
// since the calibration (the kernels moved on), is left at its declared
// value with a note.
func applyCalibration(sessions []*driver.Session, info wire.Info, path string) (*CalibrationUse, error) {
	use := &CalibrationUse{File: path}
	c, err := LoadCalibration(path)
	if err != nil || c == nil {
		return use, err
	}
	use.Found = true
	byName := map[string]wire.ImplInfo{}
	for _, im := range info.Impls {
		byName[im.Name] = im
	}
	for _, t := range c.Thresholds {
		if !t.Moved() {
			continue
		}
		im, ok := byName[t.Impl]
		if !ok || !im.Usable {
			use.Notes = append(use.Notes, t.Impl+" "+t.Tuning+": level not usable here, left out")
			continue
		}
		declared, found := -1, false
		for _, tu := range im.Tuning {
			if tu.Name == t.Tuning && tu.Tunable {
				declared, found = tu.Value, true
			}
		}
		if !found || declared != t.Declared {
			use.Notes = append(use.Notes, fmt.Sprintf("%s %s: declared %d now, %d when calibrated: left at the declared value (xarch speed calibrate --redo)",
				t.Impl, t.Tuning, declared, t.Declared))
			continue
		}
		for _, s := range sessions {
			if _, err := s.Call([]byte("tune"), []byte(t.Impl), []byte(t.Tuning), []byte(strconv.Itoa(t.Value))); err != nil {
				return use, fmt.Errorf("calibration %s: %s %s=%d: %v", path, t.Impl, t.Tuning, t.Value, err)
			}
		}
		use.Applied = append(use.Applied, Applied{Impl: t.Impl, Tuning: t.Tuning, Declared: t.Declared, Value: t.Value})
	}
	return use, nil
}

// WriteCalibrationUse is the table's line about the calibration.
func WriteCalibrationUse(w io.Writer, u *CalibrationUse) {
	switch {
	case u == nil:
		return
	case !u.Found:
		fmt.Fprintf(w, "calibration: none for this CPU (%s; xarch speed calibrate makes it): declared thresholds\n", u.File)
	case len(u.Applied) == 0:
		fmt.Fprintf(w, "calibration: %s: every threshold at its declared value\n", u.File)
	default:
		var parts []string
		for _, a := range u.Applied {
			parts = append(parts, fmt.Sprintf("%s %s %d -> %d", a.Impl, a.Tuning, a.Declared, a.Value))
		}
		fmt.Fprintf(w, "calibration: %s applied: %s\n", u.File, strings.Join(parts, "; "))
	}
	if u != nil {
		for _, n := range u.Notes {
			fmt.Fprintf(w, "calibration: %s\n", n)
		}
	}
}

// CalibrateOptions is one `xarch speed calibrate`.
type CalibrateOptions struct {
	Target   driver.Target
	Impls    []string // --impl terms; empty = every usable level of the runner's arch
	Count    int
	Seconds  float64
	Redo     bool // measure even if this CPU has a file
	PathOnly bool // only find this CPU's file name
	Command  []string
	Progress io.Writer
}

// CalibrationSizes are the sizes timed for a threshold declared at d:
// multiples of 16 from 16 to four times d (at least 256, at most 16 KiB),
// denser near the small end, and d itself.
func CalibrationSizes(d int) []int {
	top := 4 * d
	if top < 256 {
		top = 256
	}
	if top > 16384 {
		top = 16384
	}
	seen := map[int]bool{}
	var out []int
	add := func(s int) {
		if s >= 16 && s <= top && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	for s := 16; s <= 128; s += 16 {
		add(s)
	}
	for s := 128; s <= top; s += s / 4 {
		add(s &^ 15)
	}
	if d > 0 {
		add((d + 15) &^ 15)
	}
	sort.Ints(out)
	return out
}

// Calibrate times every threshold of the usable levels of the target's
// arch and returns the calibration (not yet saved) and this CPU's file.
// Without Redo an existing file is returned as it is (old = true).
func Calibrate(ctx context.Context, o CalibrateOptions) (c *Calibration, path string, old bool, err error) {
	if o.Target.Qemu != "" {
		return nil, "", false, fmt.Errorf("calibration times hardware; %s is emulated", o.Target)
	}
	if o.Count < 2 || o.Seconds <= 0 {
		return nil, "", false, fmt.Errorf("calibration needs --count >= 2 (paired test) and --seconds > 0")
	}
	s, err := driver.NewSession(o.Target, time.Minute)
	if err != nil {
		return nil, "", false, err
	}
	defer s.Close()
	info := s.Info()
	host := HostFacts()
	if path, err = CalibrationPath(info, host.CPUModel); err != nil {
		return nil, "", false, err
	}
	if o.PathOnly {
		return nil, path, false, nil
	}
	if !o.Redo {
		if c, err = LoadCalibration(path); err != nil || c != nil {
			return c, path, c != nil, err
		}
	}
	c, err = calibrate(ctx, s, info, host, o)
	return c, path, false, err
}

func calibrate(ctx context.Context, s *driver.Session, info wire.Info, host Host, o CalibrateOptions) (*Calibration, error) {
	c := &Calibration{Format: CalibrationFormat, Created: time.Now().UTC(), Command: o.Command, Arch: info.Arch,
		CPUModel: host.CPUModel, Features: info.Detected, Key: CalibrationKey(info.Arch, host.CPUModel, info.Detected),
		Count: o.Count, Seconds: o.Seconds}
	spec := strings.Join(o.Impls, ",")
	window := time.Duration(o.Seconds * float64(time.Second))
	for _, im := range info.Impls {
		if !im.Usable || im.Planted || im.Arch != info.Arch || (spec != "" && !implselect.Match(spec, false, im.Name, im.Planted)) {
			continue
		}
		for _, tu := range im.Tuning {
			if !tu.Tunable || tu.Speed == "" || tu.Unit != wire.Bytes {
				continue
			}
			alg, err := LookupAlg(tu.Speed)
			if err != nil {
				return nil, fmt.Errorf("%s %s: speed algorithm %q: %v", im.Name, tu.Name, tu.Speed, err)
			}
			t, err := calibrateOne(ctx, s, alg, im.Name, tu, o.Count, window, o.Progress)
			if err != nil {
				return nil, err
			}
			c.Thresholds = append(c.Thresholds, t)
		}
	}
	return c, nil
}

func calibrateOne(ctx context.Context, s *driver.Session, alg *Alg, impl string, tu wire.Tuning, count int,
	window time.Duration, progress io.Writer) (Threshold, error) {
	sizes := CalibrationSizes(tu.Value)
	t := Threshold{Impl: impl, Tuning: tu.Name, Speed: tu.Speed, Declared: tu.Value, Alpha: Alpha / float64(len(sizes))}
	wide, narrow := impl+":"+tu.Name+"=0", impl+":"+tu.Name+"="+strconv.Itoa(neverWide)
	measure := implMeasurer([]*driver.Session{s}, alg, []string{wide, narrow}, window, false)
	samples := make([][2][]float64, len(sizes))
	if progress != nil {
		fmt.Fprintf(progress, "calibrate: %s %s (%s): %d sizes x %d rounds, wide and narrow path interleaved\n",
			impl, tu.Name, tu.Speed, len(sizes), count)
	}
	for round := 0; round < count; round++ {
		for i, size := range sizes {
			if err := ctx.Err(); err != nil {
				return t, err
			}
			rates, _, err := measure(ctx, size)
			if err != nil {
				return t, fmt.Errorf("%s %s at %d bytes: %v", impl, tu.Name, size, err)
			}
			samples[i][0] = append(samples[i][0], rates[0])
			samples[i][1] = append(samples[i][1], rates[1])
		}
	}
	for i, size := range sizes {
		p := Point{Size: size, Ratio: 1, P: 1, N: len(samples[i][0])}
		if pd := ComparePaired(samples[i][1], samples[i][0]); pd != nil {
			p.Ratio, p.P, p.N = pd.Ratio, pd.P, pd.N
			p.Significant = pd.P < t.Alpha
		}
		t.Points = append(t.Points, p)
	}
	t.Value, t.Why = Crossover(tu.Value, t.Points)
	return t, nil
}

// Crossover picks a threshold from the paired points (sorted by size; a
// call of at least the threshold takes the wide path) and says why. It
// moves the declared value d only on significant points: up past the
// largest size where the wide path is significantly slower, if that is at
// or above d; else down to the smallest size below d from which the wide
// path is significantly faster, and never slower at a larger size. Ties
// keep d.
func Crossover(d int, pts []Point) (int, string) {
	up := -1 // index of the first point past the last significant loss
	for i, p := range pts {
		if p.Significant && p.Ratio < 1 {
			up = i + 1
		}
	}
	if up >= 0 {
		loss := pts[up-1]
		if loss.Size >= d {
			v := loss.Size + 16
			if up < len(pts) {
				v = pts[up].Size
			}
			return v, fmt.Sprintf("the wide path is slower at %d bytes (%.3fx, p=%.4f), at or above the declared %d: moved up to %d",
				loss.Size, loss.Ratio, loss.P, d, v)
		}
	} else {
		up = 0
	}
	for _, p := range pts[up:] {
		if p.Size >= d {
			break
		}
		if p.Significant && p.Ratio > 1 {
			return p.Size, fmt.Sprintf("the wide path is faster from %d bytes (%.3fx, p=%.4f), below the declared %d, and significantly slower at no larger size: moved down to %d",
				p.Size, p.Ratio, p.P, d, p.Size)
		}
	}
	return d, fmt.Sprintf("no significant difference moves it: kept at the declared %d", d)
}

// WriteCalibration prints the calibration: one block per threshold, the
// paired ratio (wide / narrow) per size, and the decision.
func WriteCalibration(w io.Writer, path string, c *Calibration) {
	fmt.Fprintf(w, "calibration of %s (%s, %s), %d paired samples of %.3g s per path and size\n",
		c.CPUModel, c.Arch, c.Created.Format(time.RFC3339), c.Count, c.Seconds)
	fmt.Fprintf(w, "file: %s\n", path)
	for _, t := range c.Thresholds {
		fmt.Fprintf(w, "%s %s (%s), declared %d -> %d\n", t.Impl, t.Tuning, t.Speed, t.Declared, t.Value)
		fmt.Fprintf(w, "  wide/narrow:")
		for _, p := range t.Points {
			mark := ""
			if p.Significant {
				mark = "*"
			}
			fmt.Fprintf(w, " %d:%.3f%s", p.Size, p.Ratio, mark)
		}
		fmt.Fprintf(w, "\n  (* significant at p<%.4f, the per-size level: 0.05 over %d sizes)\n  %s\n", t.Alpha, len(t.Points), t.Why)
	}
	if len(c.Thresholds) == 0 {
		fmt.Fprintln(w, "no usable level of this arch declares a threshold with a speed algorithm")
	}
}
