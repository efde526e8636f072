package suite

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/wire"
)

// ABI conformance on the host side: the runners check every kernel call
// (runner --abi, Options.ABI); a violation comes back as the error of the
// request that ran it, in a batch as "case N: ABI violation in ...", and
// is reported against that case with its repro line.

// batchCaseRE finds the case a batch request failed on.
var batchCaseRE = regexp.MustCompile(`\bbatch: case (\d+): `)

// BatchCase is the index of the case a batch error names, or 0 (the first
// case stands for the batch) when it names none or one out of range.
func BatchCase(msg string, n int) int {
	if m := batchCaseRE.FindStringSubmatch(msg); m != nil {
		if i, err := strconv.Atoi(m[1]); err == nil && i >= 0 && i < n {
			return i
		}
	}
	return 0
}

// abiTally adds up what a target's runner checked: the runner answers the
// calls since its last abi request, so the suite asks after each
// implementation and a restarted runner loses only the calls of the one
// that crashed it.
type abiTally struct {
	on     bool
	failed string
	order  []string
	calls  map[string]uint64
}

func (a *abiTally) collect(s *driver.Session) {
	out, err := s.Call([]byte("abi"))
	if err == nil && len(out) != 1 {
		err = fmt.Errorf("%d strings", len(out))
	}
	var st struct {
		On      bool             `json:"on"`
		Kernels []wire.ABIKernel `json:"kernels"`
	}
	if err == nil {
		err = json.Unmarshal(out[0], &st)
	}
	if err != nil {
		a.failed = err.Error()
		return
	}
	a.on = st.On
	if a.calls == nil {
		a.calls = map[string]uint64{}
	}
	for _, k := range st.Kernels {
		if k.SelfTest {
			continue
		}
		if _, seen := a.calls[k.Name]; !seen {
			a.order = append(a.order, k.Name)
		}
		a.calls[k.Name] += k.Calls
	}
}

// note says how many kernels and calls the trampoline checked on t by the
// vectors, and which kernels no case reached (their levels need features
// the model lacks, or were filtered out). "" when the checks were off.
func (a *abiTally) note(t driver.Target) string {
	if a.failed != "" {
		return fmt.Sprintf("ABI %s: the runner did not report its checks: %s", t, a.failed)
	}
	if !a.on {
		return ""
	}
	var calls uint64
	var idle []string
	for _, k := range a.order {
		if a.calls[k] == 0 {
			idle = append(idle, k)
		}
		calls += a.calls[k]
	}
	note := fmt.Sprintf("ABI %s: %d of %d kernels checked in %d calls by the vectors", t, len(a.order)-len(idle), len(a.order), calls)
	if len(idle) > 0 {
		note += " (not reached: " + strings.Join(idle, ", ") + ")"
	}
	return note
}
