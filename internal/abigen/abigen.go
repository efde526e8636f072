// Package abigen derives a gc arch package's ABI kernel table from its
// sources (see cmd/abigen): which functions are kernels, their declared
// frames, their Go signatures, and the trampoline twins that call them.
package abigen

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/arch"
)

// File is one generated file.
type File struct {
	Name string
	Data []byte
}

// Kernel is one kernel of the table.
type Kernel struct {
	Name        string
	File        string // its .s file
	Line        int
	Frame, Args int
	Split       bool
	SelfTest    bool
	NoVector    bool         // riscv64: its file has no vector instruction (vectorFree)
	Params      []*ast.Field // its Go declaration's parameters
	fset        *token.FileSet
	declFile    string
}

var (
	textRE = regexp.MustCompile(`^TEXT\s+·(\w+)\(SB\),\s*(?:([^,$]*),\s*)?\$(-?\d+)-(\d+)`)
	twinRE = regexp.MustCompile(`^abi([A-Z]\w*)$`)
)

// GeneratedName is the file the table's Go half goes to.
func GeneratedName(goarch string) string { return "abi_kernels_" + goarch + ".go" }

// Generate derives the two files for the package in dir (arch/<goarch>).
func Generate(dir string) ([]File, error) {
	goarch := filepath.Base(filepath.Clean(dir))
	if abs, err := filepath.Abs(dir); err == nil {
		goarch = filepath.Base(abs)
	}
	if goarch == "sparc64" {
		return nil, fmt.Errorf("%s: sparc64's table (gccgo, C symbols) is hand-written", dir)
	}
	texts, err := scanAsm(dir, goarch)
	if err != nil {
		return nil, err
	}
	decls, twins, pkg, err := scanGo(dir, goarch)
	if err != nil {
		return nil, err
	}
	var ks []*Kernel
	for name := range twins {
		k, ok := texts[name]
		if !ok {
			continue // a hand-written abiX helper, not a kernel twin
		}
		d, ok := decls[name]
		if !ok {
			return nil, fmt.Errorf("%s:%d: kernel %s is called as abi%s but has no body-less Go declaration", k.File, k.Line, name, upper(name))
		}
		if d.decl.Type.Results != nil && len(d.decl.Type.Results.List) > 0 {
			return nil, fmt.Errorf("%s: kernel %s returns results; the trampoline copies none back (return through a pointer argument)",
				d.fset.Position(d.decl.Pos()), name)
		}
		k.Params = d.decl.Type.Params.List
		k.fset = d.fset
		k.declFile = d.file
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i].File != ks[j].File {
			return ks[i].File < ks[j].File
		}
		return ks[i].Line < ks[j].Line
	})
	goSrc, err := goFile(goarch, pkg, ks)
	if err != nil {
		return nil, err
	}
	return []File{
		{Name: GeneratedName(goarch), Data: goSrc},
		{Name: "abi_kernels_" + goarch + ".s", Data: asmFile(goarch, ks)},
	}, nil
}

// scanAsm reads every TEXT of the package's assembly not built with
// xarch_planted.
func scanAsm(dir, goarch string) (map[string]*Kernel, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.s"))
	if err != nil {
		return nil, err
	}
	out := map[string]*Kernel{}
	for _, path := range files {
		b, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(string(b), "\n")
		if strings.Contains(lines[0], "xarch_planted") {
			continue
		}
		f := filepath.Base(path)
		noV := goarch == "riscv64" && vectorFree(lines)
		for i, ln := range lines {
			m := textRE.FindStringSubmatch(ln)
			if m == nil {
				continue
			}
			frame, _ := strconv.Atoi(m[3])
			args, _ := strconv.Atoi(m[4])
			out[m[1]] = &Kernel{Name: m[1], File: f, Line: i + 1, Frame: frame, Args: args,
				Split: arch.SplitFrame(goarch, m[2], frame), SelfTest: strings.HasPrefix(f, "abi_selftest_"), NoVector: noV}
		}
	}
	return out, nil
}

var (
	vMnemonicRE = regexp.MustCompile(`\bV[A-Z][A-Z0-9]*\b`) // V0-V31 are not: a register operand alone needs a V instruction
	wordRE      = regexp.MustCompile(`\bWORD\s+\$(0x[0-9a-fA-F]+|\d+)`)
)

// vectorFree reports whether a riscv64 assembly file (macros included)
// holds no vector instruction: no V mnemonic, no WORD whose major opcode
// is OP-V, OP-VE (the vector crypto) or a vector load or store, and no #include that might (but
// textflag.h and go_asm.h). Its
// kernels cannot read V0-V31, vtype or vl, so the trampoline leaves those
// alone for them (restoring vtype cost a qemu retranslation per call).
func vectorFree(lines []string) bool {
	for _, ln := range lines {
		code := ln
		if i := strings.Index(code, "//"); i >= 0 {
			code = code[:i]
		}
		inc := strings.TrimSpace(code)
		if strings.HasPrefix(inc, "#include") && inc != `#include "textflag.h"` && inc != `#include "go_asm.h"` {
			return false
		}
		if vMnemonicRE.MatchString(code) {
			return false
		}
		for _, m := range wordRE.FindAllStringSubmatch(code, -1) {
			w, err := strconv.ParseUint(m[1], 0, 32)
			if err != nil {
				return false
			}
			op, width := w&0x7f, w>>12&7
			if op == 0x57 || op == 0x77 || ((op == 0x07 || op == 0x27) && (width == 0 || width >= 5)) {
				return false
			}
		}
	}
	return true
}

type goDecl struct {
	decl *ast.FuncDecl
	fset *token.FileSet
	file string
}

