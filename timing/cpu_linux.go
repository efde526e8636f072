//go:build linux

package timing

import (
	"syscall"
	"time"
	"unsafe"
)

// clockThreadCPUTimeID is Linux's CLOCK_THREAD_CPUTIME_ID (3 on every
// arch). getrusage(RUSAGE_THREAD) would be simpler but only advances at
// scheduler ticks (milliseconds); this clock includes the running slice.
const clockThreadCPUTimeID = 3

// ThreadCPU is the CPU time the calling OS thread has used, or -1 if the
// kernel will not say. The caller locks its goroutine to the thread. Like
// `openssl speed` without -elapsed, timing divides by CPU time, so time the
// scheduler gives to other processes is not charged to a kernel.
func ThreadCPU() time.Duration {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return -1
	}
	return time.Duration(ts.Nano())
}
