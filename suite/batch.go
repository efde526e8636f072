package suite

import (
	"fmt"

	"github.com/xarchlab/xarch/wire"
)

// The one way a family's judge sends a batch and accounts for its failure
// and for a crash that cuts the file short.

// Batch sends n cases of op in one batch request (flat holds each case's
// params then its data), fed in pieces when pieces is set, and returns one
// output per case.
func Batch(c Caller, impl, op, pieces string, flat [][]byte, n int) ([][]byte, error) {
	out, err := c.Call([]byte("batch"), []byte(impl), []byte(op), []byte(pieces), wire.Pack(flat...))
	if err != nil {
		return nil, err
	}
	if len(out) != 1 {
		return nil, fmt.Errorf("batch answered %d strings, want 1", len(out))
	}
	outs, err := wire.Unpack(out[0])
	if err != nil {
		return nil, fmt.Errorf("batch answer: %v", err)
	}
	if len(outs) != n {
		return nil, fmt.Errorf("batch answered %d outputs for %d cases", len(outs), n)
	}
	return outs, nil
}

// BatchFailed lists the failure of a batch of n cases (what says which)
// against the case the runner's error names ("case N: ...", as an ABI
// violation does; else the first), whose place and repro line at gives.
// The caller counts the n cases as failed. When the runner crashed, crash
// describes it and the caller stops sending this file.
func (t *Tally) BatchFailed(err error, what string, n int, at func(i int) (where, repro string)) (crash string) {
	msg, crashed := CallErr(err)
	where, repro := at(BatchCase(msg, n))
	f := Failure{Where: where, Repro: repro, Msg: fmt.Sprintf("%s, batch of %d cases: %s", what, n, msg)}
	t.Fail(f)
	if crashed {
		return f.Msg + " (first case at " + f.Where + ")"
	}
	return ""
}

// CrashEnds closes a result a crash cut short: the left cases never sent
// count among the total and as failed, and the reason says how many.
func (t *Tally) CrashEnds(crash string, failed, left, total int) Result {
	t.Res.Cases = total
	t.Res.Reason = fmt.Sprintf("%s; %d of %d cases not run", crash, left, total)
	return t.Done(failed + left)
}
