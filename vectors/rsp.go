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
	Fields  []Field
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
			if cur == nil {
				cur = &Record{File: name, Line: lineNo, Section: copyMap(section)}
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
	b, err := hex.DecodeString(f.Value)
	if err != nil {
		return nil, ErrAt(r.File, f.Line, "%s = %q: expected hex digits: %v", key, f.Value, err)
	}
	return b, nil
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
