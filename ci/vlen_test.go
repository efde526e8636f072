package ci

import (
	"regexp"
	"sort"
	"strings"
	"testing"
)

var vlenRE = regexp.MustCompile(`(?:^|,)vlen=(\d+)(?:,|$)`)

// Every vector feature set of the default matrix runs at two vector lengths
// (128 and 256 bits): a VSETIVLI that is right only by the luck of one VLEN
// (issue 27) fails on the other.
func TestVectorModelsRunAtTwoVLENs(t *testing.T) {
	tab, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	a, err := tab.Find("riscv64")
	if err != nil {
		t.Fatal(err)
	}
	models, err := a.Select("")
	if err != nil {
		t.Fatal(err)
	}
	vlens := map[string][]string{} // feature set -> VLENs
	for _, m := range models {
		vector := false
		for _, f := range m.Expect {
			vector = vector || f == "v"
		}
		if !vector {
			continue
		}
		got := vlenRE.FindStringSubmatch(m.QemuCPU())
		if got == nil {
			t.Errorf("%s: a vector model with no vlen= in -cpu %q: the VLEN must be explicit", m.Name, m.QemuCPU())
			continue
		}
		set := append([]string(nil), m.Expect...)
		sort.Strings(set)
		k := strings.Join(set, ",")
		vlens[k] = append(vlens[k], got[1])
	}
	if len(vlens) == 0 {
		t.Fatal("no riscv64 vector model in the default matrix")
	}
	for set, vs := range vlens {
		sort.Strings(vs)
		if strings.Join(vs, ",") != "128,256" {
			t.Errorf("features %s run at VLEN %v in the default matrix, want 128 and 256", set, vs)
		}
	}
}
