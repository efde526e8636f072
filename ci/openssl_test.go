package ci

import (
	"strings"
	"testing"
)

func TestOpenSSLLevels(t *testing.T) {
	tab, err := LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{"amd64", "arm64", "ppc64le", "riscv64"} {
		if tab.Arches[a] == nil || len(tab.Arches[a].Levels) < 3 {
			t.Fatalf("%s: too few levels", a)
		}
	}
	arm := tab.Arches["arm64"]
	n1, err := arm.DetectedBits("CPUINFO: OPENSSL_armcap=0xbd")
	if err != nil {
		t.Fatal(err)
	}
	if !n1["ARMV8_PMULL"] || n1["ARMV8_SHA512"] {
		t.Fatalf("0xbd read as %v", n1)
	}
	lv := map[string]OpenSSLLevel{}
	for _, l := range arm.Levels {
		lv[l.Name] = l
	}
	if why := lv["nosha512"].Missing(n1); why != "missing feature ARMV8_SHA512" {
		t.Fatalf("nosha512 on n1: %q", why)
	}
	if why := lv["nopmull"].Missing(n1); why != "" {
		t.Fatalf("nopmull on n1: %q", why)
	}
	// A level claiming a bit the model lacks would be a SIGILL: skipped.
	a53, _ := arm.DetectedBits("CPUINFO: OPENSSL_armcap=0x1")
	if why := lv["nopmull"].Missing(a53); why == "" {
		t.Fatal("nopmull ran where only NEON is detected")
	}
	eff := arm.Effective(lv["nopmull"], n1)
	for _, in := range arm.Instructions {
		want := in.Name == "aese" || in.Name == "aese-5x" || in.Name == "sha256h"
		if in.Expect(eff) != want {
			t.Errorf("nopmull: expect %s = %v", in.Name, !want)
		}
	}
	x86 := tab.Arches["amd64"]
	det, err := x86.DetectedBits("CPUINFO: OPENSSL_ia32cap=0x200000200000000:0x10000 env:~0")
	if err != nil || !det["AESNI"] || !det["PCLMULQDQ"] || !det["AVX512F"] || det["VAES"] {
		t.Fatalf("ia32cap read as %v, %v", det, err)
	}
	rv := tab.Arches["riscv64"]
	det, err = rv.DetectedBits("CPUINFO: OPENSSL_riscvcap=RV64GC_ZBA_ZBB_ZBC_ZBS")
	if err != nil || !det["ZBC"] || det["ZKNE"] {
		t.Fatalf("riscvcap read as %v, %v", det, err)
	}
	for _, l := range rv.Levels {
		if l.Name == "zkn" && l.Missing(det) == "" {
			t.Fatal("zkn ran without Zkne")
		}
	}
	// A level runs where it drops any one of its drops: rv64gc where only
	// vector crypto is detected (QEMU's vector-crypto model has no Zbc),
	// not where the library detects nothing it turns off.
	vec, err := rv.DetectedBits("CPUINFO: OPENSSL_riscvcap=RV64GC_ZBA_ZBB_ZBS_ZKT_V_ZVBB_ZVKB_ZVKG_ZVKNED_ZVKNHA_ZVKNHB vlen:128")
	if err != nil || !vec["ZVKG"] || vec["ZBC"] {
		t.Fatalf("riscvcap read as %v, %v", vec, err)
	}
	bare, _ := rv.DetectedBits("CPUINFO: OPENSSL_riscvcap=RV64GC")
	for _, l := range rv.Levels {
		if l.Name != "rv64gc" {
			continue
		}
		if why := l.Missing(vec); why != "" {
			t.Errorf("rv64gc on vector crypto: %q", why)
		}
		if why := l.Missing(bare); !strings.HasPrefix(why, "missing feature ") || !strings.Contains(why, "none is detected") {
			t.Errorf("rv64gc where nothing is detected: %q", why)
		}
	}
	var aese OpenSSLInstrEntry
	for _, in := range arm.Instructions {
		if in.Name == "aese" {
			aese = in
		}
	}
	if !aese.Matches(0x4e284a20) || aese.Matches(0x4e285a20) { // aese v0,v17; aesd
		t.Fatal("aese encoding")
	}
}

