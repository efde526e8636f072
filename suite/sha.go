package suite

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/xarchlab/xarch/internal/shell"
	"path/filepath"
	"time"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/vectors"
)

// kinds are the vector suite kinds this package judges (algs.Kind*): how
// a file of that kind becomes requests and answers become results. A family
// whose files have a known kind needs nothing here.
var kinds = map[string]func(s *driver.Session, e caseEnv, vs algs.VectorSuite, file string) Result{
	algs.KindSHAVS: func(s *driver.Session, e caseEnv, vs algs.VectorSuite, file string) Result {
		return runHashFile(s, e, file, vs.Op)
	},
	algs.KindSHAVSMonte: func(s *driver.Session, e caseEnv, vs algs.VectorSuite, file string) Result {
		return runMonte(s, e, file, vs.Op)
	},
	algs.KindAESAVS: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, file string) Result {
		return runAESFile(s, e, file)
	},
	algs.KindAESMCT: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, file string) Result {
		return runAESMCT(s, e, file)
	},
	algs.KindAESCTR: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, file string) Result {
		return runAESCTR(s, e, file)
	},
	algs.KindAESEdges: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, _ string) Result { return runAESEdges(s, e) },
	algs.KindGCMVS: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, file string) Result {
		return runGCMFile(s, e, file)
	},
	algs.KindSigGen15: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, file string) Result {
		return runSigGen(s, e, file)
	},
	algs.KindSigVer15: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, file string) Result {
		return runSigVer(s, e, file)
	},
	algs.KindMontKAT: func(s *driver.Session, e caseEnv, _ algs.VectorSuite, _ string) Result { return runMontKAT(s, e) },
}

// KnownKind reports whether the suite can judge a vector suite kind.
func KnownKind(kind string) bool { _, ok := kinds[kind]; return ok }

// maxListed caps the failures kept per result; the count is always exact.
const maxListed = 5

// reproInline is the longest input printed as hex in a repro line; longer
// ones are named by file:line instead.
const reproInline = 64

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

// hashSize is the digest size of a hash op, as the runner declares it.
func hashSize(c caller, op string) (int, error) {
	o, ok := c.Info().Op(op)
	if !ok || o.Out <= 0 {
		return 0, fmt.Errorf("the runner serves no hash op %q", op)
	}
	return o.Out, nil
}

func runHashFile(s *driver.Session, e caseEnv, file, digest string) Result {
	t := newTally()
	size, err := hashSize(s, digest)
	if err != nil {
		t.res.Reason = err.Error()
		return t.done(1)
	}
	cases, err := vectors.LoadHash(filepath.Join(e.dir, file), size)
	if err != nil {
		t.res.Reason = "bad vector file: " + err.Error()
		return t.done(1)
	}
	t.res.Cases = len(cases)
	failed := 0
	for i, c := range cases {
		where := fmt.Sprintf("%s:%d", file, c.Line)
		repro := e.repro(fmt.Sprintf("--op %s --vector %s --vectors %s", digest, where, shell.Quote(e.dir)))
		if len(c.Msg) <= reproInline {
			repro = e.repro(OpArgs(digest, nil, nil, c.Msg, ""))
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
func runMonte(s *driver.Session, e caseEnv, file, digest string) Result {
	t := newTally()
	size, err := hashSize(s, digest)
	if err != nil {
		t.res.Reason = err.Error()
		return t.done(1)
	}
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
		repro := e.repro("--mct " + OpArgs(digest, nil, nil, seed, ""))
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
