package wire

// The contract both sides read: tuning constants as the runner reports
// them. Op names, implementation info and result tags join it here so the
// host never imports target code.

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Unit says what a tuning constant counts, so the case generator, the
// suite's edge checks and archtest turn it into byte lengths one way.
type Unit string

const (
	// Bytes: the value is a length in bytes (a threshold, a stride).
	Bytes Unit = "bytes"
	// Blocks: the value counts the family's blocks (16 bytes for AES,
	// 64 for SHA-256, 128 for SHA-512): an interleave width, a batch.
	Blocks Unit = "blocks"
	// Other: not a length (an alignment, an unroll of rounds, a register
	// count); documented, not probed around.
	Other Unit = "other"
)

// Tuning is one constant a kernel is built around.
type Tuning struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
	Unit  Unit   `json:"unit"`
	// Var, when set, is the variable the kernel reads the value from at
	// run time (a threshold passed to the assembly as data, not assembled
	// in): `xarch speed --tune` overrides it for one row. Target side only.
	Var *int `json:"-"`
	// Tunable is Var != nil, as the runner reports it.
	Tunable bool `json:"tunable,omitempty"`
	// Speed, for a threshold between two paths, names the speed algorithm
	// whose calls it routes: `xarch speed calibrate` times both paths
	// there to find the crossover on the host.
	Speed string `json:"speed,omitempty"`
}

// TuningLengths turns the length-like constants into byte lengths, given
// the family's block size: the lengths whose neighbourhoods are edges.
// Values of 0 or less are left out.
func TuningLengths(ts []Tuning, blockBytes int) []int {
	var out []int
	for _, t := range ts {
		v := t.Value
		switch t.Unit {
		case Blocks:
			v *= blockBytes
		case Bytes:
		default:
			continue
		}
		if v > 0 {
			out = append(out, v)
		}
	}
	return out
}

// Shape says how an op is checked and how cases are made for it.
type Shape string

const (
	// ShapeHash: a message in, a fixed-size digest out; the message may be
	// fed in pieces.
	ShapeHash Shape = "hash"
	// ShapeCipher: the output is as long as the input, may overwrite it
	// (in place) and may be produced in pieces of whole Units.
	ShapeCipher Shape = "cipher"
	// ShapeAEAD: a cipher with associated data and a tag; "authentication
	// failed" is a legitimate answer of the open direction.
	ShapeAEAD Shape = "aead"
	// ShapeFixed: operands of sizes the op fixes (big numbers); no pieces.
	ShapeFixed Shape = "fixed"
)

// OpInfo is one wire op a family serves, as the runner reports it.
type OpInfo struct {
	Name   string   `json:"name"`
	Family string   `json:"family"`
	Shape  Shape    `json:"shape"`
	Params []string `json:"params,omitempty"` // fixed arguments before the data, in order
	Block  int      `json:"block"`            // the family's block in bytes: edges are built around it
	Unit   int      `json:"unit"`             // data and piece lengths are multiples of Unit
	Out    int      `json:"out,omitempty"`    // output bytes of a hash (0: as long as the input)
	MCT    bool     `json:"mct,omitempty"`    // the runner runs one Monte Carlo checkpoint of it
}

// Streams reports whether the op's data may be fed in pieces.
func (o OpInfo) Streams() bool { return o.Shape != ShapeFixed }

// InPlace reports whether the output may overwrite the input.
func (o OpInfo) InPlace() bool { return o.Shape == ShapeCipher }

// SpeedInfo is one algorithm the runner's speed command times (openssl's
// spelling), and the op it stands for.
type SpeedInfo struct {
	Name   string `json:"name"`
	Op     string `json:"op"`
	Family string `json:"family"`
	// Columns, when set, makes the algorithm one that counts operations
	// per second, not bytes (openssl speed rsa2048: "sign", "verify"):
	// the speed request's size argument is then the 1-based column.
	Columns []string `json:"columns,omitempty"`
}

// ImplInfo describes one implementation in the hello answer.
type ImplInfo struct {
	Name          string   `json:"name"`
	Alg           string   `json:"alg"` // its family
	Arch          string   `json:"arch"`
	Requires      []string `json:"requires,omitempty"`
	Tuning        []Tuning `json:"tuning,omitempty"`
	Rank          int      `json:"rank"`
	NeedsHardware string   `json:"needs_hardware,omitempty"`
	Planted       bool     `json:"planted,omitempty"`
	Usable        bool     `json:"usable"`
	Why           string   `json:"why,omitempty"` // why not usable
	// Edges names the level's kernel edge cases (the runner's edges
	// command), declared by its family.
	Edges []string `json:"edges,omitempty"`
}

// EdgeResult is one kernel edge case's outcome (the edges answer, JSON).
type EdgeResult struct {
	Name  string `json:"name"`
	Error string `json:"error,omitempty"` // "" passed
	Fault bool   `json:"fault,omitempty"` // a memory fault (Error says where)
}

// Feature is a CPU feature an arch can detect.
type Feature struct {
	Name string `json:"name"` // lower case, as used by Requires and the mask
	Desc string `json:"desc"`
}

// ProbeInfo names a registered feature probe.
type ProbeInfo struct {
	Feature string `json:"feature"`
	Instr   string `json:"instr"`
}

// ProbeResult is one probe's outcome, as JSON in the probe answer.
type ProbeResult struct {
	Feature string `json:"feature"`
	Instr   string `json:"instr"`
	Want    string `json:"want"` // hex
	Got     string `json:"got"`  // hex
	OK      bool   `json:"ok"`
	Error   string `json:"error,omitempty"` // a panic inside the probe
}

