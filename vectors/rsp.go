// Package vectors holds the NIST CAVP files xarch checks kernels against
// (under nist/, vendored with PROVENANCE.md) and their parsers. Parse errors
// name file:line and what was expected.
package vectors

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Field is one "key = value" line (or a bare word such as GCM's FAIL).
type Field struct {
	Key, Value string
	Line       int
}

// Record is a blank-line separated group of fields, with the bracketed
// section headers ("[L = 32]", "[ENCRYPT]") in force where it starts.
type Record struct {
	File    string
	Line    int // line of its first field
	Section map[string]string
	// Header is the line of the group of section headers in force (the
	// first of consecutive "[...]" lines), 0 before any: records with the
	// same Header are one section.
	Header int
	Fields []Field
}

// Get returns the field named key, if present.
func (r Record) Get(key string) (Field, bool) {
	for _, f := range r.Fields {
		if f.Key == key {
			return f, true
		}
	}
	return Field{}, false
}

// Error is a parse or validation error at a place in a vector file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg) }

// ErrAt is the error of one line of a vector file (file:line: message).
func ErrAt(file string, line int, format string, args ...interface{}) error {
	return &Error{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// ParseFile reads a CAVP .rsp file.
func ParseFile(path string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(path, f)
}

// Parse reads CAVP response syntax: '#' comments, "[name = value]" or
// "[NAME]" section headers, "key = value" fields, bare words, blank lines
// between records. CRLF and LF line endings are both accepted.
func Parse(name string, r io.Reader) ([]Record, error) {
	var (
		out     []Record
		cur     *Record
		section = map[string]string{}
		lineNo  int
		header  int  // first line of the header group in force
		inHdr   bool // the last non-blank, non-comment line was a header
	)
	flush := func() {
		if cur != nil && len(cur.Fields) > 0 {
			out = append(out, *cur)
		}
		cur = nil
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for sc.Scan() {
		lineNo++
		line := strings.TrimSpace(strings.TrimSuffix(sc.Text(), "\r"))
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			if !inHdr {
				header = lineNo
			}
			inHdr = true
			if !strings.HasSuffix(line, "]") {
				return nil, ErrAt(name, lineNo, "expected a section header \"[name = value]\" closed by ']', got %q", line)
			}
			flush()
			inner := strings.TrimSpace(line[1 : len(line)-1])
			if k, v, ok := cut(inner, "="); ok {
				section[k] = v
			} else {
				section[inner] = ""
			}
		default:
			inHdr = false
			if cur == nil {
				cur = &Record{File: name, Line: lineNo, Section: copyMap(section), Header: header}
			}
			key, v, ok := cut(line, "=")
			if !ok && isWord(line) {
				key, v, ok = line, "", true
			}
			if ok {
				if key == "" {
					return nil, ErrAt(name, lineNo, "expected \"key = value\", got %q (empty key)", line)
				}
				if prev, dup := cur.Get(key); dup {
					// Records are separated by blank lines; without one two
					// records would merge and one of them would be lost.
					return nil, ErrAt(name, lineNo, "%s repeated in the record that starts at line %d (first at line %d): a missing blank line between records?", key, cur.Line, prev.Line)
				}
				cur.Fields = append(cur.Fields, Field{Key: key, Value: v, Line: lineNo})
			} else {
				return nil, ErrAt(name, lineNo, "expected \"key = value\", a [section], a # comment or a blank line, got %q", line)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, ErrAt(name, lineNo+1, "read error: %v", err)
	}
	flush()
	return out, nil
}

func cut(s, sep string) (string, string, bool) {
	i := strings.Index(s, sep)
	if i < 0 {
		return "", "", false
	}
	return strings.TrimSpace(s[:i]), strings.TrimSpace(s[i+len(sep):]), true
}

func isWord(s string) bool {
	for _, c := range s {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func copyMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// Hex decodes a field as hex, naming the place on error.
func (r Record) Hex(key string) ([]byte, error) {
	f, ok := r.Get(key)
	if !ok {
		return nil, ErrAt(r.File, r.Line, "record has no %q field (expected \"%s = <hex>\")", key, key)
	}
	return HexField(r.File, f, key)
}

// HexField decodes a byte-string field strictly: hex digits only, two per
// byte (an odd count is an error, never a padded or truncated value).
func HexField(file string, f Field, key string) ([]byte, error) {
	if i := strings.IndexFunc(f.Value, func(c rune) bool { return !isHexDigit(c) }); i >= 0 {
		return nil, ErrAt(file, f.Line, "%s = %q: expected hex digits, got %q at position %d", key, short(f.Value), f.Value[i], i+1)
	}
	if len(f.Value)%2 == 1 {
		return nil, ErrAt(file, f.Line, "%s = %q: odd number of hex digits (%d); a byte string has two per byte", key, short(f.Value), len(f.Value))
	}
	b, err := hex.DecodeString(f.Value)
	if err != nil {
		return nil, ErrAt(file, f.Line, "%s = %q: %v", key, short(f.Value), err)
	}
	return b, nil
}

func isHexDigit(c rune) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// short keeps a long value readable in a message.
func short(v string) string {
	if len(v) > 40 {
		return v[:16] + "..." + v[len(v)-16:]
	}
	return v
}

// CheckCounts checks the file's own count of records, where the format
// gives one: in each section the key (COUNT, Count) runs 0, 1, ... n-1,
// and every section holds as many records as the first one (CAVS writes
// the same number per section: 15 per GCMVS section, as many decryptions
// as encryptions in AESVS). Records without the key (a Monte seed) are
// not counted. A gap, a repeat or a short section is an error at file:line,
// so a file cut at a record boundary, or one missing a record, is noticed.
func CheckCounts(recs []Record, key string) error {
	type sec struct{ header, n, last int }
	var secs []sec
	for _, r := range recs {
		f, ok := r.Get(key)
		if !ok {
			continue
		}
		if len(secs) == 0 || secs[len(secs)-1].header != r.Header {
			secs = append(secs, sec{header: r.Header})
		}
		s := &secs[len(secs)-1]
		n, err := r.Int(key)
		if err != nil {
			return err
		}
		if n != s.n {
			return ErrAt(r.File, f.Line, "%s = %d: expected %s = %d (%s runs 0, 1, ... in each section; a record missing or repeated?)", key, n, key, s.n, key)
		}
		s.n++
		s.last = f.Line
	}
	for _, s := range secs[1:] {
		if s.n != secs[0].n {
			return ErrAt(recs[0].File, s.last, "the section at line %d has %d records (%s = 0..%d), the section at line %d has %d: a file cut short or a record lost?", s.header, s.n, key, s.n-1, secs[0].header, secs[0].n)
		}
	}
	return nil
}

// Int decodes a field as a decimal integer, naming the place on error.
func (r Record) Int(key string) (int, error) {
	f, ok := r.Get(key)
	if !ok {
		return 0, ErrAt(r.File, r.Line, "record has no %q field (expected \"%s = <decimal>\")", key, key)
	}
	n, err := strconv.Atoi(f.Value)
	if err != nil || n < 0 {
		return 0, ErrAt(r.File, f.Line, "%s = %q: expected a non-negative decimal integer", key, f.Value)
	}
	return n, nil
}
