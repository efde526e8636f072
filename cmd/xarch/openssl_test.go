package main

import (
	"errors"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// A bad --openssl is a usage error (exit 2) naming what is wrong.
func TestOpenSSLFlagErrors(t *testing.T) {
	bin := xarchBin(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"test", "--arch", "arm64", "--openssl", "arm64"}, "want 'installed' or arch=PREFIX"},
		{[]string{"test", "--arch", "arm64", "--openssl", "arm64=/nonexistent"}, "no lib/libcrypto.so.3"},
		{[]string{"run", "--arch", "arm64", "--openssl", "bogus=", "--impl", "aes-gcm/openssl3.0", "--in", "00"}, "want 'installed'"},
	} {
		out, err := exec.Command(bin, c.args...).CombinedOutput()
		var ee *exec.ExitError
		require.True(t, errors.As(err, &ee), "%v: %v", c.args, err)
		require.Equal(t, 2, ee.ExitCode(), "%v: %s", c.args, out)
		require.Contains(t, string(out), c.want, "%v", c.args)
	}
}
