package fuzz

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The oracle memo is the one structure that grew with the case count
// (618 MB after 10 minutes of fuzzing): it must stay bounded and keep the
// most recent answers.
func TestExpectMemoBounded(t *testing.T) {
	const limit = 1000
	m := newExpectMemo(limit)
	for i := 0; i < 50*limit; i++ {
		m.put(memoKey{"sha256/x", i}, [32]byte{byte(i)})
		require.LessOrEqual(t, m.size(), 2*limit, "after %d cases", i+1)
	}
	for i := 50*limit - limit; i < 50*limit; i++ {
		sum, ok := m.get(memoKey{"sha256/x", i})
		require.True(t, ok, "recent case %d dropped", i)
		require.Equal(t, byte(i), sum[0])
	}
	_, ok := m.get(memoKey{"sha256/x", 0})
	require.False(t, ok)
	// The run's memo uses the package bound.
	require.Equal(t, memoGeneration, newExpectMemo(memoGeneration).limit)
}
