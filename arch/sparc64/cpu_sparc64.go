package sparc64

import (
	"os"
	"strings"
	"sync"

	"github.com/xarchlab/xarch/arch"
)

// Linux sparc AT_HWCAP bits (glibc bits/hwcap.h, HWCAP_SPARC_*).
const (
	hwcapV9     = 0x00000010
	hwcapPOPC   = 0x00001000
	hwcapVIS    = 0x00002000
	hwcapVIS2   = 0x00004000
	hwcapFMAF   = 0x00010000
	hwcapVIS3   = 0x00020000
	hwcapCBCOND = 0x02000000
	hwcapCRYPTO = 0x04000000 // T4+ crypto opcodes; which units: %cfr (asr26)
)

var features = []arch.Feature{
	{Name: "v9", Desc: "SPARC V9 (always true for a sparc64 process)"},
	{Name: "popc", Desc: "popc instruction implemented in hardware"},
	{Name: "vis1", Desc: "VIS 1.0 (UltraSPARC I+)"},
	{Name: "vis2", Desc: "VIS 2.0 (UltraSPARC III+)"},
	{Name: "vis3", Desc: "VIS 3.0 (SPARC T4+)"},
	{Name: "fmaf", Desc: "fused multiply-add (SPARC64 VI+/T4+)"},
	{Name: "cbcond", Desc: "compare-and-branch (SPARC T4+)"},
	{Name: "crypto", Desc: "T4 crypto opcodes (aes/des/sha*/md5/mont*)"},
}

// Names /proc/cpuinfo uses in its "cpucaps" line for the same bits. The
// kernel prints the crypto units (from %cfr) instead of a "crypto" word.
var cpucapNames = map[string]string{
	"v9": "v9", "popc": "popc", "vis": "vis1", "vis2": "vis2", "vis3": "vis3",
	"fmaf": "fmaf", "cbcond": "cbcond",
	"aes": "crypto", "des": "crypto", "kasumi": "crypto", "camellia": "crypto",
	"md5": "crypto", "sha1": "crypto", "sha256": "crypto", "sha512": "crypto",
	"mpmul": "crypto", "montmul": "crypto", "montsqr": "crypto", "crc32c": "crypto",
}

var (
	detectOnce sync.Once
	detected   map[string]bool
)

func init() {
	arch.RegisterFeatures(features, detect)
}

func detect() map[string]bool {
	detectOnce.Do(func() {
		hw, ok := arch.Auxv(arch.AT_HWCAP)
		var caps string
		if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
			caps = cpucapsLine(string(b))
		}
		detected = decode(hw, ok, caps)
	})
	out := map[string]bool{}
	for k, v := range detected {
		out[k] = v
	}
	return out
}

// decode merges the auxv bits with the cpuinfo names: qemu-user 7.2 sets
// only the V8/V9 base bits in auxv and fakes cpuinfo without cpucaps, while
// a real kernel reports both; either source alone can be missing.
func decode(hw uint64, haveHW bool, caps string) map[string]bool {
	// A 64-bit SPARC process runs in V9 mode by definition.
	m := map[string]bool{"v9": true}
	if haveHW {
		bits := []struct {
			bit  uint64
			name string
		}{
			{hwcapV9, "v9"}, {hwcapPOPC, "popc"}, {hwcapVIS, "vis1"}, {hwcapVIS2, "vis2"},
			{hwcapVIS3, "vis3"}, {hwcapFMAF, "fmaf"}, {hwcapCBCOND, "cbcond"}, {hwcapCRYPTO, "crypto"},
		}
		for _, b := range bits {
			if hw&b.bit != 0 {
				m[b.name] = true
			}
		}
	}
	for _, w := range strings.Split(caps, ",") {
		if n, ok := cpucapNames[strings.TrimSpace(w)]; ok {
			m[n] = true
		}
	}
	return m
}

// cpucapsLine returns the value of the first "cpucaps" line, or "".
func cpucapsLine(cpuinfo string) string {
	for _, line := range strings.Split(cpuinfo, "\n") {
		i := strings.IndexByte(line, ':')
		if i < 0 || strings.TrimSpace(line[:i]) != "cpucaps" {
			continue
		}
		return strings.TrimSpace(line[i+1:])
	}
	return ""
}
