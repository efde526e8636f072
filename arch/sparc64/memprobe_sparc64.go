package sparc64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// Memory-operand probes (arch.MemProbe) of the forms in memprobe_forms.go: each
// assembly function (memprobe_sparc64.s) executes one load or store with
// its operand at p. Every form is base SPARC V9.

//extern xarch_memprobe_ldx
func memProbeLDX(p unsafe.Pointer)

//extern xarch_memprobe_stx
func memProbeSTX(p unsafe.Pointer)

//extern xarch_memprobe_lduw
func memProbeLDUW(p unsafe.Pointer)

//extern xarch_memprobe_stw
func memProbeSTW(p unsafe.Pointer)

//extern xarch_memprobe_ldub
func memProbeLDUB(p unsafe.Pointer)

//extern xarch_memprobe_stb
func memProbeSTB(p unsafe.Pointer)

//extern xarch_memprobe_lddf
func memProbeLDDF(p unsafe.Pointer)

//extern xarch_memprobe_stdf
func memProbeSTDF(p unsafe.Pointer)

var memProbeRun = map[string]func(unsafe.Pointer){
	"xarch_memprobe_ldx": memProbeLDX, "xarch_memprobe_stx": memProbeSTX,
	"xarch_memprobe_lduw": memProbeLDUW, "xarch_memprobe_stw": memProbeSTW,
	"xarch_memprobe_ldub": memProbeLDUB, "xarch_memprobe_stb": memProbeSTB,
	"xarch_memprobe_lddf": memProbeLDDF, "xarch_memprobe_stdf": memProbeSTDF,
}

func init() {
	for _, f := range sparcMemForms {
		arch.RegisterMemProbe(arch.MemProbe{Feature: "v9", Form: f.form, Mnemonic: f.mnemonic, Size: f.size, Store: f.store,
			Align: f.size, Run: memProbeRun[f.fn], Match: f.match})
	}
}
