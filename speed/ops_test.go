package speed

import (
	"strings"
	"testing"
)

// `openssl speed -mr rsa2048` output, with -multi children's lines that
// must not count.
func TestParseMROps(t *testing.T) {
	out := "+DTP:2048:private:rsa:1\n+R1:1408:2048:1.00\nGot: +F2:2:2048:126.9:11416.0 from 0\n+F2:2:2048:1408.000000:42042.268041\n"
	v, err := ParseMROps(strings.NewReader(out), 2)
	if err != nil || len(v) != 2 || v[0] != 1408 || v[1] != 42042.268041 {
		t.Fatalf("got %v, %v", v, err)
	}
	// 3.5 prints sign, verify, encrypt, decrypt: the first two are ours.
	v, err = ParseMROps(strings.NewReader("+F2:2:2048:1090.000000:33381.818182:33853.846154:1450.000000\n"), 2)
	if err != nil || len(v) != 2 || v[0] != 1090 || v[1] != 33381.818182 {
		t.Fatalf("3.5 line: got %v, %v", v, err)
	}
	for _, bad := range []string{"", "+F2:2:2048:1408\n", "+F2:2:2048:x:1\n"} {
		if _, err := ParseMROps(strings.NewReader(bad), 2); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	o := &OpenSSL{Path: "openssl"}
	if got := strings.Join(o.SpeedOpsArgs("rsa2048", 1, 2, true), " "); got != "speed -elapsed -multi 2 -mr -seconds 1 rsa2048" {
		t.Errorf("args %q", got)
	}
}

// Rows that count operations print openssl-rsa style: seconds per
// operation, then operations per second, per column.
func TestOpsTable(t *testing.T) {
	cols := []string{"sign", "verify"}
	r := &Report{Config: Config{Algs: []string{"rsa2048"}, Sizes: []int{16}}, Rows: []Row{
		{Alg: "rsa2048", Name: "mont/generic", Kind: KindImpl, Best: true, Columns: cols,
			Cells: []Cell{{Size: 1, Samples: []float64{400, 500, 450}}, {Size: 2, Samples: []float64{20000}}}},
		{Alg: "rsa2048", Name: "openssl", Kind: KindOpenSSL, Columns: cols,
			Cells: []Cell{{Size: 1, Samples: []float64{1000}}, {Size: 2}}},
	}}
	var b strings.Builder
	WriteTable(&b, r)
	out := b.String()
	for _, want := range []string{
		"rsa2048                sign      verify      sign/s    verify/s",
		"mont/generic *    0.002222s   0.000050s       450.0     20000.0",
		"openssl rsa2048   0.001000s           -      1000.0           -",
		"`openssl speed rsa2048`",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "1000s of bytes") {
		t.Errorf("an operations-only table claims bytes:\n%s", out)
	}
}
