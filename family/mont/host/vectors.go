package host

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"math/big"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/vectors"
)

// RSA PKCS#1 v1.5 signature files (FIPS 186-2 and 186-3 CAVS): SigGen15
// (n, e under [mod = bits]; records SHAAlg, Msg, S; the .txt twin also
// carries d) and SigVer15 (records SHAAlg, e, d, Msg, S, Result = P or
// F (reason); the 186-2 file also gives p and q of each key).

// RSAFile is one vendored RSA file.
type RSAFile struct {
	Path   string // relative to the vectors directory
	SigVer bool
	// Private is the .txt twin of a SigGen .rsp file, with d ("" if
	// NIST published none).
	Private string
}

// RSAFiles lists the vendored RSA files the suite runs (the .txt twins are
// read through their .rsp file).
func RSAFiles() []RSAFile {
	d2, d3 := filepath.Join("nist", "rsa", "186-2"), filepath.Join("nist", "rsa", "186-3")
	return []RSAFile{
		{Path: filepath.Join(d2, "SigGen15_186-2.rsp"), Private: filepath.Join(d2, "SigGen15_186-2.txt")},
		{Path: filepath.Join(d2, "SigGen15_186-3.rsp")},
		{Path: filepath.Join(d3, "SigGen15_186-3.rsp"), Private: filepath.Join(d3, "SigGen15_186-3.txt")},
		{Path: filepath.Join(d2, "SigVer15_186-3.rsp"), SigVer: true},
		{Path: filepath.Join(d3, "SigVer15_186-3.rsp"), SigVer: true},
	}
}

// RSACase is one signature record with the key in force.
type RSACase struct {
	// S is len(n) bytes unless the file's S is longer than n.
	// Line is where the expected answer is: the S line of a SigGen
	// record, the Result line of a SigVer record.
	Line    int
	ModBits int
	N, E    []byte // minimal big-endian (no leading zero bytes)
	D       []byte // nil when the file does not give it (or gives 0)
	P, Q    []byte // nil unless the file gives them
	Hash    string // sha1, sha224, sha256, sha384, sha512
	Msg, S  []byte
	Pass    bool   // SigVer: Result = P
	Result  string // SigVer: the Result line's text
}

// rsaHashes maps SHAAlg values to the op's hash names.
var rsaHashes = map[string]string{"SHA1": "sha1", "SHA224": "sha224", "SHA256": "sha256", "SHA384": "sha384", "SHA512": "sha512"}

