package host

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func hostileCopy(t *testing.T, rel string, edit func(string) string) string {
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

// A record deleted from the middle of a section leaves a COUNT gap: an
// error at the record after the gap.
func TestAESCountGap(t *testing.T) {
	rel := filepath.Join("nist", "aes", "ECB", "ECBMMT128.rsp")
	rec := regexp.MustCompile(`(?s)COUNT = 2\r\n.*?\r\n\r\n`)
	p := hostileCopy(t, rel, func(s string) string { return rec.ReplaceAllString(s, "") })
	_, err := LoadAES(p, "ecb", 128)
	if err == nil || !strings.Contains(err.Error(), p+":") || !strings.Contains(err.Error(), "COUNT = 3") {
		t.Fatalf("got %v; want a COUNT gap error at file:line", err)
	}
}

// A file cut at a record boundary inside its last section has fewer
// records there than in the sections before it: an error naming both.
func TestAESCutInSection(t *testing.T) {
	rel := filepath.Join("nist", "aes", "CBC", "CBCMMT192.rsp")
	p := hostileCopy(t, rel, func(s string) string { return s[:strings.LastIndex(s, "COUNT = 7\r\n")] })
	_, err := LoadAES(p, "cbc", 192)
	if err == nil || !strings.Contains(err.Error(), p+":") || !strings.Contains(err.Error(), "7 records") {
		t.Fatalf("got %v; want an error naming the short section", err)
	}
}

// An odd-length hex field is an error at its line.
func TestAESOddHex(t *testing.T) {
	rel := filepath.Join("nist", "aes", "ECB", "ECBMMT128.rsp")
	p := hostileCopy(t, rel, func(s string) string {
		return strings.Replace(s, "KEY = edfdb257cb37cdf182c5455b0c0efebb", "KEY = edfdb257cb37cdf182c5455b0c0efeb", 1)
	})
	_, err := LoadAES(p, "ecb", 128)
	if err == nil || !strings.Contains(err.Error(), p+":11:") || !strings.Contains(err.Error(), "odd number of hex digits") {
		t.Fatalf("got %v; want an odd-length error at line 11", err)
	}
}
