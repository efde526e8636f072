package main

import (
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/suite"
	"github.com/xarchlab/xarch/validate"
	"github.com/xarchlab/xarch/wire"
)

// paramFlags collects repeated --param NAME=HEX.
type paramFlags []string

func (p *paramFlags) String() string     { return strings.Join(*p, " ") }
func (p *paramFlags) Set(s string) error { *p = append(*p, s); return nil }

// cmdRun runs one implementation on one input of one op and prints the
// result in hex: the building block of every repro line.
//
//	xarch run --arch A [--model M] --impl I --op OP [--param NAME=HEX ...] --in HEX [--pieces 1,15] [--mct]
//
// --digest D is short for --op D; --mode/--decrypt/--key/--iv for the AES
// ops (aes-MODE-enc|dec with params key and iv).
func cmdRun(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch run", flag.ContinueOnError)
	var c common
	c.register(fs)
	c.registerABI(fs)
	impl := fs.String("impl", "", "implementation name (see xarch info)")
	opName := fs.String("op", "", "the op to run (see `xarch info`: sha256, sha512, aes-cbc-enc, ...); default: the op named like the implementation's family")
	var params paramFlags
	fs.Var(&params, "param", "an op parameter NAME=HEX (repeatable; e.g. --param key=00.. --param iv=00..)")
	digest := fs.String("digest", "", "shorthand for --op with a hash (sha224, sha256, sha384, sha512, sha512-224, sha512-256)")
	in := fs.String("in", "", "the data as hex (with --mct: the seed, or the text of an AES Monte Carlo step)")
	pieces := fs.String("pieces", "", "feed the data in pieces of these sizes, cycled (e.g. 1,15,0,17)")
	vec := fs.String("vector", "", "take the input from a vector file, FILE:LINE (relative to --vectors or absolute); prints expected too")
	mct := fs.Bool("mct", false, "run one Monte Carlo step inside the runner (SHAVS checkpoint from the seed; AESAVS outer iteration)")
	edge := fs.String("edge", "", "run one kernel edge case of the implementation by name (the \"kernel edges\" row; \"all\" for every one) instead of an op")
	edgeSeed := fs.Uint64("seed", DefaultTestSeed, "with --edge: the seed of its random data")
	var a aesFlags
	a.register(fs)
	if err := c.parse(fs, args); err != nil {
		return 2, err
	}
	if fs.NArg() > 0 {
		return 2, fmt.Errorf("unexpected argument %q (flags start with -)", fs.Arg(0))
	}
	if c.arch == "" || c.arch == "all" || strings.Contains(c.arch, ",") {
		return 2, fmt.Errorf("--arch must name one architecture")
	}
	if *impl == "" {
		return 2, fmt.Errorf("--impl is required (see `xarch info --arch %s`)", c.arch)
	}
	if _, err := c.resolve(); err != nil {
		return 2, err
	}
	if *edge != "" {
		if *opName != "" || *digest != "" || *in != "" || *vec != "" || *mct || *pieces != "" || len(params) > 0 || a.used() {
			return 2, fmt.Errorf("--edge runs a kernel edge case: it takes no op or input flags")
		}
		return runEdge(&c, *impl, *edge, *edgeSeed)
	}
	x := runInput{op: *opName}
	if *digest != "" {
		if x.op != "" && x.op != *digest {
			return 2, fmt.Errorf("--digest %s and --op %s disagree", *digest, x.op)
		}
		x.op = *digest
	}
	var err error
	if *vec != "" {
		if *in != "" || len(params) > 0 || a.key != "" || a.iv != "" {
			return 2, fmt.Errorf("give --vector or --in/--param, not both")
		}
		if x, err = loadVector(c.vectors, *vec, x.op, &a); err != nil {
			return 2, err
		}
		x.mct = x.mct || *mct
	} else {
		x.mct = *mct
		if x.data, err = hex.DecodeString(strings.TrimSpace(*in)); err != nil {
			return 2, fmt.Errorf("--in: not hex: %v", err)
		}
		if err := x.fromFlags(*impl, params, &a); err != nil {
			return 2, err
		}
	}
	if x.mct && *pieces != "" {
		return 2, fmt.Errorf("--pieces does not apply to --mct")
	}
	if !x.mct {
		named := x.params
		if named == nil {
			named = validate.Named(x.op, x.ordered) // a --vector record
		}
		if err := validate.Op(x.op, named, x.data, *pieces); err != nil {
			return 2, err
		}
	}
	// A failure names the seed, so a run without --abi-seed can be repeated.
	seedNote := ""
	if c.abi {
		seedNote = fmt.Sprintf(" (--abi-seed %d)", c.abiSeedFor(0))
	}
	sess, err := c.sessionFor(c.arch, c.model, *impl) // openssl.go
	if err != nil {
		return 2, err
	}
	defer sess.Close()
	op, ok := sess.Info().Op(x.op)
	if !ok {
		var names []string
		for _, o := range sess.Info().Ops {
			names = append(names, o.Name)
		}
		return 2, fmt.Errorf("--op %q: the %s runner serves %s", x.op, c.arch, strings.Join(names, ", "))
	}
	ps, err := x.orderedParams(op)
	if err != nil {
		return 2, err
	}
	payload := wire.Pack(append(ps, x.data)...)
	var out [][]byte
	cmd := "run"
	switch {
	case x.mct:
		cmd = "mct"
		out, err = sess.Call([]byte(cmd), []byte(*impl), []byte(op.Name), payload)
	case *pieces != "":
		cmd = "batch"
		out, err = sess.Call([]byte(cmd), []byte(*impl), []byte(op.Name), []byte(*pieces), payload)
		if err == nil {
			out, err = wire.Unpack(out[0])
		}
	default:
		out, err = sess.Call([]byte(cmd), []byte(*impl), []byte(op.Name), payload)
	}
	if err != nil {
		return 1, fmt.Errorf("%s %s %s on %s%s: %v", cmd, *impl, op.Name, sess.Target, seedNote, err)
	}
	fmt.Println(hex.EncodeToString(out[0]))
	if x.mct && len(out) > 1 {
		fmt.Fprintf(os.Stderr, "output[998] = %x (with output[999] above: the key shuffle and next IV/text)\n", out[1])
	}
	if x.expected != nil {
		if hex.EncodeToString(out[0]) != hex.EncodeToString(x.expected) {
			fmt.Fprintf(os.Stderr, "MISMATCH: expected %x%s\n", x.expected, seedNote)
			return 1, nil
		}
		fmt.Fprintln(os.Stderr, "matches the vector")
	}
	return 0, nil
}

