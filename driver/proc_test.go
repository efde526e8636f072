package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// What a SIGKILLed xarch left (named by its pid) is removed; what a live
// process holds is not.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, "src-999999999-x") // above any pid_max
	live := filepath.Join(dir, fmt.Sprintf("src-%d-y", os.Getpid()))
	other := filepath.Join(dir, "refmod-abc.wasm")
	for _, p := range []string{dead, live} {
		require.NoError(t, os.Mkdir(p, 0o755))
	}
	require.NoError(t, os.WriteFile(other, nil, 0o644))
	RemoveStale(dir, "src-")
	_, err := os.Stat(dead)
	require.True(t, os.IsNotExist(err), "stale folder kept")
	require.DirExists(t, live)
	require.FileExists(t, other)
}
