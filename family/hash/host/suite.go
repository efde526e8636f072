package host

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/shell"
	"github.com/xarchlab/xarch/suite"
)

func init() {
	suite.RegisterKind(KindSHAVS, func(s *driver.Session, e suite.Env, vs algs.VectorSuite, file string) suite.Result {
		return runHashFile(s, e, file, vs.Op)
	})
	suite.RegisterKind(KindSHAVSMonte, func(s *driver.Session, e suite.Env, vs algs.VectorSuite, file string) suite.Result {
		return runMonte(s, e, file, vs.Op)
	})
}

// hashSize is the digest size of a hash op, as the runner declares it.
func hashSize(c suite.Caller, op string) (int, error) {
	o, ok := c.Info().Op(op)
	if !ok || o.Out <= 0 {
		return 0, fmt.Errorf("the runner serves no hash op %q", op)
	}
	return o.Out, nil
}

func runHashFile(s *driver.Session, e suite.Env, file, digest string) suite.Result {
	t := suite.NewTally()
	size, err := hashSize(s, digest)
	if err != nil {
		t.Res.Reason = err.Error()
		return t.Done(1)
	}
	cases, err := LoadHash(filepath.Join(e.Dir, file), size)
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	t.Res.Cases = len(cases)
	failed := 0
	for i, c := range cases {
		where := fmt.Sprintf("%s:%d", file, c.Line)
		repro := e.Repro(fmt.Sprintf("--op %s --vector %s --vectors %s", digest, where, shell.Quote(e.Dir)))
		if len(c.Msg) <= suite.ReproInline {
			repro = e.Repro(suite.OpArgs(digest, nil, nil, c.Msg, ""))
		}
		out, err := s.Call([]byte("hash"), []byte(e.Impl), []byte(digest), c.Msg)
		if err != nil {
			msg, crashed := suite.CallErr(err)
			failed++
			t.Fail(suite.Failure{Where: where, Msg: fmt.Sprintf("message of %d bytes: %s", len(c.Msg), msg), Repro: repro})
			if crashed {
				return t.CrashEnds(msg+" at "+where, failed, len(cases)-i-1, len(cases))
			}
			continue
		}
		if !bytes.Equal(out[0], c.MD) {
			failed++
			t.Fail(suite.Failure{Where: where, Repro: repro,
				Msg: fmt.Sprintf("message of %d bytes: expected MD %x, got %x", len(c.Msg), c.MD, out[0])})
			continue
		}
		t.Res.Passed++
	}
	return t.Done(failed)
}

// runMonte runs the SHAVS Monte Carlo test: one request per checkpoint, each
// seeded with the previous expected digest so one miss does not hide the rest.
func runMonte(s *driver.Session, e suite.Env, file, digest string) suite.Result {
	t := suite.NewTally()
	size, err := hashSize(s, digest)
	if err != nil {
		t.Res.Reason = err.Error()
		return t.Done(1)
	}
	mc, err := LoadMonte(filepath.Join(e.Dir, file), size)
	if err != nil {
		t.Res.Reason = "bad vector file: " + err.Error()
		return t.Done(1)
	}
	t.Res.Cases = len(mc.Checkpoints)
	failed := 0
	seed := mc.Seed
	for i, cp := range mc.Checkpoints {
		where := fmt.Sprintf("%s:%d", file, cp.Line)
		repro := e.Repro("--mct " + suite.OpArgs(digest, nil, nil, seed, ""))
		out, err := s.Call([]byte("hash-mct"), []byte(e.Impl), []byte(digest), seed)
		seed = cp.MD
		if err != nil {
			msg, crashed := suite.CallErr(err)
			failed++
			t.Fail(suite.Failure{Where: where, Msg: fmt.Sprintf("Monte checkpoint %d: %s", cp.Count, msg), Repro: repro})
			if crashed {
				return t.CrashEnds(msg+" at "+where, failed, len(mc.Checkpoints)-i-1, len(mc.Checkpoints))
			}
			continue
		}
		if !bytes.Equal(out[0], cp.MD) {
			failed++
			t.Fail(suite.Failure{Where: where, Repro: repro,
				Msg: fmt.Sprintf("Monte checkpoint %d: expected MD %x, got %x", cp.Count, cp.MD, out[0])})
			continue
		}
		t.Res.Passed++
	}
	return t.Done(failed)
}
