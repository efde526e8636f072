package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/suite"
)

func idFile(i int, id Identity) *File {
	return &File{Format: Format, Selection: Selection{Arches: []string{"amd64"}, Models: "native"},
		Identity: id, Shard: ShardInfo{Index: i, Count: 2}, Notes: []string{},
		Results: []Result{{Arch: "amd64", Model: "native", Impl: "sha256/generic", File: "f" + string(rune('0'+i)), Status: "passed", Cases: 1, Passed: 1}}}
}

// Shards of different runs do not merge: the problem names the field.
func TestMergeRefusesMixedIdentities(t *testing.T) {
	id := Identity{Version: "v 1", SourceHash: "aaa", VectorsHash: "vvv", ABI: true, Seed: 1, FuzzCases: 0}
	_, problems := Merge([]Input{{"a.json", idFile(1, id)}, {"b.json", idFile(2, id)}}, nil)
	require.Empty(t, problems)
	for field, change := range map[string]func(*Identity){
		"seed":         func(i *Identity) { i.Seed = 2 },
		"source_hash":  func(i *Identity) { i.SourceHash = "bbb" },
		"fuzz_cases":   func(i *Identity) { i.FuzzCases = 100 },
		"vectors_hash": func(i *Identity) { i.VectorsHash = "www" },
		"version":      func(i *Identity) { i.Version = "v 2" },
	} {
		other := id
		change(&other)
		_, problems := Merge([]Input{{"a.json", idFile(1, id)}, {"b.json", idFile(2, other)}}, nil)
		require.NotEmpty(t, problems, field)
		require.Contains(t, strings.Join(problems, "\n"), "differ in "+field, field)
	}
	// The same target under two emulators is two runs too.
	a, b := idFile(1, id), idFile(2, id)
	a.Emulators = map[string]string{"arm64/max": "qemu 7.2.0"}
	b.Emulators = map[string]string{"arm64/max": "qemu 10.0.2"}
	_, problems = Merge([]Input{{"a.json", a}, {"b.json", b}}, nil)
	require.Contains(t, strings.Join(problems, "\n"), "differ in emulators[arm64/max]")
}

// New records the identity: this binary, the tree's and vectors' hashes,
// the fuzz budget; another source tree has another hash.
func TestNewRecordsIdentity(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "k.s"), []byte("TEXT a\n"), 0o644))
	vec := filepath.Join(dir, "vectors")
	require.NoError(t, os.Mkdir(vec, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(vec, "a.rsp"), []byte("Len = 0\n"), 0o644))
	o := suite.Options{Arches: []string{"amd64"}, ABI: true, VectorsDir: vec}
	o.Build.Root = dir
	f := New(&suite.Report{}, Meta{Options: o, Seed: 7, FuzzCases: 50}, nil)
	id := f.Identity
	require.NotEmpty(t, id.Version)
	require.Len(t, id.SourceHash, 20)
	require.Len(t, id.VectorsHash, 20)
	require.Equal(t, uint64(7), id.Seed)
	require.Equal(t, 50, id.FuzzCases)
	require.True(t, id.ABI)
	// Vectors are not sources; a kernel is.
	require.NoError(t, os.WriteFile(filepath.Join(vec, "a.rsp"), []byte("Len = 8\n"), 0o644))
	require.Equal(t, id.SourceHash, New(&suite.Report{}, Meta{Options: o}, nil).Identity.SourceHash)
	require.NotEqual(t, id.VectorsHash, New(&suite.Report{}, Meta{Options: o}, nil).Identity.VectorsHash)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "k.s"), []byte("TEXT b\n"), 0o644))
	require.NotEqual(t, id.SourceHash, New(&suite.Report{}, Meta{Options: o}, nil).Identity.SourceHash)
}

// A report file with data after the document, or a status nobody
// writes, is refused; a failed row counts even when the totals say none.
func TestReadJSONStrict(t *testing.T) {
	dir := t.TempDir()
	good := idFile(1, Identity{})
	p := filepath.Join(dir, "r.json")
	require.NoError(t, WriteJSON(p, good))
	_, err := ReadJSON(p)
	require.NoError(t, err)
	b, _ := os.ReadFile(p)
	require.NoError(t, os.WriteFile(p, append(b, []byte(`{"format": "x"}`)...), 0o644))
	_, err = ReadJSON(p)
	require.ErrorContains(t, err, "trailing data after the JSON document")

	bad := idFile(1, Identity{})
	bad.Results[0].Status = "passd"
	require.NoError(t, WriteJSON(p, bad))
	_, err = ReadJSON(p)
	require.ErrorContains(t, err, `unknown status "passd"`)

	failed := idFile(1, Identity{})
	failed.Results[0].Status = "failed" // totals left at zero
	require.True(t, failed.Failed())
}