// runEdge runs kernel edge cases of impl and prints each verdict; any
// failure exits 1.
func runEdge(c *common, impl, edge string, seed uint64) (int, error) {
	sess, err := c.sessionFor(c.arch, c.model, impl)
	if err != nil {
		return 2, err
	}
	defer sess.Close()
	if edge == "all" {
		edge = ""
	}
	rs, err := suite.CallEdges(sess, impl, edge, seed)
	if err != nil {
		return 1, fmt.Errorf("edges %s on %s: %v", impl, sess.Target, err)
	}
	code := 0
	for _, r := range rs {
		if r.Error != "" {
			fmt.Printf("FAILED %s: %s\n", r.Name, r.Error)
			code = 1
			continue
		}
		fmt.Printf("ok     %s\n", r.Name)
	}
	return code, nil
}

// runInput is one request and, from a vector file, its expected answer.
type runInput struct {
	op       string
	params   map[string][]byte
	ordered  [][]byte // from a vector record: the params in the op's order
	data     []byte
	mct      bool
	expected []byte
}

// fromFlags resolves the op and its params from --op/--param or the AES
// shorthands; without --op, the op named like the implementation's family.
func (x *runInput) fromFlags(impl string, params paramFlags, a *aesFlags) error {
	x.params = map[string][]byte{}
	for _, p := range params {
		i := strings.Index(p, "=")
		if i <= 0 {
			return fmt.Errorf("--param %q: want NAME=HEX", p)
		}
		if _, dup := x.params[p[:i]]; dup {
			return fmt.Errorf("--param %s given twice", p[:i])
		}
		v, err := hex.DecodeString(strings.TrimSpace(p[i+1:]))
		if err != nil {
			return fmt.Errorf("--param %s: not hex: %v", p[:i], err)
		}
		x.params[p[:i]] = v
	}
	if a.used() {
		if a.mode == "" {
			return fmt.Errorf("--mode is required with --decrypt, --key or --iv (ecb, cbc, ctr, ofb or cfb128)")
		}
		dir := "enc"
		if a.decrypt {
			dir = "dec"
		}
		op := "aes-" + a.mode + "-" + dir
		if x.op != "" && x.op != op {
			return fmt.Errorf("--op %s and --mode %s disagree", x.op, a.mode)
		}
		x.op = op
		for _, f := range []struct{ name, val string }{{"key", a.key}, {"iv", a.iv}} {
			v, err := hex.DecodeString(strings.TrimSpace(f.val))
			if err != nil {
				return fmt.Errorf("--%s: not hex: %v", f.name, err)
			}
			x.params[f.name] = v
		}
	}
	if x.op == "" {
		family := impl
		if i := strings.Index(impl, "/"); i >= 0 {
			family = impl[:i]
		}
		if _, _, ok := algs.Op(family); !ok {
			return fmt.Errorf("--op is required for %s (its family has no op named %q; see `xarch info`)", impl, family)
		}
		x.op = family
	}
	return nil
}

// orderedParams lays the params out in the op's order; a missing one is
// empty (ECB's iv), an unknown one an error.
func (x *runInput) orderedParams(op wire.OpInfo) ([][]byte, error) {
	if x.ordered != nil || x.params == nil {
		if len(x.ordered) != len(op.Params) {
			return nil, fmt.Errorf("the record has %d params, %s takes %d (%s)", len(x.ordered), op.Name, len(op.Params), strings.Join(op.Params, ", "))
		}
		return x.ordered, nil
	}
	known := map[string]bool{}
	var out [][]byte
	for _, name := range op.Params {
		known[name] = true
		out = append(out, x.params[name])
	}
	for name := range x.params {
		if !known[name] {
			takes := strings.Join(op.Params, ", ")
			if takes == "" {
				takes = "no params"
			}
			return nil, fmt.Errorf("--param %s: %s takes %s", name, op.Name, takes)
		}
	}
	return out, nil
}

// loadVector reads the record at FILE:LINE (algs.RecordAt) and checks it
// against the AES shorthands.
func loadVector(dir, spec, op string, a *aesFlags) (runInput, error) {
	rec, err := algs.RecordAt(dir, spec, op)
	if err != nil {
		return runInput{}, err
	}
	if a.mode != "" && !strings.HasPrefix(rec.Op, "aes-"+a.mode+"-") {
		return runInput{}, fmt.Errorf("--mode %s, but %s is an %s record", a.mode, spec, rec.Op)
	}
	if a.decrypt && !strings.HasSuffix(rec.Op, "-dec") {
		return runInput{}, fmt.Errorf("--decrypt, but %s is an %s record", spec, rec.Op)
	}
	return runInput{op: rec.Op, ordered: rec.Params, data: rec.In, mct: rec.MCT, expected: rec.Expected}, nil
}
