// Package algs is the family boundary on the host side: one Spec per
// algorithm family, registered by its host package (family/<f>/host).
// A spec names the vector suites that judge the family's implementations,
// how the fuzzer makes each op's params, and the speed peers (Go's standard
// library, `openssl speed`). The ops themselves, their shapes and how the
// runner runs them are declared once on the target side (package arch), and
// the reference answers once in oracle/ref; TestTablesAgree checks that all
// of them name the same ops.
package algs

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/wire"
)

// Spec is one family's host side.
type Spec struct {
	Family string
	Ops    []OpSpec
	Suites []VectorSuite
	Speed  []SpeedPeer
	// Params are the rules of the family's params, by param name: what its
	// Run refuses, said on the host before a runner starts (package
	// validate). A rule gets the op, the param's value and the op's data.
	Params map[string]ParamRule
}

// ParamRule checks one param of an op (nil: fine).
type ParamRule func(op wire.OpInfo, v, in []byte) error

// OpSpec is the host's view of one wire op.
type OpSpec struct {
	Name string
	// Params makes the op's fixed arguments (key, iv) for edge or random
	// case j of a fuzz stream; nil for ops without params.
	Params func(r *rand.Rand, j int) [][]byte
	// Data, if set, turns the generated data of case j into the op's input
	// (aes-gcm-open seals it with the reference first, then sometimes
	// tampers with it); nil: the generated data is the input. It may also
	// set params' entries in place (gcm tampers with the AAD; the mont ops
	// draw the modulus at the size the data's length names).
	Data func(r *rand.Rand, j int, params [][]byte, data []byte) []byte
	// NoFuzz, when set, says why the fuzzer leaves the op out.
	NoFuzz string
	// NoSpeed, when set, says why no speed algorithm times the op.
	NoSpeed string
}

// VectorSuite is a set of vector files of one kind. Op is the wire op for
// kinds that serve one (the hash kinds); Files are relative to the vectors
// directory (synthetic suites name themselves).
type VectorSuite struct {
	Kind  string
	Op    string
	Files []string
	// Synthetic: the cases are made on the host around the level's own
	// Tuning, not read from files. Synthetic suites run on every model;
	// file suites of a level that requires no CPU feature run once per
	// runner and emulator (package suite, twins.go).
	Synthetic bool
	// Record answers the record at path:line (the line the suite's
	// failures name) as one request: `xarch run --vector FILE:LINE`.
	// Nil for synthetic suites.
	Record func(path string, line int) (Record, error)
}

// Record is one vector record as a single request and its expected answer.
type Record struct {
	Op       string
	Params   [][]byte // in the op's order (wire.OpInfo.Params)
	In       []byte
	MCT      bool // one Monte Carlo step: In and Params are the step's input
	Expected []byte
}

// SpeedPeer is one algorithm `xarch speed` times (the runner's speed
// algorithm of the same name) and its peers.
type SpeedPeer struct {
	Name    string // openssl's -evp spelling, also the runner's
	OpenSSL string // -evp name ("" if openssl has none)
	// OpenSSLDecrypt times decryption: `openssl speed -decrypt -evp NAME`.
	OpenSSLDecrypt bool
	GoName         string // the Go standard library package of the peer row
	// GoOp prepares the Go peer on a buffer of size bytes of
	// wire.SpeedPattern: run(n) does n operations, last gives the output
	// of the latest, the reference the runner's answer is checked with.
	GoOp func(size int) (run func(n int), last func() []byte)
	// Blocks, when set, is the unit sizes must be multiples of.
	Blocks int
	// Columns, when set, makes the row count operations per second in
	// these columns (openssl speed rsa2048: sign, verify) instead of bytes
	// per second per buffer size; GoOp then gets the 1-based column as its
	// size (wire.SpeedInfo.Columns).
	Columns []string
}

var specs = map[string]*Spec{}

// Register adds a family's spec (from an init function).
func Register(s *Spec) {
	if _, dup := specs[s.Family]; dup {
		panic("algs: duplicate family " + s.Family)
	}
	specs[s.Family] = s
}

