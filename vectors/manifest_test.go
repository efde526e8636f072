package vectors

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// manifest.txt is what go generate writes now.
func TestManifestUpToDate(t *testing.T) {
	want, err := ManifestText(".")
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(ManifestFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("vectors/manifest.txt is not what go generate writes: run go generate ./vectors")
	}
	if !bytes.Equal(manifest, got) {
		t.Fatal("the embedded manifest differs from manifest.txt")
	}
}

// A vendored file cut at a record boundary parses cleanly with fewer
// vectors; Audit names it and both counts. A digit changed without
// changing the count is named as different bytes.
func TestAuditShortFile(t *testing.T) {
	dir := t.TempDir()
	const cut, edited, same = "nist/gcm/gcmDecrypt128.rsp", "nist/sha/SHA256ShortMsg.rsp", "nist/sha/SHA256Monte.rsp"
	for _, rel := range []string{cut, edited, same} {
		raw, err := os.ReadFile(rel)
		if err != nil {
			t.Fatal(err)
		}
		s := string(raw)
		switch rel {
		case cut:
			s = s[:strings.LastIndex(s, "[Keylen")]
		case edited:
			s = strings.Replace(s, "MD = e3b0c4", "MD = f3b0c4", 1)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, rel), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fs, err := Audit(dir, []string{cut, edited, same, "nist/missing.rsp"})
	if err != nil {
		t.Fatal(err)
	}
	if len(fs) != 2 {
		t.Fatalf("want 2 findings, got %+v", fs)
	}
	m, _ := Manifest()
	if f := fs[0]; !f.Short || !strings.Contains(f.Msg, filepath.Join(dir, cut)) ||
		!strings.Contains(f.Msg, "the vendored file has "+strconv.Itoa(m[cut].Records)) || !strings.Contains(f.Msg, " has "+strconv.Itoa(m[cut].Records-15)+" records") {
		t.Fatalf("cut file: %+v", f)
	}
	if f := fs[1]; f.Short || f.Count || !strings.Contains(f.Msg, "differs from the vendored file") {
		t.Fatalf("edited file: %+v", f)
	}
}

// CheckCounts' rule (COUNT runs 0..n-1 per section, every section as long
// as the first) holds for every vendored file that has a COUNT.
func TestVendoredCountsHold(t *testing.T) {
	m, err := Manifest()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for path, e := range m {
		if e.Records < 0 {
			continue
		}
		recs, err := ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, key := range []string{"COUNT", "Count"} {
			if _, ok := recs[len(recs)-1].Get(key); !ok {
				continue
			}
			if err := CheckCounts(recs, key); err != nil {
				t.Error(err)
			}
			checked++
		}
	}
	if checked < 80 {
		t.Fatalf("only %d files have a COUNT", checked)
	}
}
