//go:build !linux

package timing

import "time"

// ThreadCPU is unknown off Linux: the host falls back to wall-clock time.
func ThreadCPU() time.Duration { return -1 }
