package speed

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/driver"
)

// MRResult is what `openssl speed -mr` reported for one algorithm: bytes
// per second (not thousands) per buffer size.
type MRResult struct {
	Alg   string
	Rates map[int]float64
}

// ParseMR reads the machine-readable output of `openssl speed -evp ALG -mr`.
// It uses the "+H:size:size..." header and the "+F:index:alg:rate:rate..."
// lines the parent prints; "Got: ... from N" lines (the children of -multi)
// are ignored, since the parent's +F line is their sum. With -multi the
// parent prints no +H line of its own, so sizes gives the sizes asked for
// (-bytes); a header, when present, must agree with the rate count.
// Lines it does not know (+DT, +R on stderr, banners) are skipped.
func ParseMR(r io.Reader, sizes []int) ([]MRResult, error) {
	var header []int
	var out []MRResult
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "+H:"):
			header = header[:0]
			for _, f := range strings.Split(text[3:], ":") {
				n, err := strconv.Atoi(f)
				if err != nil || n < 0 {
					return nil, fmt.Errorf("openssl -mr line %d: bad size %q in %q", line, f, text)
				}
				header = append(header, n)
			}
		case strings.HasPrefix(text, "+F:"):
			// +F:<index>:<alg>:<rate>...
			f := strings.Split(text[3:], ":")
			if len(f) < 3 {
				return nil, fmt.Errorf("openssl -mr line %d: want +F:index:alg:rate..., got %q", line, text)
			}
			cols := header
			if len(cols) == 0 {
				cols = sizes
			}
			rates := f[2:]
			if len(rates) != len(cols) {
				return nil, fmt.Errorf("openssl -mr line %d: %d rates for %d sizes %v in %q", line, len(rates), len(cols), cols, text)
			}
			res := MRResult{Alg: strings.ToLower(f[1]), Rates: map[int]float64{}}
			for i, s := range rates {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil || v < 0 {
					return nil, fmt.Errorf("openssl -mr line %d: bad rate %q in %q", line, s, text)
				}
				res.Rates[cols[i]] = v
			}
			out = append(out, res)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openssl -mr output has no +F line")
	}
	return out, nil
}

// OpenSSL is one openssl binary to time: the system's, or a private
// root's (Debian 13's 3.5, unpacked by ci/install-deps.sh) run through that
// root's own loader so the system's C library is not mixed in.
type OpenSSL struct {
	Name    string   // row name: "openssl3.0", "openssl3.5"
	Path    string   // the binary
	Argv    []string // what runs it: the loader and its flags, then Path
	Env     []string // added to the environment
	Version string   // `openssl version`
}

// OpenSSLDirEnv names the folder of the private OpenSSL roots, one per
// Debian arch (default DefaultOpenSSLDir).
const (
	OpenSSLDirEnv     = "XARCH_OPENSSL_DIR"
	DefaultOpenSSLDir = "/opt/xarch/openssl3.5"
)

// FindOpenSSLs returns every openssl peer this host has, oldest version
// first: the one on PATH and the private roots' (for this host's arch),
// with a reason for each that is missing.
func FindOpenSSLs() ([]*OpenSSL, []string) {
	var found []*OpenSSL
	var why []string
	if p, err := exec.LookPath("openssl"); err != nil {
		why = append(why, "openssl not installed (not on PATH)")
	} else if o, err := probeOpenSSL(&OpenSSL{Path: p, Argv: []string{p}}); err != nil {
		why = append(why, err.Error())
	} else {
		found = append(found, o)
	}
	dir := os.Getenv(OpenSSLDirEnv)
	if dir == "" {
		dir = DefaultOpenSSLDir
	}
	if lib, loader, ok := hostMultiarch(); ok {
		root := filepath.Join(dir, debianArch(runtime.GOARCH))
		libdir := filepath.Join(root, "usr/lib", lib)
		bin := filepath.Join(root, "usr/bin/openssl")
		if _, err := os.Stat(bin); err != nil {
			why = append(why, fmt.Sprintf("no private OpenSSL in %s (run ci/install-deps.sh)", root))
		} else {
			o := &OpenSSL{Path: bin, Argv: []string{filepath.Join(libdir, loader), "--library-path", libdir, bin},
				// Its own modules; no config: the system's belongs to 3.0.
				Env: []string{"OPENSSL_MODULES=" + filepath.Join(libdir, "ossl-modules"), "OPENSSL_CONF=/dev/null"}}
			if o, err := probeOpenSSL(o); err != nil {
				why = append(why, err.Error())
			} else if len(found) == 0 || found[0].Name != o.Name {
				found = append(found, o)
			}
		}
	}
	sort.SliceStable(found, func(i, j int) bool { return found[i].Name < found[j].Name })
	return found, why
}

// probeOpenSSL runs `openssl version` and names the peer by its major.minor.
func probeOpenSSL(o *OpenSSL) (*OpenSSL, error) {
	out, err := o.command(context.Background(), "version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s version failed: %v", o.Path, err)
	}
	o.Version = strings.TrimSpace(string(out))
	f := strings.Fields(o.Version)
	if len(f) < 2 || !strings.EqualFold(f[0], "OpenSSL") {
		return nil, fmt.Errorf("%s version: not OpenSSL: %q", o.Path, o.Version)
	}
	mm := f[1]
	if parts := strings.SplitN(mm, ".", 3); len(parts) >= 2 {
		mm = parts[0] + "." + parts[1]
	}
	o.Name = "openssl" + mm
	return o, nil
}

// IsOpenSSLVersion: a --peers name for one version ("openssl3.5").
func IsOpenSSLVersion(p string) bool {
	v := strings.TrimPrefix(p, PeerOpenSSL)
	parts := strings.Split(v, ".")
	if v == p || len(parts) != 2 {
		return false
	}
	for _, x := range parts {
		if _, err := strconv.Atoi(x); err != nil || x == "" {
			return false
		}
	}
	return true
}

