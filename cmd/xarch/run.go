package main

import (
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/vectors"
)

// cmdRun runs one implementation on one input and prints the result in hex:
// the building block of every repro line.
func cmdRun(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch run", flag.ContinueOnError)
	var c common
	c.register(fs)
	impl := fs.String("impl", "", "implementation name (see xarch info)")
	digest := fs.String("digest", "sha256", "hash function for hash implementations: sha256 or sha224")
	in := fs.String("in", "", "input as hex (the message; with --mct the seed)")
	vec := fs.String("vector", "", "take the input from a vector file, FILE:LINE (relative to --vectors or absolute); prints expected too")
	mct := fs.Bool("mct", false, "run one Monte Carlo step (1000 iterations): SHAVS from the seed in --in; AESAVS outer iteration from --key, --iv, --in")
	var a aesFlags
	a.register(fs)
	if err := fs.Parse(args); err != nil {
		return 2, nil
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
	if isAESImpl(*impl) {
		return runAES(&c, *impl, &a, *in, *vec, *mct)
	}
	if a.used() {
		return 2, fmt.Errorf("--mode, --decrypt, --key, --iv and --pieces are for aes/* implementations")
	}
	var input, expected []byte
	var err error
	switch {
	case *vec != "" && *in != "":
		return 2, fmt.Errorf("give --in or --vector, not both")
	case *vec != "":
		input, expected, err = loadVectorInput(c.vectors, *vec, *digest)
	default:
		input, err = hex.DecodeString(strings.TrimSpace(*in))
		if err != nil {
			err = fmt.Errorf("--in: not hex: %v", err)
		}
	}
	if err != nil {
		return 2, err
	}
	sess, err := c.session(c.arch, c.model)
	if err != nil {
		return 2, err
	}
	defer sess.Close()
	t := sess.Target
	cmd := "hash"
	if *mct {
		cmd = "hash-mct"
	}
	out, err := sess.Call([]byte(cmd), []byte(*impl), []byte(*digest), input)
	if err != nil {
		return 1, fmt.Errorf("%s %s on %s: %v", cmd, *impl, t, err)
	}
	fmt.Println(hex.EncodeToString(out[0]))
	if expected != nil {
		if hex.EncodeToString(out[0]) != hex.EncodeToString(expected) {
			fmt.Fprintf(os.Stderr, "MISMATCH: expected %x\n", expected)
			return 1, nil
		}
		fmt.Fprintln(os.Stderr, "matches the vector")
	}
	return 0, nil
}

// loadVectorInput finds the hash vector whose MD is at FILE:LINE.
func loadVectorInput(dir, spec, digest string) (msg, md []byte, err error) {
	i := strings.LastIndex(spec, ":")
	if i < 0 {
		return nil, nil, fmt.Errorf("--vector %q: expected FILE:LINE", spec)
	}
	file, lineStr := spec[:i], spec[i+1:]
	line, err := strconv.Atoi(lineStr)
	if err != nil {
		return nil, nil, fmt.Errorf("--vector %q: line %q is not a number", spec, lineStr)
	}
	path := file
	if _, err := os.Stat(path); err != nil {
		path = dir + "/" + file
	}
	size := map[string]int{"sha256": 32, "sha224": 28}[digest]
	if size == 0 {
		return nil, nil, fmt.Errorf("--digest %q: want sha256 or sha224", digest)
	}
	cases, err := vectors.LoadHash(path, size)
	if err != nil {
		return nil, nil, err
	}
	for _, c := range cases {
		if c.Line == line {
			return c.Msg, c.MD, nil
		}
	}
	return nil, nil, fmt.Errorf("--vector %s: no vector's MD is on line %d", file, line)
}
