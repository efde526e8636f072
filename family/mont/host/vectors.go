package host

import (
	"bytes"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"math/big"
	"os"
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
	// Minimal: the file prints S and Msg as integers, without their
	// leading zero digits (NIST's 186-3 SigVer15: 17 S and 17 Msg of odd
	// length, one S and two Msg a whole byte short, all F records but one,
	// in a 270-record file). Every other file prints them at full width.
	// Granted only to a byte-for-byte copy (minimalForm).
	Minimal bool
}

// RSAFiles lists the vendored RSA files the suite runs (the .txt twins are
// read through their .rsp file).
func RSAFiles() []RSAFile {
	d2, d3 := filepath.Join("nist", "rsa", "186-2"), filepath.Join("nist", "rsa", "186-3")
	return []RSAFile{
		{Path: filepath.Join(d2, "SigGen15_186-2.rsp"), Private: filepath.Join(d2, "SigGen15_186-2.txt")},
		{Path: filepath.Join(d2, "SigGen15_186-3.rsp")},
		{Path: filepath.Join(d3, "SigGen15_186-3.rsp"), Private: filepath.Join(d3, "SigGen15_186-3.txt")},
		{Path: filepath.Join(KATDir, KATSigGen), Private: filepath.Join(KATDir, KATSigGenPrivate)},
		{Path: filepath.Join(d2, "SigVer15_186-3.rsp"), SigVer: true},
		{Path: filepath.Join(d3, "SigVer15_186-3.rsp"), SigVer: true, Minimal: true},
		{Path: filepath.Join(KATDir, KATSigVer), SigVer: true},
	}
}

// minimalForm reports whether path is a file declared Minimal, by its
// path below a vectors directory and its bytes: only a byte-for-byte copy
// of the vendored file (the manifest's sha256) may write S and Msg short,
// so a digit dropped anywhere in an edited copy is an error, not a
// dropped leading zero.
func minimalForm(path string) (bool, error) {
	p := filepath.ToSlash(path)
	for _, f := range RSAFiles() {
		if !f.Minimal || (p != filepath.ToSlash(f.Path) && !strings.HasSuffix(p, "/"+filepath.ToSlash(f.Path))) {
			continue
		}
		m, err := vectors.Manifest()
		if err != nil {
			return false, err
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return false, err
		}
		sum := sha256.Sum256(raw)
		return hex.EncodeToString(sum[:]) == m[filepath.ToSlash(f.Path)].SHA256, nil
	}
	return false, nil
}

// RSACase is one signature record with the key in force.
type RSACase struct {
	// S is len(n) bytes (rsaS). Line is where the expected answer is: the
	// S line of a SigGen record, the Result line of a SigVer record.
	Line    int
	ModBits int
	N, E    []byte // minimal big-endian (no leading zero bytes)
	D       []byte // nil when the file does not give it (or gives 0)
	P, Q    []byte // nil unless the file gives them
	Hash    string // sha1, sha224, sha256, sha384, sha512, sha512-224, sha512-256
	Msg, S  []byte
	Pass    bool   // SigVer: Result = P
	Result  string // SigVer: the Result line's text
}

// rsaHashes maps SHAAlg values to the op's hash names.
var rsaHashes = map[string]string{"SHA1": "sha1", "SHA224": "sha224", "SHA256": "sha256", "SHA384": "sha384", "SHA512": "sha512",
	"SHA512_224": "sha512-224", "SHA512_256": "sha512-256"}

// hexInt reads an integer field (n, e, d, p, q): hex digits only, at
// least one (no sign, no prefix); its minimal big-endian bytes.
func hexInt(path string, f vectors.Field, name string) ([]byte, error) {
	if f.Value == "" || strings.Trim(f.Value, "0123456789abcdefABCDEF") != "" {
		return nil, vectors.ErrAt(path, f.Line, "%s = %q: expected an integer in hex digits", name, f.Value)
	}
	v, _ := new(big.Int).SetString(f.Value, 16)
	return v.Bytes(), nil
}

// rsaS reads S, the integer I2OSP(S, k) for a k-byte modulus. The rule:
// S has exactly 2k hex digits; in a Minimal file it may have fewer, which
// are then the integer without its leading zero digits, so its first digit
// is not 0, and it is left-padded with zeros to k bytes. A short S in a
// full-width file (a digit lost anywhere), a short S starting with 0, and
// an S longer than the modulus are errors. Syntax alone cannot tell a digit
// lost inside a short S from a dropped leading zero, so only the vendored
// Minimal file's exact bytes get the short form (minimalForm).
func rsaS(path string, f vectors.Field, k int, minimal bool) ([]byte, error) {
	v := f.Value
	if v == "" || strings.Trim(v, "0123456789abcdefABCDEF") != "" {
		return nil, vectors.ErrAt(path, f.Line, "S = %s: expected hex digits", shortHex(v))
	}
	switch {
	case len(v) > 2*k:
		return nil, vectors.ErrAt(path, f.Line, "S = %s: %d hex digits, longer than the modulus (%d bytes, %d digits)", shortHex(v), len(v), k, 2*k)
	case len(v) < 2*k && !minimal:
		return nil, vectors.ErrAt(path, f.Line, "S = %s: %d hex digits%s, the modulus has %d: this file writes S at full width (a digit lost?)", shortHex(v), len(v), oddNote(v), 2*k)
	case len(v) < 2*k && v[0] == '0':
		return nil, vectors.ErrAt(path, f.Line, "S = %s: shorter than the modulus (%d of %d digits) but with a leading 0: NIST drops every leading zero or none", shortHex(v), len(v), 2*k)
	}
	return hex.DecodeString(strings.Repeat("0", 2*k-len(v)) + v)
}

