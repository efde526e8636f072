package suite

import (
	"errors"
	"fmt"
	"time"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/wire"
)

// Caller is what a judge needs from a session; tests plug an
// in-process runner in.
type Caller interface {
	Call(args ...[]byte) ([][]byte, error)
	Info() wire.Info
}

// Judge runs one vector suite file (or a synthetic suite) of its kind on
// e's implementation and judges the answers.
type Judge func(s *driver.Session, e Env, vs algs.VectorSuite, file string) Result

// judges are the kinds registered by the families' host packages.
var judges = map[string]Judge{}

// RegisterKind makes the suite judge vector suites of kind with j (from a
// family host package's init).
func RegisterKind(kind string, j Judge) {
	if _, dup := judges[kind]; dup {
		panic("suite: duplicate vector suite kind " + kind)
	}
	judges[kind] = j
}

// KnownKind reports whether the suite can judge a vector suite kind.
func KnownKind(kind string) bool { _, ok := judges[kind]; return ok }

// maxListed caps the failures kept per result; the count is always exact.
const maxListed = 5

// ReproInline is the longest input printed as hex in a repro line; longer
// ones are named by file:line instead.
const ReproInline = 64

// Tally accumulates one result's cases and failures.
type Tally struct {
	Res     Result
	started time.Time
}

// NewTally starts the tally of one result (its clock too).
func NewTally() *Tally { return &Tally{started: time.Now()} }

// Fail keeps f among the first failures listed (the count is the caller's).
func (t *Tally) Fail(f Failure) {
	if len(t.Res.Failures) < maxListed {
		t.Res.Failures = append(t.Res.Failures, f)
	}
}

// Done closes the result: passed, or failed with a reason when failed > 0.
func (t *Tally) Done(failed int) Result {
	t.Res.Elapsed = time.Since(t.started)
	t.Res.Status = Passed
	if failed > 0 || t.Res.Reason != "" {
		t.Res.Status = Failed
		if t.Res.Reason == "" {
			t.Res.Reason = fmt.Sprintf("%d of %d cases failed", failed, t.Res.Cases)
		}
	}
	return t.Res
}

// CallErr classifies a runner error: a crash also ends the file.
func CallErr(err error) (msg string, crashed bool) {
	var ce *driver.CrashError
	if errors.As(err, &ce) {
		return ce.Error(), true
	}
	return "runner error: " + err.Error(), false
}
