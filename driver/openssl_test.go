package driver

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/xarchlab/xarch/ci"
)

func TestCountEvidence(t *testing.T) {
	tab, err := ci.LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	log := "----------------\nIN: \n" +
		"0x0000000000401000:  4e284800  aese v0.16b, v0.16b\n" + // the runner's own (Go's map hash)
		"0x0000005500001000:  4e284800  aese v0.16b, v0.16b\n" +
		"0x0000005500001004:  4e284821  aese v1.16b, v1.16b\n" +
		"0x0000005500001008:  4e284842  aese v2.16b, v2.16b\n" +
		"0x000000550000100c:  4e284a52  aese v18.16b, v18.16b\n" +
		"0x0000005500001010:  4e284b18  aese v24.16b, v24.16b\n" +
		"0x0000005500001014:  4ee0e020  .byte 0x20, 0xe0, 0xe0, 0x4e\n" +
		"\n----------------\nIN: \n" +
		"0x0000005500002000:  ce000000  .byte 0x00, 0x00, 0x00, 0xce\n"
	if err := os.WriteFile(filepath.Join(dir, "inasm-1.log"), []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	p := &OpenSSLPlan{Arch: tab.Arches["arm64"], Evidence: dir, Own: [][2]uint64{{0x400000, 0x500000}}}
	c, err := CountEvidence(p)
	if err != nil {
		t.Fatal(err)
	}
	if c["aese"] != 5 || c["aese-5x"] != 1 || c["pmull"] != 1 || c["eor3"] != 1 || c["sha512h"] != 0 {
		t.Fatalf("counts %v", c)
	}
	if _, err := CountEvidence(&OpenSSLPlan{Arch: tab.Arches["arm64"], Evidence: t.TempDir()}); err == nil {
		t.Fatal("no log counted as evidence")
	}
}

// A user's prefix: its lib/ or lib64/ libcrypto, its headers, an rpath to
// it (the runner finds it under QEMU without -L), one prefix per arch.
func TestOpenSSLPrefixLibs(t *testing.T) {
	tab, err := ci.LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"lib", "lib64"} {
		pre := t.TempDir()
		os.MkdirAll(filepath.Join(pre, sub), 0o755)
		os.WriteFile(filepath.Join(pre, sub, "libcrypto.so.3"), nil, 0o644)
		if err := CheckOpenSSL("arm64=" + pre + ",only"); err != nil {
			t.Fatal(err)
		}
		libs, why, _ := opensslLibs(tab, "arm64", tab.Arches["arm64"], "arm64="+pre+",only")
		if len(libs) != 1 || len(why) != 0 {
			t.Fatalf("%s: libs %+v why %v", sub, libs, why)
		}
		l := libs[0]
		if l.name != "custom" || l.libDir != filepath.Join(pre, sub) || l.rpath != l.libDir || l.root != "" || l.include[0] != filepath.Join(pre, "include") {
			t.Fatalf("%s: %+v", sub, l)
		}
		if libs, _, _ := opensslLibs(tab, "ppc64le", tab.Arches["ppc64le"], "arm64="+pre); len(libs) != 0 {
			t.Fatalf("arm64's prefix used for ppc64le: %+v", libs)
		}
	}
	if err := CheckOpenSSL("arm64=" + t.TempDir()); err == nil {
		t.Fatal("a prefix without libcrypto accepted")
	}
}

// Only a plan that asks for evidence (xarch test's vector pass) traces the
// OpenSSL levels under QEMU: the fuzz pass, run and speed never read a
// trace, and tracing them cost time for nothing.
func TestOpenSSLEvidenceOnlyWhenAsked(t *testing.T) {
	wd, _ := os.Getwd()
	root, err := FindRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	plan := func(ev bool) []Planned {
		ps, err := Plan(PlanOptions{Arches: []string{"arm64"}, Models: "neoverse-n1", Evidence: ev,
			Build: BuildOptions{Root: root, CacheDir: DefaultCacheDir(), OpenSSL: "installed,only"}})
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	traced := func(p Planned) bool {
		for _, a := range p.Target.QemuArgs {
			if a == "in_asm" {
				return true
			}
		}
		return false
	}
	ran := 0
	for _, ev := range []bool{false, true} {
		for _, p := range plan(ev) {
			if p.OpenSSL == nil || p.Skip != "" || p.Fail != "" {
				continue
			}
			ran++
			if traced(p) != ev || (p.OpenSSL.Evidence != "") != ev {
				t.Errorf("evidence %v: %s on %s: qemu args %q, evidence folder %q", ev, p.OpenSSL.Name, p.Target, p.Target.QemuArgs, p.OpenSSL.Evidence)
			}
		}
	}
	if ran == 0 {
		t.Skip("no OpenSSL level can run on arm64/neoverse-n1 here (ci/install-deps.sh)")
	}
}