// scanGo finds the body-less declarations and the abiX names called in the
// package's Go files (tests included: the self-tests are called there; the
// generated file itself excluded, so a kernel no call site wants drops out).
func scanGo(dir, goarch string) (map[string]goDecl, map[string]bool, string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, nil, "", err
	}
	decls := map[string]goDecl{}
	twins := map[string]bool{}
	pkg := ""
	fset := token.NewFileSet()
	for _, path := range files {
		base := filepath.Base(path)
		if base == GeneratedName(goarch) {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return nil, nil, "", err
		}
		if !strings.HasSuffix(base, "_test.go") {
			pkg = f.Name.Name
		}
		planted := len(f.Comments) > 0 && strings.Contains(f.Comments[0].Text(), "xarch_planted") ||
			bytes.Contains(firstLine(path), []byte("xarch_planted"))
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				if n.Body == nil && n.Recv == nil && !planted && !strings.HasSuffix(base, "_test.go") {
					decls[n.Name.Name] = goDecl{decl: n, fset: fset, file: base}
				}
			case *ast.Ident: // a call or a func value (the self-tests)
				if m := twinRE.FindStringSubmatch(n.Name); m != nil {
					twins[lower(m[1])] = true
				}
			}
			return true
		})
	}
	if pkg == "" {
		return nil, nil, "", fmt.Errorf("%s: no Go package", dir)
	}
	return decls, twins, pkg, nil
}

func firstLine(path string) []byte {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i]
	}
	return b
}

func upper(s string) string { return strings.ToUpper(s[:1]) + s[1:] }
func lower(s string) string { return strings.ToLower(s[:1]) + s[1:] }

func goFile(goarch, pkg string, ks []*Kernel) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by cmd/abigen from this package's sources; DO NOT EDIT.
// Regenerate with: go generate ./arch/%[1]s

//go:build gc

package %[2]s

import (
	"unsafe"

	"github.com/xarchlab/xarch/arch"
)

// The kernel table of the ABI trampoline (ARCHITECTURE.md, "ABI
// conformance"): every assembly kernel of this package with its declared
// frame and argument size (the TEXT line's $frame-args), in the order of
// abiEntries in abi_kernels_%[1]s.s, and for each kernel x a function
// abiX that calls it through the trampoline, its arguments laid out as
// ABI0 passes them (a struct of the parameters). Every call of a kernel is
//
//	if arch.ABICheck {
//		abiX(args)
//	} else {
//		x(args)
//	}
//
// with the same arguments, so the unchecked path costs one test of a bool.
// abi_%[1]s_test.go checks all of it against the .s and .go files.
var abiKernelTable = []*arch.ABIKernel{
`, goarch, pkg)
	for _, k := range ks {
		fmt.Fprintf(&b, "\tk%s,\n", upper(k.Name))
	}
	b.WriteString("}\n")
	for _, k := range ks {
		var extra string
		if k.Split {
			extra += ", Split: true"
		}
		if k.SelfTest {
			extra += ", SelfTest: true"
		}
		if k.NoVector {
			extra += ", NoVector: true"
		}
		fmt.Fprintf(&b, "\n// %s: %s, $%d-%d.\nvar k%s = &arch.ABIKernel{Name: %q, Frame: %d, Args: %d%s}\n",
			k.Name, k.File, k.Frame, k.Args, upper(k.Name), k.Name, k.Frame, k.Args, extra)
		var params, fields, names []string
		n := 0
		for _, p := range k.Params {
			var typ bytes.Buffer
			if err := printer.Fprint(&typ, k.fset, p.Type); err != nil {
				return nil, err
			}
			var ns []string
			if len(p.Names) == 0 {
				ns = []string{fmt.Sprintf("a%d", n)}
			}
			for _, id := range p.Names {
				nm := id.Name
				if nm == "_" || nm == "args" {
					nm = fmt.Sprintf("a%d", n)
				}
				ns = append(ns, nm)
			}
			n += len(ns)
			params = append(params, strings.Join(ns, ", ")+" "+typ.String())
			fields = append(fields, "\t\t"+strings.Join(ns, ", ")+" "+typ.String()+"\n")
			names = append(names, ns...)
		}
		fmt.Fprintf(&b, "\nfunc abi%s(%s) {\n\targs := struct {\n%s\t}{%s}\n\tabiCall(k%s, unsafe.Pointer(&args), unsafe.Sizeof(args))\n}\n",
			upper(k.Name), strings.Join(params, ", "), strings.Join(fields, ""), strings.Join(names, ", "), upper(k.Name))
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generated Go does not parse: %v\n%s", err, b.Bytes())
	}
	return out, nil
}

func asmFile(goarch string, ks []*Kernel) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `// Code generated by cmd/abigen from this package's sources; DO NOT EDIT.
// Regenerate with: go generate ./arch/%[1]s

//go:build gc

#include "textflag.h"

// The ABI0 entry of every kernel of abiKernelTable (abi_kernels_%[1]s.go),
// in its order: $·name(SB) in assembly is the ABI0 symbol itself, not the
// ABIInternal wrapper a Go func value would give. abiEntryTable
// (abi_%[1]s.s) returns its address.
`, goarch)
	for i, k := range ks {
		fmt.Fprintf(&b, "DATA ·abiEntries+%d(SB)/8, $·%s(SB)\n", 8*i, k.Name)
	}
	size := 8 * len(ks)
	if size == 0 {
		size = 8
	}
	fmt.Fprintf(&b, "GLOBL ·abiEntries(SB), RODATA, $%d\n", size)
	return b.Bytes()
}
