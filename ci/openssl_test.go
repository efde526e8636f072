package ci

import "testing"

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
