package suite

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// Shard selects one part of a deterministic partition of the work. A work
// unit is named by its key parts, (arch, model, implementation, vector file)
// for vector files and (arch, model, implementation, "") or
// (arch, model, "*", "") for rows that did not run; any other unit (a batch
// of fuzz cases, say) adds its own key and asks Has before running. A unit
// belongs to exactly one shard, chosen by a hash of its key alone, so the
// shards of one selection together are the whole run, whatever runs beside.
type Shard struct {
	Index int // 1..Count
	Count int // 0: no sharding, the whole run
}

// ParseShard reads "i/N" (1 <= i <= N). "" is the whole run.
func ParseShard(s string) (Shard, error) {
	if s == "" {
		return Shard{}, nil
	}
	i, n, ok := strings.Cut(s, "/")
	idx, err1 := strconv.Atoi(strings.TrimSpace(i))
	cnt, err2 := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("bad shard %q: want i/N, e.g. 1/3", s)
	}
	if cnt < 1 || idx < 1 || idx > cnt {
		return Shard{}, fmt.Errorf("bad shard %q: want 1 <= i <= N", s)
	}
	return Shard{Index: idx, Count: cnt}, nil
}

// String is "i/N", or "" for the whole run.
func (s Shard) String() string {
	if s.Count == 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}

// Set implements flag.Value.
func (s *Shard) Set(v string) error {
	p, err := ParseShard(v)
	if err != nil {
		return err
	}
	*s = p
	return nil
}

// Of returns the shard (1..n) a unit belongs to in an n-way partition.
func Of(n int, key ...string) int {
	h := fnv.New64a()
	for _, k := range key {
		h.Write([]byte(k))
		h.Write([]byte{0})
	}
	return int(h.Sum64()%uint64(n)) + 1
}

// Has reports whether the unit named by key belongs to this shard.
func (s Shard) Has(key ...string) bool {
	if s.Count <= 1 {
		return true
	}
	return Of(s.Count, key...) == s.Index
}

// HasProviders reports whether this shard runs the provider levels of
// arch/model: all of them, as one unit, because their evidence judges all
// of a level's runs together and compares each mask with the detected
// level of the same model.
func (s Shard) HasProviders(arch, model string) bool {
	return s.Has(arch, model, "*", "openssl")
}

// keep drops the results of other shards; a result's key is its
// (arch, model, implementation, file).
func (s Shard) keep(rs []Result) []Result {
	if s.Count <= 1 {
		return rs
	}
	out := rs[:0]
	for _, r := range rs {
		if s.Has(r.Arch, r.Model, r.Impl, r.File) {
			out = append(out, r)
		}
	}
	return out
}
