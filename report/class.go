package report

import "strings"

// Cell classes: what a matrix cell (one level on one target, over its
// files) says, with skips split by why. The HTML matrix colours by them
// and the job summary counts skips by them.
const (
	ClassPassed      = "passed"
	ClassFailed      = "failed"
	ClassNotEmulated = "not-emulated"  // a probe showed the emulator computes it wrongly
	ClassMissing     = "skip-missing"  // a CPU feature the target lacks
	ClassMasked      = "skip-masked"   // turned off with --mask
	ClassHardware    = "skip-hardware" // needs hardware, not an emulator
	ClassTwin        = "skip-twin"     // its vector files ran on a twin target
	ClassSkipped     = "skip-other"
)

// ClassNames are the words for each class, in legend order.
var ClassNames = []struct{ Class, Name string }{
	{ClassPassed, "PASSED"},
	{ClassFailed, "FAILED"},
	{ClassNotEmulated, "NOT EMULATED (probe: the emulator computes it wrongly)"},
	{ClassMissing, "SKIPPED: missing feature"},
	{ClassMasked, "SKIPPED: masked"},
	{ClassHardware, "SKIPPED: needs hardware"},
	{ClassTwin, "SKIPPED: ran on a twin"},
	{ClassSkipped, "SKIPPED: other"},
}

// ClassName is the legend word of a class.
func ClassName(class string) string {
	for _, c := range ClassNames {
		if c.Class == class {
			return c.Name
		}
	}
	return class
}

// Classify gives the class of a cell: its row status (suite.Row.Status)
// and the results it folds.
func Classify(status string, results []Result) string {
	switch status {
	case "passed":
		return ClassPassed
	case "failed":
		return ClassFailed
	case "not emulated":
		return ClassNotEmulated
	}
	twin := len(results) > 0
	reason := ""
	for _, r := range results {
		if r.RanOn == "" {
			twin = false
		}
		if reason == "" && r.Reason != "" {
			reason = r.Reason
		}
	}
	switch {
	case twin:
		return ClassTwin
	case strings.HasPrefix(reason, "not faithfully emulated"):
		return ClassNotEmulated
	case strings.HasPrefix(reason, "needs hardware"):
		return ClassHardware
	case strings.HasPrefix(reason, "masked"):
		return ClassMasked
	case strings.HasPrefix(reason, "missing feature"):
		return ClassMissing
	}
	return ClassSkipped
}