// shortHex keeps a long value readable in a message.
func shortHex(v string) string {
	if len(v) > 40 {
		return v[:16] + "..." + v[len(v)-16:]
	}
	return v
}

func oddNote(v string) string {
	if len(v)%2 == 1 {
		return " (odd number of digits)"
	}
	return ""
}

// rsaMsg reads Msg, a byte string: two hex digits per byte. In a Minimal
// file a Msg shorter than the longest of its section (NIST's messages have
// one length per file) is the integer without its leading zero digits: its
// first digit is not 0, and it is left-padded to that length.
func rsaMsg(path string, f vectors.Field, width int, minimal bool) ([]byte, error) {
	v := f.Value
	if minimal && len(v) < width && v != "" {
		if v[0] == '0' {
			return nil, vectors.ErrAt(path, f.Line, "Msg = %s: shorter than the section's messages (%d of %d digits) but with a leading 0: NIST drops every leading zero or none", shortHex(v), len(v), width)
		}
		v = strings.Repeat("0", width-len(v)) + v
	}
	return vectors.HexField(path, vectors.Field{Key: f.Key, Value: v, Line: f.Line}, "Msg")
}

// LoadRSA parses a SigGen15 or SigVer15 file (.rsp or .txt).
func LoadRSA(path string, sigVer bool) ([]RSACase, error) {
	recs, err := vectors.ParseFile(path)
	if err != nil {
		return nil, err
	}
	minimal, err := minimalForm(path)
	if err != nil {
		return nil, err
	}
	msgWidth := map[int]int{} // per section: the longest Msg, in digits
	for _, r := range recs {
		if f, ok := r.Get("Msg"); ok && len(f.Value) > msgWidth[r.Header] {
			msgWidth[r.Header] = len(f.Value)
		}
	}
	var out []RSACase
	var key RSACase // n, e, d, p, q in force
	for _, r := range recs {
		// Key fields come in records of their own (SigGen: n, e[, d];
		// SigVer 186-2: n, then p, q) or inside a SigVer record (e, d).
		for _, name := range []string{"n", "e", "d", "p", "q"} {
			f, ok := r.Get(name)
			if !ok {
				continue
			}
			v, err := hexInt(path, f, name)
			if err != nil {
				return nil, err
			}
			switch name {
			case "n":
				bits, err := strconv.Atoi(r.Section["mod"])
				if err != nil {
					return nil, vectors.ErrAt(path, r.Line, "n outside a [mod = bits] section")
				}
				// n is written at full width, its top bit set.
				if len(f.Value)*4 != bits || len(v)*8 != bits {
					return nil, vectors.ErrAt(path, f.Line, "n has %d hex digits (%d bytes as an integer), the section says [mod = %d]: %d digits", len(f.Value), len(v), bits, bits/4)
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
		if key.P != nil && key.Q != nil && key.N != nil {
			if n := new(big.Int).Mul(new(big.Int).SetBytes(key.P), new(big.Int).SetBytes(key.Q)); !bytes.Equal(n.Bytes(), key.N) {
				return nil, vectors.ErrAt(path, r.Line, "p*q is not the n in force")
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
			return nil, vectors.ErrAt(path, alg.Line, "SHAAlg = %q: expected SHA1, SHA224, SHA256, SHA384, SHA512, SHA512_224 or SHA512_256", alg.Value)
		}
		if c.N == nil || c.E == nil {
			return nil, vectors.ErrAt(path, r.Line, "a record before its key's n and e")
		}
		mf, ok := r.Get("Msg")
		if !ok {
			return nil, vectors.ErrAt(path, r.Line, "record has no \"Msg\" field")
		}
		if c.Msg, err = rsaMsg(path, mf, msgWidth[r.Header], minimal); err != nil {
			return nil, err
		}
		sl, ok := r.Get("S")
		if !ok {
			return nil, vectors.ErrAt(path, r.Line, "record has no \"S\" field")
		}
		if c.S, err = rsaS(path, sl, len(c.N), minimal); err != nil {
			return nil, err
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
	case "sha512-224":
		d := sha512.Sum512_224(msg)
		return d[:]
	case "sha512-256":
		d := sha512.Sum512_256(msg)
		return d[:]
	}
	panic("vectors: unknown hash " + hash)
}

// Digest is the record's message digest.
func (c RSACase) Digest() []byte { return RSADigest(c.Hash, c.Msg) }
