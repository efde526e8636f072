package suite

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
)

// A named row passes only with all its cases and its evidence; a row whose
// level was skipped says why, and an arch that cannot run one gets its row.
func TestOpenSSLReportRows(t *testing.T) {
	tab, err := ci.LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	a := tab.Arches["arm64"]
	var rep ci.OpenSSLReport
	for _, r := range tab.Reports {
		if r.Name == "graviton2-aes_v8" {
			rep = r
		}
	}
	det, _ := a.DetectedBits("CPUINFO: OPENSSL_armcap=0xbd")
	var lv ci.OpenSSLLevel
	for _, l := range a.Levels {
		if l.Detected() {
			lv = l
		}
	}
	fiveX := "----------------\nIN: \n"
	for i := 0; i < 5; i++ {
		fiveX += fmt.Sprintf("0x%016x:  %08x  aese\n", 0x5500001000+4*i, 0x4e284800+i)
	}
	fiveX += "0x0000005500002000:  0ee0e000  pmull\n"
	oneX := "----------------\nIN: \n0x0000005500001000:  4e284800  aese\n0x0000005500002000:  0ee0e000  pmull\n"
	plan := func(model, log string) driver.Planned {
		dir := filepath.Join(t.TempDir(), model)
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "inasm-1.log"), []byte(log), 0o644)
		return driver.Planned{Target: driver.Target{Arch: "arm64", Model: model, Qemu: "qemu-aarch64"}, Model: ci.Model{Name: model},
			OpenSSL: &driver.OpenSSLPlan{Lib: "3.0", Level: lv, Arch: a, Name: "openssl3.0", Detected: det, Evidence: dir}}
	}
	cases := len(rep.Sizes) * len(rep.Ops)
	row := func(model string, n int) Result {
		return Result{Arch: "arm64", Model: model, Impl: ReportImpl(rep.Name), File: reportFile(rep), Status: Passed, Cases: n, Passed: n}
	}
	// Three copies of neoverse-n1 under other labels stand for three runs.
	good, no5x, short := plan("neoverse-n1", fiveX), plan("neoverse-n1", oneX), plan("neoverse-n1", fiveX)
	no5x.Target.Model, short.Target.Model = "n1-no5x", "n1-short"
	skipped := plan("neoverse-n1", fiveX)
	skipped.Target.Model, skipped.Skip = "n1-skipped", "openssl3.0: missing feature ARMV8_AES"
	sparc := driver.Planned{Target: driver.Target{Arch: "sparc64", Model: "default"}, OpenSSL: &driver.OpenSSLPlan{Name: "openssl"}}
	var cannot string
	for _, r := range tab.Reports {
		if r.Arch == "sparc64" {
			cannot = r.Cannot
		}
	}
	results := []Result{row("neoverse-n1", cases), row("n1-no5x", cases), row("n1-short", cases-1),
		{Arch: "sparc64", Model: "default", Impl: "*", Status: Skipped, Reason: cannot}}
	out := judgeReports(Options{Build: driver.BuildOptions{OpenSSL: "installed"}}, []driver.Planned{good, no5x, short, skipped, sparc}, results)
	got := map[string]Result{}
	for _, r := range out {
		got[r.Model+" "+r.Impl] = r
	}
	check := func(key string, st Status, reason string) {
		t.Helper()
		r, ok := got[key]
		if !ok {
			t.Fatalf("no row %s in %+v", key, out)
		}
		if r.Status != st || !strings.Contains(r.Reason, reason) {
			t.Errorf("%s: %s %q, want %s containing %q", key, r.Status, r.Reason, st, reason)
		}
	}
	impl := ReportImpl(rep.Name)
	check("neoverse-n1 "+impl, Passed, "aese-5x 1")
	check("n1-no5x "+impl, Failed, "aese-5x never translated")
	check("n1-short "+impl, Failed, fmt.Sprintf("%d of the report's %d cases passed", cases-1, cases))
	check("n1-skipped "+impl, Skipped, "missing feature ARMV8_AES")
	check("default report/sparc64-t4", Skipped, "no libssl for sparc64")
}
