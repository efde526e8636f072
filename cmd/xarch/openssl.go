package main

import (
	"flag"
	"os"
	"strings"

	"github.com/xarchlab/xarch/driver"
)

// --openssl adds OpenSSL's libcrypto levels (driver/openssl.go,
// ci/openssl-levels.json) to the targets: "installed" takes the libraries
// ci/install-deps.sh installs, "arm64=PREFIX,..." a user's own install
// prefixes (./Configure ... --prefix=PREFIX && make install_sw); an
// "only" element leaves xarch's own levels out; "none" turns them off.
// def is the command's default when $XARCH_OPENSSL is unset: `xarch test`
// runs the installed levels (a library that is missing is a skip, and a
// failure under CI=true), the other commands none.
func registerOpenSSL(fs *flag.FlagSet, v *string, def string) {
	if e, ok := os.LookupEnv("XARCH_OPENSSL"); ok {
		def = e
	}
	if def == "" {
		def = "none"
	}
	fs.StringVar(v, "openssl", def, "OpenSSL's libcrypto as a provider, one level per capability mask: 'installed' (Debian 3.0 and 3.5, ci/install-deps.sh), arch=PREFIX,... (your own install prefix per arch), plus ',only' to leave xarch's own levels out, or 'none'; default $XARCH_OPENSSL, else 'installed' for test and 'none' for the others")
}

// checkOpenSSL checks v and turns "none" into "" (no provider).
func checkOpenSSL(v *string) error {
	if *v == "none" {
		*v = ""
		return nil
	}
	return driver.CheckOpenSSL(*v)
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

// targetFor is the target of impl's level: a provider level's own
// runner (driver.OpenSSLLevelTarget), else the model's.
func (c *common) targetFor(arch, model, impl string) (driver.Target, error) {
	if !strings.Contains(impl, "/openssl") {
		return c.target(arch, model)
	}
	return driver.OpenSSLLevelTarget(driver.PlanOptions{Arches: []string{arch}, Models: model, ABI: c.abi, ABISeed: c.abiSeed, Build: c.buildOptions()}, impl)
}
