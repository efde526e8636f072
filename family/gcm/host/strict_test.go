package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/suite/suitetest"
)

// A GCMVS file cut at a record boundary inside its last section (every
// section holds Count = 0..14) is an error naming both counts.
func TestGCMCutInSection(t *testing.T) {
	rel := filepath.Join("..", "..", "..", "vectors", "nist", "gcm", "gcmDecrypt128.rsp")
	raw, err := os.ReadFile(rel)
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	cut := s[:strings.LastIndex(s, "Count = 10\r\n")]
	p := filepath.Join(t.TempDir(), "gcmDecrypt128.rsp")
	if err := os.WriteFile(p, []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadGCM(p, true)
	if err == nil || !strings.Contains(err.Error(), p+":") || !strings.Contains(err.Error(), "10 records") || !strings.Contains(err.Error(), "15") {
		t.Fatalf("got %v; want an error naming the short section's 10 records and the 15 of the others", err)
	}
}

// Under CI a vector file cut at a record boundary (one section fewer, so
// every COUNT check passes) stops the run before anything is built, naming
// the file and both counts; without CI it is a note (vectors.Audit).
func TestCutFileFailsUnderCI(t *testing.T) {
	o := suitetest.Options(t, "amd64")
	rel := filepath.Join("nist", "gcm", "gcmDecrypt128.rsp")
	raw, err := os.ReadFile(filepath.Join(o.VectorsDir, rel))
	if err != nil {
		t.Fatal(err)
	}
	s := string(raw)
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "nist", "gcm"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, rel), []byte(s[:strings.LastIndex(s, "[Keylen")]), 0o644); err != nil {
		t.Fatal(err)
	}
	o.VectorsDir, o.Models, o.Impl, o.CI = dir, "native", "aes-gcm/generic", true
	_, err = suite.Run(o)
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, rel)+" has ") || !strings.Contains(err.Error(), "the vendored file has ") {
		t.Fatalf("got %v; want the cut file named with both counts", err)
	}
}