func (o *OpenSSL) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, o.Argv[0], append(append([]string(nil), o.Argv[1:]...), args...)...)
	if len(o.Env) > 0 {
		cmd.Env = append(os.Environ(), o.Env...)
	}
	driver.Detach(cmd) // -multi forks: a signal or cancel stops the group
	return cmd
}

// hostMultiarch is this host's Debian library folder and loader name.
func hostMultiarch() (lib, loader string, ok bool) {
	switch runtime.GOARCH {
	case "amd64":
		return "x86_64-linux-gnu", "ld-linux-x86-64.so.2", true
	case "arm64":
		return "aarch64-linux-gnu", "ld-linux-aarch64.so.1", true
	}
	return "", "", false
}

func debianArch(goarch string) string {
	if goarch == "ppc64le" {
		return "ppc64el"
	}
	return goarch
}

// SpeedArgs is the command line of one openssl sample (decrypt: time
// decryption, -decrypt).
func (o *OpenSSL) SpeedArgs(alg string, decrypt bool, size, seconds, multi int, elapsed bool) []string {
	args := []string{"speed"}
	if elapsed {
		args = append(args, "-elapsed")
	}
	if decrypt {
		args = append(args, "-decrypt")
	}
	if multi > 1 {
		args = append(args, "-multi", strconv.Itoa(multi))
	}
	return append(args, "-evp", alg, "-mr", "-seconds", strconv.Itoa(seconds), "-bytes", strconv.Itoa(size))
}

// Speed measures one size of one algorithm and returns bytes per second
// (by CPU user time, openssl's default, or wall-clock time with elapsed).
// openssl prints "inf" when its process got no measurable CPU time in the
// window (seen on a 2-CPU host under a load of 18): such a sample is taken
// again, up to twice, as an infinite rate would break the medians and JSON.
func (o *OpenSSL) Speed(ctx context.Context, alg string, decrypt bool, size, seconds, multi int, elapsed bool) (float64, error) {
	for try := 0; ; try++ {
		v, err := o.speedOnce(ctx, alg, decrypt, size, seconds, multi, elapsed)
		if err != nil || !math.IsInf(v, 0) && !math.IsNaN(v) {
			return v, err
		}
		if try == 2 {
			return 0, fmt.Errorf("%s %s: rate %v three times (no CPU time measured)", o.Name, strings.Join(o.SpeedArgs(alg, decrypt, size, seconds, multi, elapsed), " "), v)
		}
	}
}

func (o *OpenSSL) speedOnce(ctx context.Context, alg string, decrypt bool, size, seconds, multi int, elapsed bool) (float64, error) {
	args := o.SpeedArgs(alg, decrypt, size, seconds, multi, elapsed)
	cmd := o.command(ctx, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := driver.RunTracked(cmd); err != nil {
		return 0, fmt.Errorf("%s %s: %v: %s", o.Name, strings.Join(args, " "), err, firstLine(stderr.String()))
	}
	res, err := ParseMR(&stdout, []int{size})
	if err != nil {
		return 0, fmt.Errorf("%s %s: %v", o.Name, strings.Join(args, " "), err)
	}
	for _, r := range res {
		if v, ok := r.Rates[size]; ok && strings.EqualFold(r.Alg, alg) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("%s %s: no rate for %s at %d bytes", o.Name, strings.Join(args, " "), alg, size)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// ParseMROps reads the result of `openssl speed -mr rsa2048` (and the
// other public-key algorithms): the parent's last "+F<n>:index:bits:r1:r2"
// line, whose first cols rates are operations per second (sign and verify
// for RSA; 3.5 adds encrypt and decrypt after them); "Got: ... from N"
// lines of -multi children are skipped.
func ParseMROps(r io.Reader, cols int) ([]float64, error) {
	var out []float64
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(text, "+F") {
			continue
		}
		f := strings.Split(text, ":")
		if len(f) < 3+cols {
			return nil, fmt.Errorf("openssl -mr line %d: want +Fn:index:bits and %d rates, got %q", line, cols, text)
		}
		out = out[:0]
		for _, v := range f[3 : 3+cols] {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || x < 0 {
				return nil, fmt.Errorf("openssl -mr line %d: bad rate %q in %q", line, v, text)
			}
			out = append(out, x)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("openssl -mr output has no +F line")
	}
	return out, nil
}

// SpeedOpsArgs is the command line of one sample of a public-key
// algorithm (`openssl speed rsa2048`: no -evp, no sizes).
func (o *OpenSSL) SpeedOpsArgs(alg string, seconds, multi int, elapsed bool) []string {
	args := []string{"speed"}
	if elapsed {
		args = append(args, "-elapsed")
	}
	if multi > 1 {
		args = append(args, "-multi", strconv.Itoa(multi))
	}
	return append(args, "-mr", "-seconds", strconv.Itoa(seconds), alg)
}

// SpeedOps measures a public-key algorithm and returns operations per
// second per column (RSA: sign, verify).
func (o *OpenSSL) SpeedOps(ctx context.Context, alg string, cols, seconds, multi int, elapsed bool) ([]float64, error) {
	args := o.SpeedOpsArgs(alg, seconds, multi, elapsed)
	cmd := o.command(ctx, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := driver.RunTracked(cmd); err != nil {
		return nil, fmt.Errorf("%s %s: %v: %s", o.Name, strings.Join(args, " "), err, firstLine(stderr.String()))
	}
	v, err := ParseMROps(&stdout, cols)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", o.Name, strings.Join(args, " "), err)
	}
	return v, nil
}
