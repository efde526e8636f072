package report

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Each skip reason the suite writes lands in its class.
func TestClassifyReasons(t *testing.T) {
	for _, c := range []struct {
		status string
		rs     []Result
		want   string
	}{
		{"passed", nil, ClassPassed},
		{"failed", []Result{{Reason: "masked shani"}}, ClassFailed},
		{"not emulated", nil, ClassNotEmulated},
		{"skipped", []Result{{Reason: "not faithfully emulated: vaes: probe answered wrongly"}}, ClassNotEmulated},
		{"skipped", []Result{{Reason: "needs hardware: sve2 timing; probe traps"}}, ClassHardware},
		{"skipped", []Result{{Reason: "masked shani"}}, ClassMasked},
		{"skipped", []Result{{Reason: "missing feature avx2; masked shani"}}, ClassMissing},
		{"skipped", []Result{{RanOn: "amd64/native", Reason: "ran on amd64/native (...)"}, {RanOn: "amd64/native"}}, ClassTwin},
		{"skipped", []Result{{RanOn: "amd64/native"}, {Reason: "no vector suite for algorithm x"}}, ClassSkipped},
		{"skipped", []Result{{Reason: "no implementation matches --impl here"}}, ClassSkipped},
	} {
		require.Equal(t, c.want, Classify(c.status, c.rs), "%s %+v", c.status, c.rs)
	}
	for _, cn := range ClassNames {
		require.Equal(t, cn.Name, ClassName(cn.Class))
	}
}
