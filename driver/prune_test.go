package driver

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestPruneKeepsHeldRunners: pruning keeps the KeepRunners newest runners
// (the one just built and two more) and any a running xarch holds, however
// old, and removes the rest.
func TestPruneKeepsHeldRunners(t *testing.T) {
	cache := t.TempDir()
	mk := func(name string, age time.Duration) string {
		d := filepath.Join(cache, "runners", "arm64-"+name)
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-age)
		if err := os.Chtimes(d, old, old); err != nil {
			t.Fatal(err)
		}
		return d
	}
	held := mk("held", 10*time.Hour)
	holdRunner(held)
	os.Chtimes(held, time.Now().Add(-10*time.Hour), time.Now().Add(-10*time.Hour))
	old1, old2 := mk("old1", 5*time.Hour), mk("old2", 6*time.Hour)
	newer := mk("newer", time.Hour)
	keep := mk("new", 0)
	pruneRunners(cache, "arm64", keep)
	for _, c := range []struct {
		dir  string
		want bool
	}{{keep, true}, {newer, true}, {held, true}, {old1, true}, {old2, false}} {
		_, err := os.Stat(c.dir)
		if got := err == nil; got != c.want {
			t.Errorf("%s: exists %v after pruning, want %v", filepath.Base(c.dir), got, c.want)
		}
	}
}