// All lists the specs by family name.
func All() []*Spec {
	var out []*Spec
	for _, s := range specs {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Family < out[j].Family })
	return out
}

// Lookup finds a family's spec.
func Lookup(family string) (*Spec, bool) {
	s, ok := specs[family]
	return s, ok
}

// Op finds an op's spec and its family.
func Op(name string) (*Spec, *OpSpec, bool) {
	for _, s := range All() {
		for i := range s.Ops {
			if s.Ops[i].Name == name {
				return s, &s.Ops[i], true
			}
		}
	}
	return nil, nil, false
}

// Speed finds a speed algorithm (case-insensitive) and its family.
func Speed(name string) (*Spec, *SpeedPeer, error) {
	name = strings.ToLower(name)
	for _, s := range All() {
		for i := range s.Speed {
			if s.Speed[i].Name == name {
				return s, &s.Speed[i], nil
			}
		}
	}
	return nil, nil, fmt.Errorf("unknown algorithm %q (known: %s)", name, strings.Join(SpeedNames(), ", "))
}

// SpeedNames lists every speed algorithm, sorted.
func SpeedNames() []string {
	var out []string
	for _, s := range All() {
		for _, p := range s.Speed {
			out = append(out, p.Name)
		}
	}
	sort.Strings(out)
	return out
}

// RandBytes fills n bytes from r (fuzz params).
func RandBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := 0; i < n; i += 8 {
		v := r.Uint64()
		for k := 0; k < 8 && i+k < n; k++ {
			b[i+k] = byte(v >> (8 * k))
		}
	}
	return b
}

// SuiteOf finds the vector suite that holds file (a path relative to the
// vectors directory, or ending in one).
func SuiteOf(file string) (*Spec, VectorSuite, bool) {
	for _, s := range All() {
		for _, vs := range s.Suites {
			for _, f := range vs.Files {
				if f == file || strings.HasSuffix(file, "/"+f) {
					return s, vs, true
				}
			}
		}
	}
	return nil, VectorSuite{}, false
}

// RecordAt answers the record at spec ("FILE:LINE", FILE relative to dir or
// a path of its own): the vector suite that holds FILE reads it. A file of
// no suite is read as op's own file kind (the hash ops), when op is given.
func RecordAt(dir, spec, op string) (Record, error) {
	i := strings.LastIndex(spec, ":")
	if i < 0 {
		return Record{}, fmt.Errorf("--vector %q: expected FILE:LINE", spec)
	}
	file, lineStr := spec[:i], spec[i+1:]
	line, err := strconv.Atoi(lineStr)
	if err != nil {
		return Record{}, fmt.Errorf("--vector %q: line %q is not a number", spec, lineStr)
	}
	_, vs, ok := SuiteOf(filepath.Clean(file))
	if !ok && op != "" {
		if s, _, found := Op(op); found {
			for _, v := range s.Suites {
				if v.Op == op && v.Record != nil && !ok {
					vs, ok = v, true
				}
			}
		}
	}
	if ok && vs.Record == nil {
		return Record{}, fmt.Errorf("--vector %s: the %s suite has no records to replay", spec, vs.Kind)
	}
	path := file
	if _, err := os.Stat(path); err != nil {
		path = filepath.Join(dir, file)
		if _, err := os.Stat(path); err != nil {
			return Record{}, fmt.Errorf("--vector %s: no such file (neither %s nor %s)", spec, file, path)
		}
	}
	if !ok {
		return Record{}, fmt.Errorf("--vector %s: not a vector file of a known suite; say which hash with --op", spec)
	}
	rec, err := vs.Record(path, line)
	if err != nil {
		return Record{}, fmt.Errorf("--vector %s: %v", spec, err)
	}
	if op != "" && op != rec.Op {
		return Record{}, fmt.Errorf("--op %s, but %s is an %s record", op, spec, rec.Op)
	}
	return rec, nil
}
