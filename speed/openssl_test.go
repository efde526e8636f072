package speed

import (
	"context"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Outputs captured from `openssl speed` 3.0.19 on this project's machine.
const (
	mrOneSize  = "+H:16384\n+F:25:sha256:1365950464.00\n"
	mrAllSizes = "+H:16:64:256:1024:8192:16384\n" +
		"+F:25:sha256:85560592.00:283676480.00:726980096.00:1158591488.00:1386151936.00:1331400248.89\n"
	// -multi 2: children's lines come back as "Got: ... from N"; the
	// parent prints only the summed +F line, with no +H of its own.
	mrMulti = "Forked child 0\nForked child 1\n" +
		"Got: +H:64 from 0\nGot: +F:25:sha256:38906049.12 from 0\n" +
		"Got: +H:64 from 1\nGot: +F:25:sha256:42277120.00 from 1\n" +
		"+F:25:sha256:81183169.12\n"
	// stderr lines mixed in (2>&1) and an upper-case cipher name.
	mrNoise = "+DT:AES-128-CTR:1:16384\n+R:458521:AES-128-CTR:1.000000\n+H:16384\n+F:25:AES-128-CTR:7512442092.31\n"
)

func TestParseMR(t *testing.T) {
	res, err := ParseMR(strings.NewReader(mrOneSize), []int{16384})
	require.NoError(t, err)
	require.Equal(t, []MRResult{{Alg: "sha256", Rates: map[int]float64{16384: 1365950464}}}, res)

	res, err = ParseMR(strings.NewReader(mrAllSizes), nil)
	require.NoError(t, err)
	require.Len(t, res, 1)
	require.Equal(t, map[int]float64{16: 85560592, 64: 283676480, 256: 726980096, 1024: 1158591488,
		8192: 1386151936, 16384: 1331400248.89}, res[0].Rates)

	res, err = ParseMR(strings.NewReader(mrMulti), []int{64})
	require.NoError(t, err)
	require.Len(t, res, 1, "the children's Got: lines are not results of their own")
	require.Equal(t, map[int]float64{64: 81183169.12}, res[0].Rates, "the parent's sum")

	res, err = ParseMR(strings.NewReader(mrNoise), nil)
	require.NoError(t, err)
	require.Equal(t, "aes-128-ctr", res[0].Alg)
	require.Equal(t, 7512442092.31, res[0].Rates[16384])
}

func TestParseMRErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "no +F line"},
		{"speed: nosuch is an unknown cipher or digest\n", "no +F line"},
		{"+H:16:64\n+F:25:sha256:1.0\n", "1 rates for 2 sizes"},
		{"+F:25:sha256:1.0:2.0\n", "2 rates for 1 sizes"}, // no header, one size asked
		{"+H:16\n+F:25:sha256:fast\n", `bad rate "fast"`},
		{"+H:16\n+F:25:sha256:-1\n", `bad rate "-1"`},
		{"+H:sixteen\n", `bad size "sixteen"`},
		{"+H:16\n+F:25\n", "want +F:index:alg:rate"},
	} {
		_, err := ParseMR(strings.NewReader(c.in), []int{16})
		require.Error(t, err, "input %q", c.in)
		require.Contains(t, err.Error(), c.want, "input %q", c.in)
		if strings.HasPrefix(c.in, "+") {
			require.Contains(t, err.Error(), "line ", "errors name the line")
		}
	}
}

func TestOpenSSLArgs(t *testing.T) {
	o := &OpenSSL{Path: "openssl"}
	require.Equal(t, "speed -evp sha256 -mr -seconds 1 -bytes 16", strings.Join(o.SpeedArgs("sha256", false, 16, 1, 1, false), " "))
	require.Equal(t, "speed -elapsed -multi 2 -evp sha256 -mr -seconds 3 -bytes 64",
		strings.Join(o.SpeedArgs("sha256", false, 64, 3, 2, true), " "))
	require.Equal(t, "speed -decrypt -evp aes-128-cbc -mr -seconds 1 -bytes 16",
		strings.Join(o.SpeedArgs("aes-128-cbc", true, 16, 1, 1, false), " "))
}

// The system openssl, for real: one second at 16 bytes. ci/install-deps.sh
// installs openssl, so in CI its absence is a failure.
func TestOpenSSLLive(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		if isCI() {
			t.Fatal("openssl is not installed (ci/install-deps.sh installs it)")
		}
		t.Skip("openssl not installed: the live -mr check needs it")
	}
	found, why := FindOpenSSLs()
	require.NotEmpty(t, found, why)
	o := found[0]
	require.Contains(t, o.Version, "OpenSSL")
	require.Regexp(t, `^openssl\d+\.\d+$`, o.Name)
	v, err := o.Speed(context.Background(), "sha256", false, 16, 1, 1, false)
	require.NoError(t, err)
	require.Greater(t, v, 1e5, "bytes per second")
	// -decrypt answers under the same -evp name.
	v, err = o.Speed(context.Background(), "aes-128-cbc", true, 16, 1, 1, false)
	require.NoError(t, err)
	require.Greater(t, v, 1e5, "bytes per second")
	_, err = o.Speed(context.Background(), "no-such-digest", false, 16, 1, 1, false)
	require.Error(t, err)
}

// Debian 13's OpenSSL 3.5 from its private root (ci/install-deps.sh), run
// through its own loader: a peer beside the system's 3.0, named by version.
func TestOpenSSLPrivateRootPeer(t *testing.T) {
	found, why := FindOpenSSLs()
	var names []string
	var o35 *OpenSSL
	for _, o := range found {
		names = append(names, o.Name)
		if o.Name == "openssl3.5" {
			o35 = o
		}
	}
	if o35 == nil {
		if isCI() {
			t.Fatalf("no openssl3.5 peer (found %v): %v", names, why)
		}
		t.Skipf("no openssl3.5 peer here (found %v): %v", names, why)
	}
	require.Contains(t, o35.Version, "OpenSSL 3.5")
	require.True(t, sort.StringsAreSorted(names), "oldest version first: %v", names)
	v, err := o35.Speed(context.Background(), "aes-128-gcm", false, 1024, 1, 1, false)
	require.NoError(t, err)
	require.Greater(t, v, 1e6, "bytes per second")
	ops, err := o35.SpeedOps(context.Background(), "rsa2048", 2, 1, 1, false)
	require.NoError(t, err)
	require.Len(t, ops, 2)
	require.Greater(t, ops[0], 10.0, "sign/s")
}

func TestIsOpenSSLVersion(t *testing.T) {
	for p, want := range map[string]bool{"openssl3.5": true, "openssl3.0": true, "openssl": false,
		"openssl3": false, "openssl3.x": false, "go": false, "openssl3.5.1": false, "openssl.5": false} {
		require.Equal(t, want, IsOpenSSLVersion(p), p)
	}
}
