package ci

import (
	"fmt"
	"strconv"
	"strings"
)

// OpenSSLReport is one named row (openssl-levels.json "reports"): a public
// report's kernel reproduced on OpenSSL itself. Its ops run at its sizes on
// each of its models under one library and level, and the level's in_asm
// evidence there must show Evidence and lack Absent. Cannot, when set, is
// why the row cannot run at all on its arch: reported, never left out.
type OpenSSLReport struct {
	Name     string            `json:"name"`
	Title    string            `json:"title"`
	Arch     string            `json:"arch"`
	Lib      string            `json:"lib"`
	Level    string            `json:"level"`
	Models   []string          `json:"models"`
	Ops      []string          `json:"ops"`
	Params   map[string]string `json:"params"` // op -> its params as hex, comma-separated, in the op's order
	Sizes    []int             `json:"sizes"`
	Evidence []string          `json:"evidence"`
	Absent   []string          `json:"absent"`
	Cannot   string            `json:"cannot"`
}

// ParamsOf is op's params as bytes.
func (r OpenSSLReport) ParamsOf(op string) ([][]byte, error) {
	s, ok := r.Params[op]
	if !ok {
		return nil, nil
	}
	var out [][]byte
	for _, h := range strings.Split(s, ",") {
		b := make([]byte, len(h)/2)
		for i := range b {
			v, err := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
			if err != nil {
				return nil, fmt.Errorf("report %s: %s param %q is not hex", r.Name, op, h)
			}
			b[i] = byte(v)
		}
		if len(h)%2 != 0 {
			return nil, fmt.Errorf("report %s: %s param %q has an odd length", r.Name, op, h)
		}
		out = append(out, b)
	}
	return out, nil
}

// Reports lists the named rows of arch.
func (t *OpenSSLTable) ReportsOf(arch string) []OpenSSLReport {
	var out []OpenSSLReport
	for _, r := range t.Reports {
		if r.Arch == arch {
			out = append(out, r)
		}
	}
	return out
}

// checkReports: a row names a known arch, library, level and evidence, and
// has sizes and ops, unless it cannot run.
func (t *OpenSSLTable) checkReports() error {
	seen := map[string]bool{}
	for _, r := range t.Reports {
		bad := func(f string, a ...interface{}) error {
			return fmt.Errorf("ci/openssl-levels.json: report %q: %s", r.Name, fmt.Sprintf(f, a...))
		}
		if r.Name == "" || seen[r.Name] || r.Title == "" {
			return bad("needs a unique name and a title")
		}
		seen[r.Name] = true
		if r.Cannot != "" {
			continue
		}
		a := t.Arches[r.Arch]
		if a == nil {
			return bad("arch %q has no levels", r.Arch)
		}
		if _, ok := t.Libraries[r.Lib]; !ok {
			return bad("unknown library %q", r.Lib)
		}
		found := false
		for _, l := range a.Levels {
			found = found || l.Name == r.Level
		}
		if !found {
			return bad("unknown level %q", r.Level)
		}
		if len(r.Models) == 0 || len(r.Ops) == 0 || len(r.Sizes) == 0 || len(r.Evidence)+len(r.Absent) == 0 {
			return bad("needs models, ops, sizes and evidence")
		}
		for _, n := range append(append([]string{}, r.Evidence...), r.Absent...) {
			ok := false
			for _, in := range a.Instructions {
				ok = ok || in.Name == n
			}
			if !ok {
				return bad("evidence %q is not an instruction of %s", n, r.Arch)
			}
		}
		for _, op := range r.Ops {
			if _, err := r.ParamsOf(op); err != nil {
				return err
			}
		}
	}
	return nil
}
