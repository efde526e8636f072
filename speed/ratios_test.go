package speed

import (
	"bytes"
	"strings"
	"testing"
)

func TestRatiosAgainstEveryPeer(t *testing.T) {
	r := lossReport(0.5) // the lower level is slower: dispatch wins
	r.Rows = append(r.Rows, Row{Alg: "aes-128-ctr", Name: "go", Kind: KindGo, Cells: r.Rows[0].Cells})
	// openssl (3x at 1024) beats the level; go is the same samples: a tie.
	rs := Ratios(r)
	got := map[string]Ratio{}
	for _, x := range rs {
		got[x.Peer+" "+x.Cell] = x
	}
	if x := got["openssl 1024 bytes"]; !x.Significant || x.Ratio > 0.4 || x.Level != "aes/vaes512" {
		t.Errorf("openssl at 1024: %+v", x)
	}
	if x := got["go 16 bytes"]; x.Significant || x.Ratio != 1 {
		t.Errorf("go at 16: %+v (same samples: a tie)", x)
	}
	var b bytes.Buffer
	WriteRatios(&b, r)
	out := b.String()
	for _, want := range []string{"| aes-128-ctr | aes/vaes512 | openssl | ~1.00 | 0.3", "| aes-128-ctr | aes/vaes512 | go | ~1.00 | ~1.00 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}
