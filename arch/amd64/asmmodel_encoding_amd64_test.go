//go:build amd64 && gc

package amd64

// The model reads Go's operand order; the Go assembler encodes it. This
// test checks that both read every VEX/EVEX instruction the same way, with
// a third party: GNU objdump disassembles this test binary (which links
// the kernels) in Intel syntax, and each V*/K* instruction of every TEXT
// block the model knows must match the model's own reading, mnemonic,
// destination (with its opmask and zeroing), sources and immediate, in the
// same order. It is what stands between the model and a misread operand
// order for the instructions no CPU here can run.

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

const pkgSym = "github.com/xarchlab/xarch/arch/amd64."

// intelReg names a register as objdump does (32-bit names for the GPR of
// KMOV*).
func intelReg(r asmReg, gpr32 bool) string {
	switch r.class {
	case rcX:
		return fmt.Sprintf("xmm%d", r.n)
	case rcY:
		return fmt.Sprintf("ymm%d", r.n)
	case rcZ:
		return fmt.Sprintf("zmm%d", r.n)
	case rcK:
		return fmt.Sprintf("k%d", r.n)
	}
	n64 := []string{"rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15"}
	if !gpr32 {
		return n64[r.n]
	}
	if r.n >= 8 {
		return n64[r.n] + "d"
	}
	return "e" + n64[r.n][1:]
}

// intelMem renders a memory operand as "[base+index*s+0xd]" or "<sym+0xd>".
func intelMem(o asmOperand) string {
	if o.memKind == memSB {
		if o.disp == 0 {
			return "<" + o.sym + ">"
		}
		return fmt.Sprintf("<%s+%#x>", o.sym, o.disp)
	}
	s := intelReg(o.base, false)
	if o.hasIndex {
		s += fmt.Sprintf("+%s*%d", intelReg(o.index, false), o.scale)
	}
	return fmt.Sprintf("[%s%+#x]", s, o.disp)
}

// clmulAlias: objdump's names for VPCLMULQDQ's four selectors; VPCMPUQ's.
var (
	clmulAlias = map[int64]string{0x00: "lqlq", 0x01: "hqlq", 0x10: "lqhq", 0x11: "hqhq"}
	cmpAlias   = map[int64]string{0: "eq", 1: "lt", 2: "le", 4: "neq", 5: "nlt", 6: "nle"}
)

// expectIntel is the model's reading of one instruction in objdump's form.
func expectIntel(in *asmInsn) (string, []string) {
	mn := strings.ToLower(baseOp(in.op))
	args := in.args
	var imm *int64
	if len(args) > 0 && args[0].kind == opImm {
		v := args[0].imm & 0xff
		imm, args = &v, args[1:]
	}
	mask := ""
	if len(args) >= 2 && args[len(args)-2].isReg(rcK) && !strings.HasPrefix(mn, "k") {
		mask = fmt.Sprintf("{k%d}", args[len(args)-2].reg.n)
		args = append(append([]asmOperand(nil), args[:len(args)-2]...), args[len(args)-1])
		if strings.HasSuffix(in.op, ".Z") {
			mask += "{z}"
		}
	}
	gpr32 := strings.HasPrefix(mn, "kmov") && mn != "kmovq"
	var ops []string
	for i := len(args) - 1; i >= 0; i-- {
		a := args[i]
		var s string
		switch a.kind {
		case opReg:
			s = intelReg(a.reg, gpr32)
		case opMem:
			s = intelMem(a)
		default:
			s = a.text
		}
		if i == len(args)-1 {
			s += mask
		}
		ops = append(ops, s)
	}
	switch {
	case mn == "vpclmulqdq" && imm != nil:
		mn, imm = "vpclmul"+clmulAlias[*imm]+"dq", nil
	case mn == "vpcmpuq" && imm != nil && cmpAlias[*imm] != "":
		mn, imm = "vpcmp"+cmpAlias[*imm]+"uq", nil
	}
	if imm != nil {
		ops = append(ops, fmt.Sprintf("%#x", *imm))
	}
	return mn, ops
}

var (
	objLine  = regexp.MustCompile(`^\s*[0-9a-f]+:\s+(\S+)\s*(.*)$`)
	objFunc  = regexp.MustCompile(`^[0-9a-f]+ <(.*)>:$`)
	objPtr   = regexp.MustCompile(`[A-Z]+ PTR `)
	objRip   = regexp.MustCompile(`\[rip[+-]0x[0-9a-f]+\]`)
	objSym   = regexp.MustCompile(`#\s*[0-9a-f]+ <([^>]*)>`)
	objSymHx = regexp.MustCompile(`^(.*)\+(0x[0-9a-f]+)$`)
)

