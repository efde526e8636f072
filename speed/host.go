package speed

import (
	"os"
	"runtime"
	"strings"
)

// HostFacts describes the machine this process runs on.
func HostFacts() Host {
	h := Host{NumCPU: runtime.NumCPU(), OS: runtime.GOOS, Arch: runtime.GOARCH, GoVersion: runtime.Version()}
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		h.Kernel = strings.TrimSpace(string(b))
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		h.CPUModel, h.CPUFlags = parseCPUInfo(string(b))
	}
	if h.CPUModel == "" {
		h.CPUModel = "unknown " + runtime.GOARCH
	}
	return h
}

// parseCPUInfo takes the first processor's model and feature flags from
// /proc/cpuinfo (x86 "model name"/"flags", arm64 "CPU part"/"Features",
// POWER "cpu").
func parseCPUInfo(s string) (model string, flags []string) {
	var part, impl string
	for _, line := range strings.Split(s, "\n") {
		i := strings.IndexByte(line, ':')
		if i < 0 {
			continue
		}
		k, v := strings.TrimSpace(line[:i]), strings.TrimSpace(line[i+1:])
		switch k {
		case "model name", "cpu", "Model":
			if model == "" {
				model = v
			}
		case "CPU part":
			if part == "" {
				part = v
			}
		case "CPU implementer":
			if impl == "" {
				impl = v
			}
		case "flags", "Features":
			if flags == nil {
				flags = strings.Fields(v)
			}
		}
	}
	if model == "" && part != "" {
		model = "implementer " + impl + " part " + part
	}
	return model, flags
}
