package runner

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/wire"
)

// sha256/test-abi reports an ABI violation (as a kernel called through its
// arch's trampoline would) on a block function call of 2 blocks or more.
func init() {
	arch.Register(&arch.Impl{Name: "sha256/test-abi", Alg: sha256.Name, Arch: "generic", Rank: -1, Planted: true,
		Funcs: &sha256.Funcs{Block: func(h *[8]uint32, p []byte) {
			if len(p) >= 128 {
				panic(&arch.ABIViolation{Kernel: "fakeBlock", Problems: []string{arch.ABINotRestored("R29", 0x1111, 0x2222)}})
			}
			sha256.GenericBlock(h, p)
		}}})
}

// A violation is the error of the request (or batch case, or check
// variant) that ran it, with the implementation and the kernel named.
func TestABIViolationIsTheRequestsError(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	want := "ABI violation in sha256/test-abi (kernel fakeBlock): R29 not restored: expected 0x1111, got 0x2222"
	resps, err := exchange(t, s, nil,
		frame("hash", "sha256/test-abi", "sha256", string(msg(200))),
		frame("hash", "sha256/test-abi", "sha256", string(msg(100))),
		[][]byte{[]byte("batch"), []byte("sha256/test-abi"), []byte("sha256"), nil, wire.Pack(msg(10), msg(70), msg(300), msg(5))},
	)
	require.NoError(t, err)
	require.Len(t, resps, 3)
	require.Equal(t, wire.Error, string(resps[0][0]))
	require.Equal(t, "hash: "+want, string(resps[0][1]))
	require.Equal(t, wire.OK, string(resps[1][0]), "one block per call: no violation")
	require.Equal(t, "batch: case 2: "+want, string(resps[2][1]))

	res, errMsg := check(t, "sha256/test-abi", "sha256", "one end - -\nchunks end - 64,64,64,64,64", pack(msg(300)))
	require.Empty(t, errMsg)
	require.Equal(t, append([]byte{CheckError}, want...), res[0])
	require.Equal(t, byte(CheckOK), res[1][0], "fed one block at a time: no violation")
}

// The abi command answers the kernel table and the checked calls since the
// last time it was asked.
func TestABICommand(t *testing.T) {
	s, err := New("")
	require.NoError(t, err)
	s.SetABI(true)
	defer s.SetABI(false)
	resps, err := exchange(t, s, nil, frame("hello", "1"), frame("abi"))
	require.NoError(t, err)
	var info wire.Info
	require.NoError(t, json.Unmarshal(resps[0][2], &info))
	require.True(t, info.ABI, "the hello answer says the checks are on")
	var st struct {
		On      bool             `json:"on"`
		Kernels []wire.ABIKernel `json:"kernels"`
	}
	require.NoError(t, json.Unmarshal(resps[1][1], &st))
	require.True(t, st.On)
	require.NotNil(t, st.Kernels)
}