// The named rows: each report's kernel with its sizes and its evidence. A
// row that loses either fails here.
func TestOpenSSLReports(t *testing.T) {
	tab, err := LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	models, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]OpenSSLReport{}
	for _, r := range tab.Reports {
		rows[r.Name] = r
		if r.Cannot != "" {
			continue
		}
		a, err := models.Find(r.Arch)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range r.Models {
			if _, err := a.Select(m); err != nil {
				t.Errorf("report %s: model %s: %v", r.Name, m, err)
			}
		}
	}
	want := []struct {
		name, lib, level string
		models           []string
		sizes            []int
		evidence, absent []string
	}{
		{"graviton2-aes_v8", "3.0", "detected", []string{"neoverse-n1"}, []int{64, 79, 80, 128, 256, 511, 512, 513, 1024}, []string{"aese-5x", "pmull"}, nil},
		{"unroll8-eor3-gcm", "3.5", "detected", []string{"neoverse-v1", "neoverse-n2"}, []int{511, 512, 513, 1024}, []string{"eor3"}, nil},
		{"n1-neon-mont", "3.0", "detected", []string{"neoverse-n1"}, []int{768}, []string{"umlal"}, nil},
		{"v1-scalar-mont", "3.0", "detected", []string{"neoverse-v1"}, []int{768}, nil, []string{"umlal"}},
		{"power8-sha512_block_p8", "3.0", "detected", []string{"power8", "power9", "power10"}, []int{111, 112, 128}, []string{"vshasigmad"}, nil},
		{"power8-sha512-without-p8", "3.0", "altivec", []string{"power8", "power9", "power10"}, []int{111, 112, 128}, nil, []string{"vshasigmad"}},
	}
	has := func(list []string, x string) bool {
		for _, v := range list {
			if v == x {
				return true
			}
		}
		return false
	}
	for _, w := range want {
		r, ok := rows[w.name]
		if !ok {
			t.Errorf("no named row %s", w.name)
			continue
		}
		if r.Lib != w.lib || r.Level != w.level {
			t.Errorf("%s: library %s level %s, want %s %s", w.name, r.Lib, r.Level, w.lib, w.level)
		}
		for _, m := range w.models {
			if !has(r.Models, m) {
				t.Errorf("%s: model %s missing", w.name, m)
			}
		}
		sizes := map[int]bool{}
		for _, n := range r.Sizes {
			sizes[n] = true
		}
		for _, n := range w.sizes {
			if !sizes[n] {
				t.Errorf("%s: size %d missing", w.name, n)
			}
		}
		for _, e := range w.evidence {
			if !has(r.Evidence, e) {
				t.Errorf("%s: evidence %s missing", w.name, e)
			}
		}
		for _, e := range w.absent {
			if !has(r.Absent, e) {
				t.Errorf("%s: absent %s missing", w.name, e)
			}
		}
	}
	if rows["sparc64-t4"].Cannot == "" || rows["sparc64-t4"].Arch != "sparc64" {
		t.Error("sparc64 has no row saying why it cannot run")
	}
	// A row without sizes or evidence is refused when the table loads.
	bad := *tab
	bad.Reports = []OpenSSLReport{rows["graviton2-aes_v8"]}
	bad.Reports[0].Evidence = nil
	if err := bad.checkReports(); err == nil {
		t.Error("a row without evidence loaded")
	}
	bad.Reports[0] = rows["graviton2-aes_v8"]
	bad.Reports[0].Sizes = nil
	if err := bad.checkReports(); err == nil {
		t.Error("a row without sizes loaded")
	}
	bad.Reports[0] = rows["graviton2-aes_v8"]
	bad.Reports[0].Evidence = []string{"aese-6x"}
	if err := bad.checkReports(); err == nil {
		t.Error("a row naming an unknown instruction loaded")
	}
}
