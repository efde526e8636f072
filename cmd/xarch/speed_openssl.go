package main

import (
	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/speed"
)

// speedProviders plans the OpenSSL levels of --openssl on speed's one
// target: each is timed in its own runner beside xarch's levels; a level
// whose bits the library does not detect here is listed as not timed
// ("missing feature ..."), never run.
func (c *common) speedProviders(arch, model string) ([]speed.Provider, error) {
	b := c.buildOptions()
	b.OpenSSL += ",only"
	plans, err := driver.Plan(driver.PlanOptions{Arches: []string{arch}, Models: model, ABI: c.abi, Build: b})
	if err != nil {
		return nil, err
	}
	var out []speed.Provider
	for _, p := range plans {
		if p.OpenSSL == nil {
			continue
		}
		t := p.Target
		t.QemuArgs = withoutTrace(t.QemuArgs) // the evidence trace would be timed too
		pr := speed.Provider{Name: p.OpenSSL.Name, Target: t, Skip: p.Skip}
		if p.Fail != "" {
			pr.Skip = p.Fail
		}
		pr.Source = "libcrypto " + p.OpenSSL.Lib
		if l := p.OpenSSL.Level; p.OpenSSL.Arch != nil && l.Name != "" && !l.Detected() {
			pr.Source += ", " + p.OpenSSL.Arch.Env + "=" + l.Value
		} else {
			pr.Source += ", as detected"
		}
		out = append(out, pr)
	}
	return out, nil
}

// withoutTrace drops qemu's -d in_asm -D FILE.
func withoutTrace(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		if (args[i] == "-d" || args[i] == "-D") && i+1 < len(args) {
			i++
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// speedOwnTarget: with --openssl the main runner is xarch's own, and the
// provider levels --impl names run in theirs.
func (c *common) speedOwnTarget(arch, model, impls string) (driver.Target, error) {
	if c.openssl != "" {
		return c.target(arch, model)
	}
	return c.targetFor(arch, model, impls) // openssl.go: a provider level's own runner
}