// LoadRSA parses a SigGen15 or SigVer15 file (.rsp or .txt).
func LoadRSA(path string, sigVer bool) ([]RSACase, error) {
	recs, err := vectors.ParseFile(path)
	if err != nil {
		return nil, err
	}
	var out []RSACase
	var key RSACase // n, e, d, p, q in force
	num := func(r vectors.Record, name string) ([]byte, error) {
		f, _ := r.Get(name)
		v, ok := new(big.Int).SetString(f.Value, 16)
		if !ok || v.Sign() < 0 {
			return nil, vectors.ErrAt(path, f.Line, "%s = %q: expected hex digits", name, f.Value)
		}
		return v.Bytes(), nil
	}
	for _, r := range recs {
		// Key fields come in records of their own (SigGen: n, e[, d];
		// SigVer 186-2: n, then p, q) or inside a SigVer record (e, d).
		for _, name := range []string{"n", "e", "d", "p", "q"} {
			if _, ok := r.Get(name); !ok {
				continue
			}
			v, err := num(r, name)
			if err != nil {
				return nil, err
			}
			switch name {
			case "n":
				bits, err := strconv.Atoi(r.Section["mod"])
				if err != nil {
					return nil, vectors.ErrAt(path, r.Line, "n outside a [mod = bits] section")
				}
				if len(v)*8 != bits {
					f, _ := r.Get("n")
					return nil, vectors.ErrAt(path, f.Line, "n has %d bytes, the section says [mod = %d]", len(v), bits)
				}
				key = RSACase{N: v, ModBits: bits}
			case "e":
				key.E = v
			case "d":
				key.D = v
				if len(v) == 0 {
					key.D = nil
				}
			case "p":
				key.P = v
			case "q":
				key.Q = v
			}
		}
		alg, ok := r.Get("SHAAlg")
		if !ok {
			if !isKeyRecord(r) {
				return nil, vectors.ErrAt(path, r.Line, "expected a key (n, e, d, p, q) or a record starting with SHAAlg, got %s", r.Fields[0].Key)
			}
			continue
		}
		c := key
		c.Hash = rsaHashes[alg.Value]
		if c.Hash == "" {
			return nil, vectors.ErrAt(path, alg.Line, "SHAAlg = %q: expected SHA1, SHA224, SHA256, SHA384 or SHA512", alg.Value)
		}
		if c.N == nil || c.E == nil {
			return nil, vectors.ErrAt(path, r.Line, "a record before its key's n and e")
		}
		// 17 Msg lines of 186-3 SigVer15 (all Result = F) have an odd
		// number of hex digits: a leading 0 digit is restored.
		mf, ok := r.Get("Msg")
		if !ok {
			return nil, vectors.ErrAt(path, r.Line, "record has no \"Msg\" field")
		}
		v := mf.Value
		if len(v)%2 == 1 {
			v = "0" + v
		}
		if c.Msg, err = hex.DecodeString(v); err != nil {
			return nil, vectors.ErrAt(path, mf.Line, "Msg = %q: expected hex digits: %v", mf.Value, err)
		}
		// S is an integer: NIST drops a leading zero digit now and then
		// (odd-length hex); the signature is I2OSP(S, len(n)).
		sl, ok := r.Get("S")
		if !ok {
			return nil, vectors.ErrAt(path, r.Line, "record has no \"S\" field")
		}
		if c.S, err = num(r, "S"); err != nil {
			return nil, err
		}
		if len(c.S) < len(c.N) {
			c.S = append(make([]byte, len(c.N)-len(c.S)), c.S...)
		}
		c.Line = sl.Line
		if sigVer {
			res, ok := r.Get("Result")
			if !ok {
				return nil, vectors.ErrAt(path, r.Line, "SigVer record without a Result line")
			}
			switch {
			case res.Value == "P":
				c.Pass = true
			case strings.HasPrefix(res.Value, "F"):
			default:
				return nil, vectors.ErrAt(path, res.Line, "Result = %q: expected P or F", res.Value)
			}
			c.Line, c.Result = res.Line, res.Value
		} else if len(c.S) != len(c.N) {
			return nil, vectors.ErrAt(path, sl.Line, "S has %d bytes, n %d", len(c.S), len(c.N))
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, vectors.ErrAt(path, 1, "no signature records")
	}
	return out, nil
}

func isKeyRecord(r vectors.Record) bool {
	for _, f := range r.Fields {
		switch f.Key {
		case "n", "e", "d", "p", "q":
		default:
			return false
		}
	}
	return true
}

// MatchRSAPrivate checks that the .txt twin holds the same records (n, e,
// SHAAlg, Msg) as the .rsp file, in order, and copies each record's d into
// cases. S is not compared: the suite checks the .rsp's S on the target, so
// a wrong S is reported at its line, not as a mismatch of the twins.
func MatchRSAPrivate(cases, private []RSACase, rspPath, txtPath string) error {
	if len(cases) != len(private) {
		return vectors.ErrAt(txtPath, 1, "%d records, %s has %d", len(private), rspPath, len(cases))
	}
	for i := range cases {
		a, b := cases[i], private[i]
		if !bytes.Equal(a.N, b.N) || !bytes.Equal(a.E, b.E) || !bytes.Equal(a.Msg, b.Msg) || a.Hash != b.Hash {
			return vectors.ErrAt(txtPath, b.Line, "record differs from %s:%d (n, e, SHAAlg or Msg)", rspPath, a.Line)
		}
		if b.D == nil {
			return vectors.ErrAt(txtPath, b.Line, "no d for this record's key")
		}
		cases[i].D = b.D
	}
	return nil
}

// RSADigest hashes msg with the named hash (the rsa ops take digests).
func RSADigest(hash string, msg []byte) []byte {
	switch hash {
	case "sha1":
		d := sha1.Sum(msg)
		return d[:]
	case "sha224":
		d := sha256.Sum224(msg)
		return d[:]
	case "sha256":
		d := sha256.Sum256(msg)
		return d[:]
	case "sha384":
		d := sha512.Sum384(msg)
		return d[:]
	case "sha512":
		d := sha512.Sum512(msg)
		return d[:]
	}
	panic("vectors: unknown hash " + hash)
}

// Digest is the record's message digest.
func (c RSACase) Digest() []byte { return RSADigest(c.Hash, c.Msg) }
