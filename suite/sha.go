package suite

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/vectors"
)

// vectorSuite runs one family of vector files against an implementation.
type vectorSuite struct {
	Files []string // relative to the vectors directory
	Run   func(s *driver.Session, e caseEnv, file string) Result
}

// algSuites maps an implementation's algorithm to the vectors it must pass.
var algSuites = map[string][]vectorSuite{
	arch.SHA256: {shaSuite("SHA256", "sha256", 32), shaSuite("SHA224", "sha224", 28)},
}

// maxListed caps the failures kept per result; the count is always exact.
const maxListed = 5

// reproInline is the longest input printed as hex in a repro line; longer
// ones are named by file:line instead.
const reproInline = 64

func shaSuite(nist, digest string, size int) vectorSuite {
	var files []string
	for _, f := range vectors.SHAFiles(nist) {
		files = append(files, f.Path)
	}
	return vectorSuite{Files: files, Run: func(s *driver.Session, e caseEnv, file string) Result {
		if strings.HasSuffix(file, "Monte.rsp") {
			return runMonte(s, e, file, digest, size)
		}
		return runHashFile(s, e, file, digest, size)
	}}
}

// tally accumulates one result's cases and failures.
type tally struct {
	res     Result
	started time.Time
}

func newTally() *tally { return &tally{started: time.Now()} }

func (t *tally) fail(f Failure) {
	if len(t.res.Failures) < maxListed {
		t.res.Failures = append(t.res.Failures, f)
	}
}

func (t *tally) done(failed int) Result {
	t.res.Elapsed = time.Since(t.started)
	t.res.Status = Passed
	if failed > 0 || t.res.Reason != "" {
		t.res.Status = Failed
		if t.res.Reason == "" {
			t.res.Reason = fmt.Sprintf("%d of %d cases failed", failed, t.res.Cases)
		}
	}
	return t.res
}

// call classifies a runner error: a crash also ends the file.
func callErr(err error) (msg string, crashed bool) {
	var ce *driver.CrashError
	if errors.As(err, &ce) {
		return ce.Error(), true
	}
	return "runner error: " + err.Error(), false
}

func runHashFile(s *driver.Session, e caseEnv, file, digest string, size int) Result {
	t := newTally()
	cases, err := vectors.LoadHash(filepath.Join(e.dir, file), size)
	if err != nil {
		t.res.Reason = "bad vector file: " + err.Error()
		return t.done(1)
	}
	t.res.Cases = len(cases)
	failed := 0
	for i, c := range cases {
		where := fmt.Sprintf("%s:%d", file, c.Line)
		repro := e.repro(fmt.Sprintf("--digest %s --vector %s --vectors %s", digest, where, e.dir))
		if len(c.Msg) <= reproInline {
			repro = e.repro(fmt.Sprintf("--digest %s --in '%x'", digest, c.Msg))
		}
		out, err := s.Call([]byte("hash"), []byte(e.impl), []byte(digest), c.Msg)
		if err != nil {
			msg, crashed := callErr(err)
			failed++
			t.fail(Failure{Where: where, Msg: fmt.Sprintf("message of %d bytes: %s", len(c.Msg), msg), Repro: repro})
			if crashed {
				failed += len(cases) - i - 1
				t.res.Reason = fmt.Sprintf("%s at %s; %d of %d cases not run", msg, where, len(cases)-i-1, len(cases))
				break
			}
			continue
		}
		if !bytes.Equal(out[0], c.MD) {
			failed++
			t.fail(Failure{Where: where, Repro: repro,
				Msg: fmt.Sprintf("message of %d bytes: expected MD %x, got %x", len(c.Msg), c.MD, out[0])})
			continue
		}
		t.res.Passed++
	}
	return t.done(failed)
}

// runMonte runs the SHAVS Monte Carlo test: one request per checkpoint, each
// seeded with the previous expected digest so one miss does not hide the rest.
func runMonte(s *driver.Session, e caseEnv, file, digest string, size int) Result {
	t := newTally()
	mc, err := vectors.LoadMonte(filepath.Join(e.dir, file), size)
	if err != nil {
		t.res.Reason = "bad vector file: " + err.Error()
		return t.done(1)
	}
	t.res.Cases = len(mc.Checkpoints)
	failed := 0
	seed := mc.Seed
	for i, cp := range mc.Checkpoints {
		where := fmt.Sprintf("%s:%d", file, cp.Line)
		repro := e.repro(fmt.Sprintf("--digest %s --mct --in '%s'", digest, hex.EncodeToString(seed)))
		out, err := s.Call([]byte("hash-mct"), []byte(e.impl), []byte(digest), seed)
		seed = cp.MD
		if err != nil {
			msg, crashed := callErr(err)
			failed++
			t.fail(Failure{Where: where, Msg: fmt.Sprintf("Monte checkpoint %d: %s", cp.Count, msg), Repro: repro})
			if crashed {
				failed += len(mc.Checkpoints) - i - 1
				t.res.Reason = fmt.Sprintf("%s at %s; %d of %d checkpoints not run", msg, where, len(mc.Checkpoints)-i-1, len(mc.Checkpoints))
				break
			}
			continue
		}
		if !bytes.Equal(out[0], cp.MD) {
			failed++
			t.fail(Failure{Where: where, Repro: repro,
				Msg: fmt.Sprintf("Monte checkpoint %d: expected MD %x, got %x", cp.Count, cp.MD, out[0])})
			continue
		}
		t.res.Passed++
	}
	return t.done(failed)
}
