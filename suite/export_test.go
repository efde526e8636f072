package suite

// Internals the external tests (package suite_test) check.
var (
	Homes       = homes
	ProbeStatus = probeStatus
	ProbeTarget = probeTarget
)
