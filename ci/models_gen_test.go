package ci

import (
	"strings"
	"testing"
)

func selectOne(t *testing.T, a *Arch, name string) Model {
	t.Helper()
	ms, err := a.Select(name)
	if err != nil || len(ms) != 1 {
		t.Fatalf("Select(%q) = %v, %v", name, ms, err)
	}
	return ms[0]
}

func TestGenerations(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Emulators) < 2 || tab.Emulators[0].Gen != BaseGen {
		t.Fatalf("emulators %+v: want %s first and a newer one", tab.Emulators, BaseGen)
	}
	amd, _ := tab.Find("amd64")
	def, _ := amd.Select("")
	labels := map[string]Model{}
	for _, m := range def {
		if _, dup := labels[m.Label()]; dup {
			t.Errorf("default set has %s twice", m.Label())
		}
		labels[m.Label()] = m
	}
	for _, want := range []string{"Haswell", "Haswell@qemu7.2", "max"} {
		if _, ok := labels[want]; !ok {
			t.Errorf("amd64 default set lacks %s (has %v)", want, def)
		}
	}
	if m := labels["max"]; m.Gen != "10" || !strings.Contains(strings.Join(m.Expect, ","), "shani") {
		t.Errorf("amd64 max: gen %q expect %v, want QEMU 10 with shani", m.Gen, m.Expect)
	}
	if m := selectOne(t, amd, "max@qemu7.2"); m.Gen != "7.2" || strings.Contains(strings.Join(m.Expect, ","), "shani") || m.Label() != "max@qemu7.2" {
		t.Errorf("max@qemu7.2: %+v", m)
	}
	if m := selectOne(t, amd, "haswell@7.2"); m.Label() != "Haswell@qemu7.2" {
		t.Errorf("haswell@7.2 is %s", m.Label())
	}
	if _, err := amd.Select("native@qemu10"); err == nil {
		t.Error("native@qemu10 accepted")
	}
	arm, _ := tab.Find("arm64")
	if _, err := arm.Select("neoverse-v1@qemu7.2"); err == nil || !strings.Contains(err.Error(), "does not run under QEMU 7.2") {
		t.Errorf("neoverse-v1@qemu7.2: %v", err)
	}
	armDef, _ := arm.Select("")
	var names []string
	for _, m := range armDef {
		names = append(names, m.Label())
	}
	for _, want := range []string{"neoverse-v1", "neoverse-n2"} {
		if !strings.Contains(","+strings.Join(names, ",")+",", ","+want+",") {
			t.Errorf("arm64 defaults %v lack %s", names, want)
		}
	}
	sp, _ := tab.Find("sparc64")
	if m := selectOne(t, sp, "UltraSparc-T2"); m.QemuCPU() != "Sun-UltraSparc-T2" {
		t.Errorf("sparc64 T2 under QEMU 10 is -cpu %q", m.QemuCPU())
	}
	if m := selectOne(t, sp, "UltraSparc-T2@qemu7.2"); m.QemuCPU() != "Sun UltraSparc T2" {
		t.Errorf("sparc64 T2 under QEMU 7.2 is -cpu %q", m.QemuCPU())
	}
	// Host tests and the cross unit tests stay on the base generation.
	for _, a := range tab.Arches {
		if r, ok := a.Richest(); ok && r.Gen != BaseGen {
			t.Errorf("%s: Richest is on %q", a.Arch, r.Gen)
		}
	}
	t.Setenv("XARCH_QEMU10_DIR", t.TempDir())
	if _, why := tab.QemuPath(amd, "10"); !strings.Contains(why, "not installed") || !strings.Contains(why, "install-deps.sh") {
		t.Errorf("missing QEMU 10: %q", why)
	}
}