// Info is the hello answer: what a runner is and what it can run.
type Info struct {
	Protocol  int               `json:"protocol"`
	Arch      string            `json:"arch"`
	OS        string            `json:"os"`
	Compiler  string            `json:"compiler"`
	GoVersion string            `json:"go_version"`
	Features  []Feature         `json:"features"` // every feature this arch knows
	Detected  []string          `json:"detected"`
	Masked    []string          `json:"masked,omitempty"`
	Forced    []string          `json:"forced,omitempty"` // treated as detected (--force)
	Impls     []ImplInfo        `json:"impls"`
	Best      map[string]string `json:"best"`             // family -> dispatch choice under the mask
	Probes    []ProbeInfo       `json:"probes,omitempty"` // feature probes the probe command can run
	// MemProbes: the memory-operand probes the memprobe command can run.
	MemProbes []MemProbeInfo `json:"mem_probes,omitempty"`
	Ops       []OpInfo       `json:"ops"`             // every op the families serve
	Speed     []SpeedInfo    `json:"speed,omitempty"` // the speed command's algorithms
	// ABI: kernels run through the ABI trampoline (runner --abi); the abi
	// command reports what it checked.
	ABI bool `json:"abi,omitempty"`
}

// ABIKernel is one kernel of the runner's ABI table, as the abi command
// reports it: its declared frame and how many checked calls it has had.
type ABIKernel struct {
	Name  string `json:"name"`
	Frame int    `json:"frame"`
	Calls uint64 `json:"calls"`
	// SelfTest: one of the trampoline's own test kernels, which break the
	// convention on purpose (never an implementation's).
	SelfTest bool `json:"selftest,omitempty"`
}

// Op finds an op of the hello answer.
func (inf Info) Op(name string) (OpInfo, bool) {
	for _, o := range inf.Ops {
		if o.Name == name {
			return o, true
		}
	}
	return OpInfo{}, false
}

// Result tags of the check command: the first byte of each variant's answer.
const (
	CheckOK    = 'o' // the output follows
	CheckFault = 'f' // a memory fault, described
	CheckError = 'e' // another failure (input modified, poison overwritten, error)
)

// Speed request limits: a request outside them is a host bug, not a
// measurement.
const (
	SpeedMaxSize  = 1 << 24
	SpeedMaxNanos = int64(600e9)
	// SpeedMaxImpls keeps the answer (4 strings each) inside MaxArgs.
	SpeedMaxImpls = 15
)

// SpeedPattern fills buf with the bytes every speed request works on, so
// the host can check the answer's output against its own computation.
func SpeedPattern(buf []byte) {
	for i := range buf {
		buf[i] = byte(i*131 + 7)
	}
}

// MemProbeInfo is one memory-operand probe: an instruction form with a
// memory operand that kernels use (see arch.MemProbe).
type MemProbeInfo struct {
	Feature  string `json:"feature"`
	Form     string `json:"form"`     // "VINSERTI128 m128"
	Mnemonic string `json:"mnemonic"` // what a disassembler names it
	Size     int    `json:"size"`     // bytes the operand covers
	Store    bool   `json:"store,omitempty"`
	Align    int    `json:"align,omitempty"` // required alignment: the step past the page (0: one byte)
	Planted  bool   `json:"planted,omitempty"`
}

// MemProbeResult is what the memprobe command found for one form: the
// operand ending exactly at a PROT_NONE page (AtEnd: must not fault) and
// one byte further, or Align bytes for a form that needs aligned operands
// (Beyond: must fault).
type MemProbeResult struct {
	MemProbeInfo
	AtEnd  string `json:"at_end,omitempty"` // the fault, when it faulted
	Beyond string `json:"beyond,omitempty"` // the fault, when it faulted ("" = it did not)
	// Site is where the probe faulted (Beyond's fault, else AtEnd's): the
	// probe's own instruction, whose bytes the host disassembles.
	Site FaultSite `json:"site"`
	OK   bool      `json:"ok"`
}

// FaultSite is where a memory fault happened: the faulting PC, the function
// and offset there, up to 16 bytes of code from the PC, and the
// memory-operand form the runner recognises there (arch.MemForm; "" when
// none).
type FaultSite struct {
	PC   uint64 `json:"pc,omitempty"`
	Func string `json:"func,omitempty"`
	Code string `json:"code,omitempty"` // hex
	Form string `json:"form,omitempty"`
}

// faultSiteTag starts the line of a fault message that carries its site.
const faultSiteTag = "\nfault site: "

// String is the site as the fault message carries it.
func (f FaultSite) String() string {
	if f.PC == 0 {
		return "pc not found"
	}
	form := f.Form
	if form == "" {
		form = "no probed form"
	}
	return fmt.Sprintf("pc %#x (%s), code %s, form %s", f.PC, f.Func, f.Code, form)
}

// AppendFaultSite appends the site to a fault message (a line of its own,
// which ParseFaultSite reads back).
func AppendFaultSite(msg string, f FaultSite) string {
	b, _ := json.Marshal(f)
	return msg + faultSiteTag + string(b)
}

// ParseFaultSite splits a fault message into its text and its site.
func ParseFaultSite(msg string) (string, FaultSite, bool) {
	i := strings.LastIndex(msg, faultSiteTag)
	if i < 0 {
		return msg, FaultSite{}, false
	}
	var f FaultSite
	if json.Unmarshal([]byte(msg[i+len(faultSiteTag):]), &f) != nil {
		return msg, FaultSite{}, false
	}
	return msg[:i], f, true
}
