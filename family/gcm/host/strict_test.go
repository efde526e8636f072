package host

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
