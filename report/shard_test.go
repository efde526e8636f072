package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/suite"
)

func TestParseShard(t *testing.T) {
	for in, want := range map[string]suite.Shard{"": {}, "1/1": {Index: 1, Count: 1}, "2/3": {Index: 2, Count: 3}, " 3 / 3 ": {Index: 3, Count: 3}} {
		got, err := suite.ParseShard(in)
		require.NoError(t, err, in)
		require.Equal(t, want, got, in)
	}
	for _, in := range []string{"0/3", "4/3", "1/0", "3", "a/b", "1/3/5", "-1/2"} {
		_, err := suite.ParseShard(in)
		require.Error(t, err, in)
		require.Contains(t, err.Error(), fmt.Sprintf("bad shard %q", in))
	}
}

// Every key lands in exactly one shard, for any N, and the assignment
// depends on the key alone.
func TestShardPartitionKeys(t *testing.T) {
	var keys [][]string
	for _, a := range []string{"amd64", "arm64", "ppc64le", "sparc64"} {
		for _, m := range []string{"native", "max", "power9", "default"} {
			for _, im := range []string{"*", "sha256/generic", "sha256/avx2", "aes/aesni"} {
				for _, f := range []string{"", "nist/sha/SHA256ShortMsg.rsp", "nist/aes/CBCGFSbox128.rsp", "fuzz:batch-7"} {
					keys = append(keys, []string{a, m, im, f})
				}
			}
		}
	}
	for n := 1; n <= 8; n++ {
		sizes := make([]int, n+1)
		for _, k := range keys {
			owners := 0
			for i := 1; i <= n; i++ {
				if (suite.Shard{Index: i, Count: n}).Has(k...) {
					owners++
					sizes[i]++
				}
			}
			require.Equal(t, 1, owners, "key %q with N=%d", k, n)
			require.Equal(t, suite.Of(n, k...), suite.Of(n, k...))
		}
		for i := 1; i <= n; i++ {
			require.Greater(t, sizes[i], len(keys)/(3*n), "shard %d/%d gets almost nothing: %v", i, n, sizes)
		}
	}
	// Keys are length-delimited: moving a boundary changes the key.
	require.True(t, suite.Of(1<<20, "ab", "c") != suite.Of(1<<20, "a", "bc"))
	require.True(t, (suite.Shard{}).Has("x"), "the whole run has everything")
}

func nativeOptions(t *testing.T) suite.Options {
	t.Helper()
	if runtime.GOARCH != "amd64" {
		t.Skip("the shard run test uses the native amd64 model and amd64 masks; this host is " + runtime.GOARCH)
	}
	wd, _ := os.Getwd()
	root, err := driver.FindRoot(wd)
	require.NoError(t, err)
	return suite.Options{
		Arches: []string{"amd64", "arm64"}, Models: "native", VectorsDir: filepath.Join(root, "vectors"),
		Timeout: 60 * time.Second, Jobs: 2, CI: suite.IsCI(),
		Build: driver.BuildOptions{Root: root, CacheDir: driver.DefaultCacheDir()},
	}
}

// The shards of a real run, merged, equal the unsharded run: every cell in
// exactly one shard (the skipped rows of a target, arm64 native on this
// host, and of an implementation, masked here, included), same status and
// counts, same totals.
func TestShardsEqualWholeRun(t *testing.T) {
	o := nativeOptions(t)
	o.Impl = "sha256/"
	o.Mask = "shani"
	run := func(s suite.Shard) *File {
		o := o
		o.Shard = s
		rep, err := suite.Run(o)
		require.NoError(t, err)
		return New(rep, Meta{Options: o, Started: time.Now()}, nil)
	}
	whole := run(suite.Shard{})
	require.False(t, whole.Failed(), "%+v", whole.Results)
	var skippedTarget, skippedImpl bool
	for _, r := range whole.Results {
		skippedTarget = skippedTarget || (r.Impl == "*" && r.Status == "skipped")
		skippedImpl = skippedImpl || (r.Impl == "sha256/shani" && r.Status == "skipped")
	}
	require.True(t, skippedTarget && skippedImpl, "the run should have a skipped target and a skipped implementation: %+v", whole.Results)

	const n = 3
	var in []Input
	owner := map[string]int{}
	for i := 1; i <= n; i++ {
		f := run(suite.Shard{Index: i, Count: n})
		require.Equal(t, ShardInfo{i, n}, f.Shard)
		for _, r := range f.Results {
			_, dup := owner[r.Key()]
			require.False(t, dup, "%s in shards %d and %d", r.Key(), owner[r.Key()], i)
			owner[r.Key()] = i
		}
		in = append(in, Input{Path: fmt.Sprintf("shard%d.json", i), File: f})
	}
	merged, problems := Merge(in, nil)
	require.Empty(t, problems)
	require.Equal(t, len(whole.Results), len(merged.Results))
	for i, w := range whole.Results {
		m := merged.Results[i]
		w.ElapsedNS, m.ElapsedNS = 0, 0
		require.Equal(t, w, m)
	}
	require.Equal(t, whole.Totals, merged.Totals)
	require.Equal(t, whole.Targets, merged.Targets)
	require.Equal(t, whole.Notes, merged.Notes)
	require.Equal(t, len(whole.Probes), len(merged.Probes))

	// Dropping a shard is caught.
	_, problems = Merge(in[:2], nil)
	require.Contains(t, strings.Join(problems, "\n"), "shard 3/3 missing")
}

// A real failing run (a planted implementation that is wrong above a length
// threshold) gives JUnit failures with the message and the repro lines.
func TestJUnitOfRealFailure(t *testing.T) {
	o := nativeOptions(t)
	o.Arches, o.Planted, o.Impl = []string{"amd64"}, true, "sha256/planted-threshold,sha256/generic"
	o.Build.Tags = nil
	rep, err := suite.Run(o)
	require.NoError(t, err)
	require.True(t, rep.Failed())
	f := New(rep, Meta{Options: o, Started: time.Now()}, nil)
	var buf bytes.Buffer
	require.NoError(t, WriteJUnit(&buf, f))
	doc := parseJUnit(t, buf.Bytes())
	require.Greater(t, doc.Failures, 0)
	require.Equal(t, len(f.Results), doc.Tests)
	failed := 0
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			if c.Failure == nil {
				continue
			}
			failed++
			require.True(t, strings.HasPrefix(c.Classname, "amd64/native/sha256/planted-threshold"), c.Classname)
			require.Contains(t, c.Failure.Message, "repro: xarch run --arch amd64 --model native --impl sha256/planted-threshold")
			require.Contains(t, c.Failure.Message, "--planted")
			require.Contains(t, c.Failure.Text, "repro: xarch run ")
		}
	}
	require.Equal(t, f.Totals.Failed > 0, failed > 0)
}
