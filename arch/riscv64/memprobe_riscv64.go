//go:build gc

package riscv64

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The memory-operand probes of the forms in memprobe_forms.go: each
// executes one instruction of its form with its operand at p
// (memprobe_riscv64.s).

//go:noescape
func memProbeLD(p unsafe.Pointer)

//go:noescape
func memProbeSD(p unsafe.Pointer)

//go:noescape
func memProbeLW(p unsafe.Pointer)

//go:noescape
func memProbeSW(p unsafe.Pointer)

//go:noescape
func memProbeVLE8(p unsafe.Pointer)

//go:noescape
func memProbeVLE32(p unsafe.Pointer)

//go:noescape
func memProbeVSE32(p unsafe.Pointer)

//go:noescape
func memProbeVLE64(p unsafe.Pointer)

//go:noescape
func memProbeVSE64(p unsafe.Pointer)

var memProbeRun = map[string]func(unsafe.Pointer){
	"memProbeLD":    memProbeLD,
	"memProbeSD":    memProbeSD,
	"memProbeLW":    memProbeLW,
	"memProbeSW":    memProbeSW,
	"memProbeVLE8":  memProbeVLE8,
	"memProbeVLE32": memProbeVLE32,
	"memProbeVSE32": memProbeVSE32,
	"memProbeVLE64": memProbeVLE64,
	"memProbeVSE64": memProbeVSE64,
}

func init() {
	for _, f := range memForms {
		run := memProbeRun[f.fn]
		if run == nil {
			panic("riscv64: no memory-operand probe " + f.fn)
		}
		arch.RegisterMemProbe(arch.MemProbe{Feature: f.feature, Form: f.form, Mnemonic: f.mnemonic, Size: f.size, Store: f.store,
			Run: run, Match: f.key.match})
	}
}
