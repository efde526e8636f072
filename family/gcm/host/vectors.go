package host

import (
	"path/filepath"
	"strconv"

	"github.com/xarchlab/xarch/vectors"
)

// GCMVS files (SP 800-38D validation): gcmEncryptExtIV{128,192,256}.rsp
// (Key, IV, PT, AAD -> CT, Tag) and gcmDecrypt{...}.rsp (Key, IV, CT, AAD,
// Tag -> PT, or a bare FAIL line when authentication must fail).

// GCMFile is one GCMVS file.
type GCMFile struct {
	Path    string // relative to the vectors directory
	Decrypt bool
	KeyBits int
}

// GCMFiles lists the vendored GCMVS files.
func GCMFiles() []GCMFile {
	var out []GCMFile
	for _, bits := range []int{128, 192, 256} {
		b := map[int]string{128: "128", 192: "192", 256: "256"}[bits]
		out = append(out,
			GCMFile{Path: filepath.Join("nist", "gcm", "gcmEncryptExtIV"+b+".rsp"), KeyBits: bits},
			GCMFile{Path: filepath.Join("nist", "gcm", "gcmDecrypt"+b+".rsp"), Decrypt: true, KeyBits: bits})
	}
	return out
}

// GCMCase is one record. For decryption, Fail means the file expects
// authentication to fail (no PT line); Line is the line of the expected
// answer (the PT, FAIL or, for encryption, Tag line), where a wrong
// answer is reported.
type GCMCase struct {
	Line                      int
	Decrypt, Fail             bool
	Key, IV, AAD, PT, CT, Tag []byte
}

// LoadGCM parses a GCMVS file. Every record must carry Key, IV, AAD and
// Tag of the lengths its section declares, and CT and PT (or FAIL) as the
// direction requires.
func LoadGCM(path string, decrypt bool) ([]GCMCase, error) {
	recs, err := vectors.ParseFile(path)
	if err != nil {
		return nil, err
	}
	if err := vectors.CheckCounts(recs, "Count"); err != nil {
		return nil, err
	}
	var out []GCMCase
	for _, r := range recs {
		if _, ok := r.Get("Count"); !ok {
			return nil, vectors.ErrAt(path, r.Line, "expected a record starting with Count =, got %s", r.Fields[0].Key)
		}
		c := GCMCase{Decrypt: decrypt}
		for _, k := range []struct {
			name string
			dst  *[]byte
		}{{"Key", &c.Key}, {"IV", &c.IV}, {"AAD", &c.AAD}, {"Tag", &c.Tag}} {
			if *k.dst, err = r.Hex(k.name); err != nil {
				return nil, err
			}
		}
		for _, k := range []struct {
			name, section string
			v             []byte
		}{{"Key", "Keylen", c.Key}, {"IV", "IVlen", c.IV}, {"AAD", "AADlen", c.AAD}, {"Tag", "Taglen", c.Tag}} {
			if bits, ok := r.Section[k.section]; ok && bits != strconv.Itoa(8*len(k.v)) {
				f, _ := r.Get(k.name)
				return nil, vectors.ErrAt(path, f.Line, "%s is %d bits, the section says [%s = %s]", k.name, 8*len(k.v), k.section, bits)
			}
		}
		if c.CT, err = r.Hex("CT"); err != nil {
			return nil, err
		}
		fail, hasFail := r.Get("FAIL")
		pt, hasPT := r.Get("PT")
		switch {
		case decrypt && hasFail && hasPT:
			return nil, vectors.ErrAt(path, fail.Line, "a record has both PT and FAIL")
		case decrypt && hasFail:
			c.Fail, c.Line = true, fail.Line
		case !hasPT:
			return nil, vectors.ErrAt(path, r.Line, "expected a PT = line%s", map[bool]string{true: " or FAIL", false: ""}[decrypt])
		default:
			if c.PT, err = r.Hex("PT"); err != nil {
				return nil, err
			}
			c.Line = pt.Line
		}
		if !decrypt {
			tag, _ := r.Get("Tag")
			c.Line = tag.Line
		}
		if !c.Fail && len(c.PT) != len(c.CT) {
			return nil, vectors.ErrAt(path, c.Line, "PT is %d bytes, CT %d", len(c.PT), len(c.CT))
		}
		for _, f := range r.Fields {
			switch f.Key {
			case "Count", "Key", "IV", "AAD", "Tag", "CT", "PT", "FAIL":
			default:
				return nil, vectors.ErrAt(path, f.Line, "unexpected field %q in a GCM record", f.Key)
			}
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, vectors.ErrAt(path, 1, "no GCM records")
	}
	return out, nil
}