// normalizeObj turns objdump's operand text into expectIntel's form.
func normalizeObj(mn, rest string) (string, []string) {
	sym := ""
	if m := objSym.FindStringSubmatch(rest); m != nil {
		sym = m[1]
		if k := strings.Index(rest, "#"); k >= 0 {
			rest = strings.TrimSpace(rest[:k])
		}
	}
	rest = objPtr.ReplaceAllString(rest, "")
	if sym != "" {
		s := sym
		if m := objSymHx.FindStringSubmatch(sym); m != nil {
			v, _ := strconv.ParseInt(m[2], 0, 64)
			s = fmt.Sprintf("%s+%#x", m[1], v)
		}
		rest = objRip.ReplaceAllString(rest, "<"+s+">")
	}
	var ops []string
	if rest != "" {
		for _, o := range strings.Split(rest, ",") {
			o = strings.TrimSpace(o)
			// [rax] -> [rax+0x0]; [r13+0x0] stays; -0x8 stays.
			if strings.HasPrefix(o, "[") {
				end := strings.Index(o, "]")
				inner, tail := o[1:end], o[end+1:]
				if !strings.ContainsAny(inner[strings.LastIndexAny(inner, "+-")+1:], "x") || !strings.Contains(inner, "0x") {
					inner += "+0x0"
				}
				o = "[" + inner + "]" + tail
			}
			ops = append(ops, o)
		}
	}
	return mn, ops
}

func TestAsmModelEncoding(t *testing.T) {
	if os.Getenv("XARCH_EMULATED") != "" {
		t.Skip("under emulation: the assembler's encoding is the same as natively, where go test ./arch/amd64/ checks it")
	}
	od, err := exec.LookPath("objdump")
	if err != nil {
		t.Skip("GNU objdump not found: the assembler's encoding of the EVEX kernels is not cross-checked (install binutils)")
	}
	// `go test` strips the binary it runs; build one with symbols.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot build a test binary with symbols to disassemble")
	}
	exe := filepath.Join(t.TempDir(), "amd64.test")
	if msg, err := exec.Command(goTool, "test", "-c", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go test -c: %v\n%s", err, msg)
	}
	out, err := exec.Command(od, "-d", "--no-show-raw-insn", "-M", "intel", exe).Output()
	if err != nil {
		t.Fatalf("objdump failed on %s: %v", exe, err)
	}
	dis := map[string][][2]string{} // function -> its V*/K* lines (mnemonic, operands)
	cur := ""
	for _, line := range strings.Split(string(out), "\n") {
		if m := objFunc.FindStringSubmatch(line); m != nil {
			cur = ""
			if strings.HasPrefix(m[1], pkgSym) && strings.HasSuffix(m[1], ".abi0") {
				cur = strings.TrimSuffix(strings.TrimPrefix(m[1], pkgSym), ".abi0")
			}
			continue
		}
		if cur == "" {
			continue
		}
		if m := objLine.FindStringSubmatch(line); m != nil && (m[1][0] == 'v' || m[1][0] == 'k') {
			dis[cur] = append(dis[cur], [2]string{m[1], strings.TrimSpace(m[2])})
		}
	}
	if len(dis) == 0 {
		t.Fatalf("objdump listed no function of this package in %s", exe)
	}
	checked := 0
	for _, file := range []string{asmGCMNI, asmGCMV256, asmGCMV512, asmGCMProbe, asmAESNI, asmAESV512} {
		p := mustAsm(t, file)
		for name, fn := range p.funcs {
			var model []*asmInsn
			for _, in := range fn.insns {
				if c := in.op[0]; c == 'V' || c == 'K' {
					model = append(model, in)
				}
			}
			got := dis[name]
			if len(model) != len(got) {
				t.Errorf("%s %s: the model reads %d VEX/EVEX instructions, the binary has %d", file, name, len(model), len(got))
				continue
			}
			for i, in := range model {
				wm, wops := expectIntel(in)
				gm, gops := normalizeObj(got[i][0], got[i][1])
				if wm != gm || strings.Join(wops, ",") != strings.Join(gops, ",") {
					t.Errorf("%s %s: %s\n model reads  %s %s\n objdump says %s %s", file, name, in, wm, strings.Join(wops, ","), gm, strings.Join(gops, ","))
				}
				checked++
			}
		}
	}
	t.Logf("%d VEX/EVEX instructions: the model's operand reading = the assembler's encoding (objdump)", checked)
}
