package suite

// Internals the external tests (package suite_test) check.
var (
	ProbeStatus = probeStatus
	ProbeTarget = probeTarget
)
