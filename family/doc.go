// Package family holds nothing but the layout: one folder per algorithm
// family (family/<f>: target code, its levels and ops; family/<f>/<f>test:
// its conformance checks; family/<f>/host: its spec, vector parser and
// suite judging), and family/all/host, which links every host side. Its
// test enforces the boundary around them.
package family
