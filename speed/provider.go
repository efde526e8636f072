package speed

import (
	"fmt"
	"strings"
	"time"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/implselect"
	"github.com/xarchlab/xarch/wire"
)

// KindProvider is a provider level (OpenSSL's libcrypto under one
// capability mask) timed in its own runner beside the levels: a peer for
// the ratios, never a lower level for the dispatch check.
const KindProvider = "provider"

// Provider is one provider level for Options.Providers: its own runner
// (one process is one mask), or why it cannot run here.
type Provider struct {
	Name   string // "openssl3.5-novaes"
	Target driver.Target
	Source string // the library and mask, for the table's notes
	Skip   string // "missing feature AVX512F ...": listed as not timed
}

// providerRunner is a started provider level.
type providerRunner struct {
	p        Provider
	sessions []*driver.Session
	info     wire.Info
}

// startProviders starts every runnable provider level, --multi runners
// each; the caller closes them.
func startProviders(o Options) ([]*providerRunner, error) {
	var out []*providerRunner
	for _, p := range o.Providers {
		if p.Skip != "" {
			continue
		}
		r := &providerRunner{p: p}
		out = append(out, r)
		for i := 0; i < o.Multi; i++ {
			s, err := driver.NewSession(p.Target, time.Minute)
			if err != nil {
				return out, fmt.Errorf("provider level %s: %v", p.Name, err)
			}
			r.sessions = append(r.sessions, s)
		}
		r.info = r.sessions[0].Info()
	}
	return out, nil
}

func closeProviders(rs []*providerRunner) {
	for _, r := range rs {
		for _, s := range r.sessions {
			s.Close()
		}
	}
}

// isProviderTerm says an --impl term names a provider level exactly
// ("aes-gcm/openssl3.5-novaes"): the main runner does not know it.
func isProviderTerm(o Options, t string) bool {
	for _, p := range o.Providers {
		if strings.HasSuffix(t, "/"+p.Name) {
			return true
		}
	}
	return false
}

// mainImpls is o.Impls without the provider terms; none says every term
// was one, so the main runner times nothing.
func mainImpls(o Options) (impls []string, none bool) {
	if o.ProvidersOnly {
		return nil, true
	}
	if len(o.Providers) == 0 {
		return o.Impls, false
	}
	for _, t := range o.Impls {
		if !isProviderTerm(o, t) {
			impls = append(impls, t)
		}
	}
	return impls, len(o.Impls) > 0 && len(impls) == 0
}

// providerUnits are the units of alg's provider levels, one per runner,
// and the skips of the levels that cannot run here. named gets every
// provider level selected or skipped.
func providerUnits(o Options, rs []*providerRunner, alg *Alg, sizes []int, window time.Duration,
	newRow func(Row, []int) *Row, named map[string]bool) ([]*unit, []Skip) {
	var units []*unit
	var skips []Skip
	served := len(rs) == 0
	spec := strings.Join(o.Impls, ",")
	for _, r := range rs {
		for _, im := range r.info.Impls {
			if im.Alg != alg.Family {
				continue
			}
			served = true
			if im.Name != alg.Family+"/"+r.p.Name {
				continue // the family's own generic level, timed in the main runner
			}
			if !implselect.Match(spec, o.Planted, im.Name, im.Planted) {
				continue
			}
			named[im.Name] = true
			if !im.Usable {
				skips = append(skips, Skip{Alg: alg.Name, Name: im.Name, Why: im.Why})
				continue
			}
			label := im.Name
			row := newRow(Row{Alg: alg.Name, Name: im.Name, Kind: KindProvider, Rank: im.Rank, Group: label,
				Columns: alg.Columns, Source: r.p.Source}, sizes)
			units = append(units, &unit{label: label, sizes: sizes, seconds: o.Seconds * 1.05, rows: []*Row{row},
				measure: implMeasurer(r.sessions, alg, []string{im.Name}, window, o.Elapsed)})
		}
	}
	if served {
		for _, p := range o.Providers {
			name := alg.Family + "/" + p.Name
			if p.Skip != "" && implselect.Match(spec, o.Planted, name, false) {
				named[name] = true
				skips = append(skips, Skip{Alg: alg.Name, Name: name, Why: p.Skip})
			}
		}
	}
	return units, skips
}
