package gotest

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
)

// xarchRoot finds the xarch source tree for the probes' runner: the
// working directory's, or the tree the xarch binary lives in.
func xarchRoot() (string, error) {
	wd, _ := os.Getwd()
	if r, err := driver.FindRoot(wd); err == nil {
		return r, nil
	}
	exe, err := os.Executable()
	if err == nil {
		if r, err2 := driver.FindRoot(filepath.Dir(exe)); err2 == nil {
			return r, nil
		}
	}
	return "", fmt.Errorf("no xarch source tree (set XARCH_ROOT)")
}

// probeModels checks each emulated model the cells use, as `xarch test`
// does before it trusts a target: the runner's detected features against
// ci/models.json's expect, and the known-answer probe of every detected
// feature (suite.ProbeFeatures). A model that fails is untrusted: its
// failures are reported as "not emulated", not blamed on the module.
func probeModels(cells []cell, notes []string, rep *suite.Report, arches []string) (map[string]string, []string) {
	untrusted := map[string]string{}
	type tgt struct{ arch, model string }
	var list []tgt
	seen := map[tgt]bool{}
	for _, c := range cells {
		k := tgt{c.arch, c.model.Label()}
		if c.target.Qemu != "" && !seen[k] {
			seen[k] = true
			list = append(list, k)
		}
	}
	if len(list) == 0 {
		return untrusted, notes
	}
	root, err := xarchRoot()
	if err != nil {
		return untrusted, append(notes, "emulated models not probed: "+err.Error())
	}
	var mu sync.Mutex
	parallel(len(list), 2, func(i int) {
		k := list[i]
		why, rows, note := probeModel(root, k.arch, k.model)
		mu.Lock()
		defer mu.Unlock()
		if why != "" {
			untrusted[k.arch+"/"+k.model] = why
		}
		if note != "" {
			notes = append(notes, note)
		}
		rep.Probes = append(rep.Probes, rows...)
	})
	suite.SortProbes(rep.Probes, arches)
	return untrusted, notes
}

func probeModel(root, arch, model string) (untrusted string, rows []suite.ProbeRow, note string) {
	plans, err := driver.Plan(driver.PlanOptions{Arches: []string{arch}, Models: model,
		Build: driver.BuildOptions{Root: root, CacheDir: driver.DefaultCacheDir(), Log: os.Stderr}})
	if err != nil || len(plans) == 0 {
		return "", nil, fmt.Sprintf("%s/%s: not probed: %v", arch, model, err)
	}
	p := plans[0]
	if p.Skip != "" || p.Fail != "" {
		return "", nil, fmt.Sprintf("%s/%s: not probed: %s%s", arch, model, p.Skip, p.Fail)
	}
	sess, err := driver.NewSession(p.Target, 60*time.Second)
	if err != nil {
		return "runner does not start: " + err.Error(), nil, fmt.Sprintf("%s/%s: xarch's runner does not start: %v", arch, model, err)
	}
	defer sess.Close()
	info := sess.Info()
	if mm := p.Model.Mismatch(info.Detected); mm != "" {
		untrusted = "model table mismatch: " + mm
		note = fmt.Sprintf("%s/%s: model table mismatch: %s (ci/models.json)", arch, model, mm)
	}
	// Every detected feature, not only those xarch's levels need: the
	// module's code may use any of them.
	want := map[string]bool{}
	for _, f := range info.Detected {
		want[f] = false
	}
	verdicts, rows := suite.ProbeFeatures(sess, p.Target, info, want)
	if untrusted == "" {
		untrusted = verdicts.Unfaithful()
	}
	return untrusted, rows, note
}
