package host

import (
	"fmt"
	"path/filepath"

	"github.com/xarchlab/xarch/vectors"
)

// HashCase is one ShortMsg/LongMsg vector.
type HashCase struct {
	File string
	Line int // of the expected MD
	Msg  []byte
	MD   []byte
}

// MonteCase is a SHAVS Monte Carlo file: a seed and 100 checkpoints.
type MonteCase struct {
	File        string
	Seed        []byte
	Checkpoints []Checkpoint
}

// Checkpoint is the expected digest after one 1000-iteration round.
type Checkpoint struct {
	Line  int
	Count int
	MD    []byte
}

// SHAFile names one vendored SHA vector file and its kind.
type SHAFile struct {
	Path  string // relative to the vectors directory
	Monte bool
}

// SHAFiles lists the vector files for a hash ("SHA256", "SHA224", ...).
func SHAFiles(name string) []SHAFile {
	base := filepath.Join("nist", "sha", name)
	return []SHAFile{
		{Path: base + "ShortMsg.rsp"},
		{Path: base + "LongMsg.rsp"},
		{Path: base + "Monte.rsp", Monte: true},
	}
}

// LoadHash parses a ShortMsg or LongMsg file; mdLen is the digest size.
func LoadHash(path string, mdLen int) ([]HashCase, error) {
	recs, err := vectors.ParseFile(path)
	if err != nil {
		return nil, err
	}
	var out []HashCase
	for _, r := range recs {
		bits, err := r.Int("Len")
		if err != nil {
			return nil, err
		}
		msg, err := r.Hex("Msg")
		if err != nil {
			return nil, err
		}
		md, err := r.Hex("MD")
		if err != nil {
			return nil, err
		}
		if bits%8 != 0 {
			return nil, vectors.ErrAt(path, r.Line, "Len = %d: expected a whole number of bytes (byte-oriented vectors)", bits)
		}
		if bits == 0 {
			msg = nil // NIST writes the empty message as "Msg = 00"
		} else if len(msg)*8 != bits {
			f, _ := r.Get("Msg")
			return nil, vectors.ErrAt(path, f.Line, "Msg has %d bytes, expected Len/8 = %d", len(msg), bits/8)
		}
		mdf, _ := r.Get("MD")
		if len(md) != mdLen {
			return nil, vectors.ErrAt(path, mdf.Line, "MD has %d bytes, expected %d", len(md), mdLen)
		}
		out = append(out, HashCase{File: path, Line: mdf.Line, Msg: msg, MD: md})
	}
	if len(out) == 0 {
		return nil, vectors.ErrAt(path, 1, "no vectors found (expected records with Len, Msg and MD)")
	}
	return out, nil
}

// LoadMonte parses a SHAVS Monte file: "Seed = ..." then COUNT/MD records.
func LoadMonte(path string, mdLen int) (*MonteCase, error) {
	recs, err := vectors.ParseFile(path)
	if err != nil {
		return nil, err
	}
	mc := &MonteCase{File: path}
	for _, r := range recs {
		if _, ok := r.Get("Seed"); ok {
			if mc.Seed, err = r.Hex("Seed"); err != nil {
				return nil, err
			}
			if len(mc.Seed) != mdLen {
				return nil, vectors.ErrAt(path, r.Line, "Seed has %d bytes, expected %d", len(mc.Seed), mdLen)
			}
			continue
		}
		n, err := r.Int("COUNT")
		if err != nil {
			return nil, err
		}
		md, err := r.Hex("MD")
		if err != nil {
			return nil, err
		}
		f, _ := r.Get("MD")
		if len(md) != mdLen {
			return nil, vectors.ErrAt(path, f.Line, "MD has %d bytes, expected %d", len(md), mdLen)
		}
		if n != len(mc.Checkpoints) {
			return nil, vectors.ErrAt(path, r.Line, "COUNT = %d: expected %d (checkpoints in order)", n, len(mc.Checkpoints))
		}
		mc.Checkpoints = append(mc.Checkpoints, Checkpoint{Line: f.Line, Count: n, MD: md})
	}
	if mc.Seed == nil {
		return nil, vectors.ErrAt(path, 1, "no \"Seed = <hex>\" line found")
	}
	if len(mc.Checkpoints) == 0 {
		return nil, fmt.Errorf("%s: no COUNT/MD checkpoints found", path)
	}
	// SHAVS Monte Carlo: 100 checkpoints (COUNT = 0..99).
	if n := len(mc.Checkpoints); n != 100 {
		return nil, vectors.ErrAt(path, mc.Checkpoints[n-1].Line, "%d checkpoints; SHAVS Monte Carlo has 100 (COUNT = 0..99): a file cut short?", n)
	}
	return mc, nil
}
