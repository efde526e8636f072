package suite

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
)

// The evidence check must fail a mask that changes nothing, and an
// instruction the mask clears that still runs.
func TestOpenSSLEvidence(t *testing.T) {
	tab, err := ci.LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	a := tab.Arches["arm64"]
	det, _ := a.DetectedBits("CPUINFO: OPENSSL_armcap=0xbd")
	lv := map[string]ci.OpenSSLLevel{}
	for _, l := range a.Levels {
		lv[l.Name] = l
	}
	log := "----------------\nIN: \n0x0000005500001000:  4e284800  aese v0.16b, v0.16b\n0x0000005500001004:  0ee0e000  pmull\n" +
		"0x0000005500001008:  5e004000  sha256h\n"
	plan := func(level, name string) driver.Planned {
		dir := filepath.Join(t.TempDir(), name)
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "inasm-1.log"), []byte(log), 0o644)
		return driver.Planned{Target: driver.Target{Arch: "arm64", Model: "neoverse-n1", Qemu: "qemu-aarch64"},
			OpenSSL: &driver.OpenSSLPlan{Lib: "3.0", Level: lv[level], Arch: a, Name: name, Detected: det, Evidence: dir}}
	}
	plans := []driver.Planned{plan("detected", "openssl3.0"), plan("nopmull", "openssl3.0-nopmull")}
	var results []Result
	for _, p := range plans {
		for _, f := range []string{"aes", "aes-gcm", "sha256", "sha512"} {
			results = append(results, Result{Arch: "arm64", Model: "neoverse-n1", Impl: f + "/" + p.OpenSSL.Name, Cases: 1})
		}
	}
	out, notes := opensslEvidence(plans, results)
	if len(out) != 2 || len(notes) != 2 {
		t.Fatalf("rows %v notes %v", out, notes)
	}
	for _, r := range out {
		switch r.Impl {
		case "evidence/openssl3.0":
			// aese-5x never appears in this log though AES is in the word.
			if r.Status != Failed || !strings.Contains(r.Reason, "aese-5x never translated") {
				t.Errorf("detected: %s %s", r.Status, r.Reason)
			}
		case "evidence/openssl3.0-nopmull":
			if r.Status != Failed || !strings.Contains(r.Reason, "changed nothing") {
				t.Errorf("nopmull: %s %s", r.Status, r.Reason)
			}
			if len(r.Failures) < 2 || !strings.Contains(r.Failures[0].Msg, "pmull translated 1 times though the mask clears ARMV8_PMULL") {
				t.Errorf("nopmull failures: %+v", r.Failures)
			}
		}
	}
}

// Detected levels twin only among models with the same detected word, on
// arches whose table says the word is all the library reads, and never for
// the families that read the model (arm64 BN by MIDR).
func TestOpenSSLWordTwins(t *testing.T) {
	tab, err := ci.LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	plan := func(arch, model, info string) driver.Planned {
		a := tab.Arches[arch]
		return driver.Planned{Target: driver.Target{Arch: arch, Model: model, Qemu: "qemu", Binary: "runner-3.0", Env: []string{"XARCH_OPENSSL_LEVEL=detected"}},
			OpenSSL: &driver.OpenSSLPlan{Lib: "3.0", Level: a.Levels[0], Arch: a, Name: "openssl3.0", CPUInfo: info}}
	}
	a53, n1, v1 := plan("arm64", "cortex-a53", "CPUINFO: OPENSSL_armcap=0xbd"), plan("arm64", "neoverse-n1", "CPUINFO: OPENSSL_armcap=0xbd"), plan("arm64", "neoverse-v1", "CPUINFO: OPENSSL_armcap=0xfd")
	rv1, rv2 := plan("riscv64", "vector-crypto", "CPUINFO: OPENSSL_riscvcap=RV64GC_V"), plan("riscv64", "vector-crypto-vlen256", "CPUINFO: OPENSSL_riscvcap=RV64GC_V")
	h := homes([]driver.Planned{a53, n1, v1, rv1, rv2})
	if h[0] != "" || h[1] != "arm64/cortex-a53" || h[2] != "" {
		t.Fatalf("homes %q", h)
	}
	if !opensslTwin(n1, "aes-gcm") || opensslTwin(n1, "mont") {
		t.Fatal("arm64 detected: twin for aes-gcm, never for mont")
	}
	if opensslTwin(rv2, "aes-gcm") {
		t.Fatal("riscv64 detected levels twinned: VLEN is not in the word")
	}
}
