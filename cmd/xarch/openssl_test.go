package main

import (
	"errors"
	"flag"
	"os"
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

// `xarch test` runs the installed OpenSSL levels unless told otherwise;
// the other commands do not; "none" and $XARCH_OPENSSL turn them off.
func TestOpenSSLDefault(t *testing.T) {
	t.Setenv("XARCH_OPENSSL", "")
	os.Unsetenv("XARCH_OPENSSL")
	parse := func(def string, args ...string) (string, error) {
		fs := flag.NewFlagSet("x", flag.ContinueOnError)
		c := common{opensslDefault: def}
		c.register(fs)
		err := c.parse(fs, args)
		return c.openssl, err
	}
	for _, c := range []struct {
		def  string
		env  *string
		args []string
		want string
	}{
		{"installed", nil, nil, "installed"},
		{"", nil, nil, ""},
		{"installed", nil, []string{"--openssl", "none"}, ""},
		{"installed", nil, []string{"--openssl", "only"}, "only"},
		{"installed", ptr("none"), nil, ""},
		{"installed", ptr(""), nil, ""},
		{"", ptr("installed,only"), nil, "installed,only"},
	} {
		if c.env != nil {
			os.Setenv("XARCH_OPENSSL", *c.env)
		} else {
			os.Unsetenv("XARCH_OPENSSL")
		}
		got, err := parse(c.def, c.args...)
		require.NoError(t, err, "%+v", c)
		require.Equal(t, c.want, got, "default %q env %v args %v", c.def, c.env, c.args)
	}
	os.Unsetenv("XARCH_OPENSSL")
	_, err := parse("installed", "--openssl", "none,only")
	require.ErrorContains(t, err, "'none' alone")
}

func ptr(s string) *string { return &s }
