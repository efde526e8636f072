// Package shell spells arguments for the repro lines xarch prints, so that
// a POSIX shell reads each one back as the same bytes.
package shell

import "strings"

// Quote returns s as one shell word: unchanged when every byte is one a
// shell never interprets, else in single quotes, inside which sh reads
// every byte literally (newlines and non-UTF-8 bytes included) except the
// quote itself, which is closed, escaped and reopened. A NUL byte
// cannot be in an argument at all.
func Quote(s string) string {
	if s != "" && plain(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Join quotes each word and joins them with spaces.
func Join(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = Quote(w)
	}
	return strings.Join(q, " ")
}

// plain: letters, digits and punctuation no shell treats specially
// anywhere in a word (not ~ or # either, which matter at its start).
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("_-+=.,/:@%", c) >= 0:
		default:
			return false
		}
	}
	return true
}
