package host

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/vectors"
)

// hostile writes a copy of the vendored file rel under a temporary
// vectors directory (same relative path) after edit changes its text.
func hostile(t *testing.T, rel string, edit func(string) string) string {
	t.Helper()
	raw, err := os.ReadFile(rel)
	if err != nil {
		t.Fatal(err)
	}
	out := edit(string(raw))
	if out == string(raw) {
		t.Fatal("the edit changed nothing")
	}
	p := filepath.Join(t.TempDir(), rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// editField rewrites the value of the nth (0-based) "key = " line.
func editField(key string, nth int, f func(string) string) func(string) string {
	return func(s string) string {
		lines := strings.Split(s, "\n")
		seen := 0
		for i, l := range lines {
			if strings.HasPrefix(l, key+" = ") {
				if seen == nth {
					v := strings.TrimSuffix(strings.TrimPrefix(l, key+" = "), "\r")
					lines[i] = key + " = " + f(v) + "\r"
					break
				}
				seen++
			}
		}
		return strings.Join(lines, "\n")
	}
}

func wantErr(t *testing.T, err error, parts ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("accepted; want an error containing %q", parts)
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Fatalf("error %q does not contain %q", err, p)
		}
	}
}

// A digit dropped inside S of a file that prints S at full width (186-2
// SigVer15: every S has 2k digits) is an error at S's line, not another
// number whose verdict happens to be F.
func TestRSAOddSRejected(t *testing.T) {
	rel := filepath.Join("nist", "rsa", "186-2", "SigVer15_186-3.rsp")
	p := hostile(t, rel, editField("S", 1, func(v string) string { return v[:100] + v[101:] }))
	_, err := LoadRSA(p, true)
	wantErr(t, err, p+":", "S = ", "odd")
}

// NIST's 186-3 SigVer15 file prints S without its leading zero digits,
// so its short S values are accepted, but only in the vendored bytes: in
// an edited copy a digit dropped from an S (here at its end, as NIST's
// integers could look) is an error. A short S that starts with 0 (a digit
// dropped, not a leading zero) or one longer than the modulus is an error
// even in the short form.
func TestRSAShortSRejected(t *testing.T) {
	rel := filepath.Join("nist", "rsa", "186-3", "SigVer15_186-3.rsp")
	if _, err := LoadRSA(rel, true); err != nil {
		t.Fatal(err)
	}
	p := hostile(t, rel, editField("S", 0, func(v string) string { return v[:len(v)-1] }))
	_, err := LoadRSA(p, true)
	wantErr(t, err, p+":", "S = ", "full width")
	_, err = rsaS(rel, vectors.Field{Key: "S", Value: "0ab", Line: 7}, 2, true)
	wantErr(t, err, rel+":7:", "S = ", "leading 0")
	if s, err := rsaS(rel, vectors.Field{Key: "S", Value: "abc", Line: 7}, 2, true); err != nil || !bytes.Equal(s, []byte{0x0a, 0xbc}) {
		t.Fatalf("short form: %x, %v", s, err)
	}
	p = hostile(t, rel, editField("S", 0, func(v string) string { return "1" + v }))
	_, err = LoadRSA(p, true)
	wantErr(t, err, p+":", "S = ", "longer than the modulus")
	// SigGen prints S at full width: a short S is an error there.
	rel = filepath.Join("nist", "rsa", "186-3", "SigGen15_186-3.rsp")
	p = hostile(t, rel, editField("S", 3, func(v string) string { return v[2:] }))
	_, err = LoadRSA(p, false)
	wantErr(t, err, p+":", "S = ")
}

// Key integers are hex digits only: big.Int's sign is not accepted.
func TestRSASignedIntegerRejected(t *testing.T) {
	rel := filepath.Join("nist", "rsa", "186-2", "SigVer15_186-3.rsp")
	p := hostile(t, rel, editField("e", 0, func(v string) string { return "+" + v }))
	_, err := LoadRSA(p, true)
	wantErr(t, err, p+":", "e = ")
}

// SHAAlg = SHA512_224 and SHA512_256 are read (RFC 8017 gives their
// DigestInfo); an unknown name is still refused.
func TestRSASHA512tAccepted(t *testing.T) {
	rel := filepath.Join("nist", "rsa", "186-2", "SigVer15_186-3.rsp")
	for alg, hash := range map[string]string{"SHA512_224": "sha512-224", "SHA512_256": "sha512-256"} {
		p := hostile(t, rel, editField("SHAAlg", 0, func(string) string { return alg }))
		cases, err := LoadRSA(p, true)
		if err != nil {
			t.Fatal(err)
		}
		if cases[0].Hash != hash || len(cases[0].Digest()) != map[string]int{"sha512-224": 28, "sha512-256": 32}[hash] {
			t.Fatalf("%s: hash %q, digest of %d bytes", alg, cases[0].Hash, len(cases[0].Digest()))
		}
	}
	p := hostile(t, rel, editField("SHAAlg", 0, func(string) string { return "SHA3_256" }))
	_, err := LoadRSA(p, true)
	wantErr(t, err, p+":", "SHAAlg")
}
