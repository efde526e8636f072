package ci

import (
	"encoding/json"
	"reflect"
	"testing"
)

// The unit plan: poorest and richest base-generation models (the runner on
// the richest), then each model only a newer generation has whose features
// no base model detects, each with its generation and forced features.
func TestUnitPlan(t *testing.T) {
	var tab Table
	err := json.Unmarshal([]byte(`{"emulators": [{"gen": "7.2"}, {"gen": "10"}],
	  "arches": [{"arch": "x", "qemu": "qemu-x", "models": [
	    {"name": "plain", "expect": []},
	    {"name": "rich", "cpu": "r,k=1", "force": ["k"], "expect": ["k"]},
	    {"name": "both", "gens": ["7.2", "10"], "expect": ["k", "n"]},
	    {"name": "same", "gens": ["10"], "expect": ["k"]},
	    {"name": "new", "gens": ["10"], "expect": ["k", "w"]},
	    {"name": "spare", "gens": ["10"], "extra": true, "expect": ["z"]}]}]}`), &tab)
	if err != nil {
		t.Fatal(err)
	}
	a := &tab.Arches[0]
	a.table = &tab
	got := a.UnitPlan()
	want := []UnitRun{
		{Model: "plain", Package: "arch/x", Gen: "7.2"},
		{Model: "r,k=1", Package: "arch/x", Gen: "7.2", Force: []string{"k"}},
		{Model: "r,k=1", Package: "runner", Gen: "7.2", Force: []string{"k"}},
		{Model: "new", Package: "arch/x", Gen: "10"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("UnitPlan =\n%+v\nwant\n%+v", got, want)
	}
}
