package speed

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
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

// OpenSSL runs the system openssl binary.
type OpenSSL struct {
	Path    string // resolved binary
	Version string // `openssl version`
}

// FindOpenSSL looks for openssl on PATH; nil with the reason if absent.
func FindOpenSSL() (*OpenSSL, string) {
	p, err := exec.LookPath("openssl")
	if err != nil {
		return nil, "openssl not installed (not on PATH)"
	}
	v, err := exec.Command(p, "version").Output()
	if err != nil {
		return nil, fmt.Sprintf("%s version failed: %v", p, err)
	}
	return &OpenSSL{Path: p, Version: strings.TrimSpace(string(v))}, ""
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
func (o *OpenSSL) Speed(ctx context.Context, alg string, decrypt bool, size, seconds, multi int, elapsed bool) (float64, error) {
	args := o.SpeedArgs(alg, decrypt, size, seconds, multi, elapsed)
	cmd := exec.CommandContext(ctx, o.Path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	driver.Detach(cmd) // -multi forks: a signal or cancel stops the group
	if err := driver.RunTracked(cmd); err != nil {
		return 0, fmt.Errorf("openssl %s: %v: %s", strings.Join(args, " "), err, firstLine(stderr.String()))
	}
	res, err := ParseMR(&stdout, []int{size})
	if err != nil {
		return 0, fmt.Errorf("openssl %s: %v", strings.Join(args, " "), err)
	}
	for _, r := range res {
		if v, ok := r.Rates[size]; ok && strings.EqualFold(r.Alg, alg) {
			return v, nil
		}
	}
	return 0, fmt.Errorf("openssl %s: no rate for %s at %d bytes", strings.Join(args, " "), alg, size)
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
// line, whose cols trailing fields are operations per second (sign and
// verify for RSA); "Got: ... from N" lines of -multi children are skipped.
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
		if len(f) != 3+cols {
			return nil, fmt.Errorf("openssl -mr line %d: want +Fn:index:bits and %d rates, got %q", line, cols, text)
		}
		out = out[:0]
		for _, v := range f[3:] {
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
	cmd := exec.CommandContext(ctx, o.Path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	driver.Detach(cmd) // -multi forks: a signal or cancel stops the group
	if err := driver.RunTracked(cmd); err != nil {
		return nil, fmt.Errorf("openssl %s: %v: %s", strings.Join(args, " "), err, firstLine(stderr.String()))
	}
	v, err := ParseMROps(&stdout, cols)
	if err != nil {
		return nil, fmt.Errorf("openssl %s: %v", strings.Join(args, " "), err)
	}
	return v, nil
}
