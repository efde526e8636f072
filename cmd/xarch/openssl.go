package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/xarchlab/xarch/driver"
)

// --openssl adds OpenSSL's libcrypto levels (driver/openssl.go,
// ci/openssl-levels.json) to the targets: "installed" takes the libraries
// ci/install-deps.sh installs, "arm64=PREFIX,..." a user's own install
// prefixes (./Configure ... --prefix=PREFIX && make install_sw); an
// "only" element leaves xarch's own levels out.
func registerOpenSSL(fs *flag.FlagSet, v *string) {
	fs.StringVar(v, "openssl", os.Getenv("XARCH_OPENSSL"), "add OpenSSL's libcrypto as a provider, one level per capability mask: 'installed' (Debian 3.0 and 3.5, ci/install-deps.sh) or arch=PREFIX,... (your own install prefix per arch), plus ',only' to leave xarch's own levels out; default $XARCH_OPENSSL")
}

func checkOpenSSL(v string) error {
	for _, part := range strings.Split(v, ",") {
		if part == "" || part == "installed" || part == "only" {
			continue
		}
		kv := strings.SplitN(part, "=", 2)
		if len(kv) != 2 || kv[0] == "" || kv[1] == "" {
			return fmt.Errorf("--openssl %q: want 'installed' or arch=PREFIX,... (e.g. arm64=/opt/openssl-arm64)", v)
		}
		ok := false
		for _, l := range []string{"lib", "lib64"} {
			if _, err := os.Stat(filepath.Join(kv[1], l, "libcrypto.so.3")); err == nil {
				ok = true
			}
		}
		if !ok {
			return fmt.Errorf("--openssl %s=%s: no lib/libcrypto.so.3 or lib64/libcrypto.so.3 under the prefix", kv[0], kv[1])
		}
	}
	return nil
}

// sessionFor starts the runner that serves impl: a provider level
// ("aes-gcm/openssl3.0-nopmull") runs in its own runner with its mask, so
// `xarch run` (and so every repro line) finds it by name.
func (c *common) sessionFor(arch, model, impl string) (*driver.Session, error) {
	if !strings.Contains(impl, "/openssl") {
		return c.session(arch, model)
	}
	t, err := c.targetFor(arch, model, impl)
	if err != nil {
		return nil, err
	}
	return driver.NewSession(t, c.timeout)
}

// targetFor is the target of impl's level (every name in impl must be of
// that one level: one runner process is one mask).
func (c *common) targetFor(arch, model, impl string) (driver.Target, error) {
	i := strings.Index(impl, "/openssl")
	if i < 0 {
		return c.target(arch, model)
	}
	level := impl[i+1:]
	if j := strings.Index(level, ","); j >= 0 {
		level = level[:j]
	}
	for _, n := range strings.Split(impl, ",") {
		if !strings.HasSuffix(n, "/"+level) {
			return driver.Target{}, fmt.Errorf("--impl %q: one OpenSSL level at a time (each runs in its own runner), got %s", impl, n)
		}
	}
	if model != "" && strings.Contains(model, ",") {
		return driver.Target{}, fmt.Errorf("--model must name one model here, got %q", model)
	}
	bo := c.buildOptions()
	if bo.OpenSSL == "" {
		bo.OpenSSL = "installed"
	}
	bo.OpenSSL += ",only"
	plans, err := driver.Plan(driver.PlanOptions{Arches: []string{arch}, Models: model, ABI: c.abi, Build: bo})
	if err != nil {
		return driver.Target{}, err
	}
	var names []string
	for _, p := range plans {
		if p.OpenSSL == nil || p.OpenSSL.Name != level {
			if p.OpenSSL != nil {
				names = append(names, p.OpenSSL.Name)
			}
			continue
		}
		switch {
		case p.Fail != "":
			return p.Target, errors.New(p.Fail)
		case p.Skip != "":
			return p.Target, errors.New(p.Skip)
		}
		return p.Target, nil
	}
	return driver.Target{}, fmt.Errorf("no OpenSSL level %s on %s (levels: %s)", level, arch, strings.Join(names, ", "))
}
