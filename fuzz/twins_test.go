package fuzz

import (
	"testing"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
)

// An OpenSSL twin leaves its fuzz cases to its home, as its vector files:
// a mask on two models of one emulator, a detected word shared by two
// models; never arm64's model families (BN reads the MIDR), never with
// --every-model, never on the home itself.
func TestOpenSSLFuzzTwins(t *testing.T) {
	tab, err := ci.LoadOpenSSL()
	if err != nil {
		t.Fatal(err)
	}
	a := tab.Arches["arm64"]
	plan := func(model string, l ci.OpenSSLLevel, info string) driver.Planned {
		return driver.Planned{Target: driver.Target{Arch: "arm64", Model: model, Qemu: "qemu", Binary: "runner-3.0", Env: []string{"XARCH_OPENSSL_LEVEL=" + l.Name}},
			OpenSSL: &driver.OpenSSLPlan{Lib: "3.0", Level: l, Arch: a, Name: "openssl3.0-" + l.Name, CPUInfo: info}}
	}
	det, neon := a.Levels[0], a.Levels[3]
	if !det.Detected() || neon.Name != "neon" {
		t.Fatalf("levels %v", a.Levels)
	}
	plans := []driver.Planned{
		plan("cortex-a53", neon, "CPUINFO: OPENSSL_armcap=0xbd"), plan("neoverse-n1", neon, "CPUINFO: OPENSSL_armcap=0xbd"),
		plan("cortex-a53", det, "CPUINFO: OPENSSL_armcap=0xbd"), plan("neoverse-n1", det, "CPUINFO: OPENSSL_armcap=0xbd"),
		plan("max", det, "CPUINFO: OPENSSL_armcap=0xfd"),
	}
	h := suite.Homes(plans)
	for _, c := range []struct {
		i     int
		alg   string
		every bool
		want  string
	}{
		{0, "aes", false, ""},
		{1, "aes", false, "arm64/cortex-a53"},
		{1, "mont", false, "arm64/cortex-a53"}, // a mask fixes the MIDR paths off
		{1, "aes", true, ""},
		{3, "aes-gcm", false, "arm64/cortex-a53"},
		{3, "mont", false, ""},
		{4, "aes-gcm", false, ""}, // another word
	} {
		if got := twinHome(Options{EveryModel: c.every}, plans[c.i], h[c.i], c.alg); got != c.want {
			t.Errorf("plan %d (%s %s) %s every-model %v: home %q, want %q", c.i, plans[c.i].Target.Model, plans[c.i].OpenSSL.Name, c.alg, c.every, got, c.want)
		}
	}
}
