package host

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/xarchlab/xarch/vectors"
)

// AES vectors: the CAVP AESAVS response files (KAT, MMT, MCT) for ECB, CBC,
// OFB and CFB128, and the SP 800-38A CTR example.

// AESFile names one vendored AES vector file.
type AESFile struct {
	Path    string // relative to the vectors directory
	Mode    string // ecb, cbc, ofb, cfb128, ctr (the runner's mode names)
	Kind    string // GFSbox, KeySbox, VarKey, VarTxt, MMT, MCT or CTR
	KeyBits int    // 128, 192, 256; 0 for the CTR file (all three)
}

// AESKinds lists the AESAVS file kinds in report order.
var AESKinds = []string{"GFSbox", "KeySbox", "VarKey", "VarTxt", "MMT", "MCT"}

// aesModeDirs maps mode names to NIST's folder and file prefix.
var aesModeDirs = []struct{ mode, nist string }{
	{"ecb", "ECB"}, {"cbc", "CBC"}, {"ofb", "OFB"}, {"cfb128", "CFB128"},
}

// AESCTRFile is the SP 800-38A F.5 CTR example.
const AESCTRFile = "nist/aes/CTR/AES_CTR.txt"

// AESFiles lists every vendored AES file: per mode, each kind for 128, 192
// and 256-bit keys; the CTR example last.
func AESFiles() []AESFile {
	var out []AESFile
	for _, m := range aesModeDirs {
		for _, kind := range AESKinds {
			for _, bits := range []int{128, 192, 256} {
				out = append(out, AESFile{
					Path: filepath.Join("nist", "aes", m.nist, fmt.Sprintf("%s%s%d.rsp", m.nist, kind, bits)),
					Mode: m.mode, Kind: kind, KeyBits: bits,
				})
			}
		}
	}
	return append(out, AESFile{Path: AESCTRFile, Mode: "ctr", Kind: "CTR"})
}

// AESCase is one AESAVS record: for encryption In is the plaintext and Out
// the ciphertext, for decryption the other way round.
type AESCase struct {
	File    string
	Line    int // line of the expected output field
	Count   int
	Decrypt bool
	Key, IV []byte // IV is nil for ECB
	In, Out []byte
}

// Direction is "encrypt" or "decrypt".
func (c AESCase) Direction() string {
	if c.Decrypt {
		return "decrypt"
	}
	return "encrypt"
}

// LoadAES parses a KAT or MMT file (or an MCT file record by record) of a
// mode with keyBits-bit keys.
func LoadAES(path, mode string, keyBits int) ([]AESCase, error) {
	recs, err := vectors.ParseFile(path)
	if err != nil {
		return nil, err
	}
	dirs, err := aesDirections(path)
	if err != nil {
		return nil, err
	}
	if err := vectors.CheckCounts(recs, "COUNT"); err != nil {
		return nil, err
	}
	var out []AESCase
	for _, r := range recs {
		dec, ok := dirAt(dirs, r.Line)
		if !ok {
			return nil, vectors.ErrAt(path, r.Line, "record is not inside an [ENCRYPT] or [DECRYPT] section")
		}
		c := AESCase{File: path, Decrypt: dec}
		if c.Count, err = r.Int("COUNT"); err != nil {
			return nil, err
		}
		if c.Key, err = r.Hex("KEY"); err != nil {
			return nil, err
		}
		kf, _ := r.Get("KEY")
		if len(c.Key)*8 != keyBits {
			return nil, vectors.ErrAt(path, kf.Line, "KEY has %d bytes, expected %d for AES-%d", len(c.Key), keyBits/8, keyBits)
		}
		if _, has := r.Get("IV"); has || mode != "ecb" {
			if mode == "ecb" {
				f, _ := r.Get("IV")
				return nil, vectors.ErrAt(path, f.Line, "ECB record has an IV")
			}
			if c.IV, err = r.Hex("IV"); err != nil {
				return nil, err
			}
			if len(c.IV) != 16 {
				f, _ := r.Get("IV")
				return nil, vectors.ErrAt(path, f.Line, "IV has %d bytes, expected 16", len(c.IV))
			}
		}
		inKey, outKey := "PLAINTEXT", "CIPHERTEXT"
		if dec {
			inKey, outKey = outKey, inKey
		}
		if c.In, err = r.Hex(inKey); err != nil {
			return nil, err
		}
		if c.Out, err = r.Hex(outKey); err != nil {
			return nil, err
		}
		of, _ := r.Get(outKey)
		c.Line = of.Line
		if len(c.In) == 0 || len(c.In)%16 != 0 {
			f, _ := r.Get(inKey)
			return nil, vectors.ErrAt(path, f.Line, "%s has %d bytes, expected a non-zero multiple of 16", inKey, len(c.In))
		}
		if len(c.Out) != len(c.In) {
			return nil, vectors.ErrAt(path, of.Line, "%s has %d bytes, expected %d like %s", outKey, len(c.Out), len(c.In), inKey)
		}
		out = append(out, c)
	}
	if len(out) == 0 {
		return nil, vectors.ErrAt(path, 1, "no vectors found (expected COUNT/KEY/.../PLAINTEXT/CIPHERTEXT records)")
	}
	return out, nil
}

// dirHeader is an [ENCRYPT] or [DECRYPT] line. The generic parser keeps
// every header seen so far in Section; AES files need the latest one.
type dirHeader struct {
	line    int
	decrypt bool
}

func aesDirections(path string) ([]dirHeader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []dirHeader
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<24)
	for n := 1; sc.Scan(); n++ {
		switch strings.TrimSpace(sc.Text()) {
		case "[ENCRYPT]":
			out = append(out, dirHeader{n, false})
		case "[DECRYPT]":
			out = append(out, dirHeader{n, true})
		}
	}
	return out, sc.Err()
}

func dirAt(hs []dirHeader, line int) (decrypt, ok bool) {
	for _, h := range hs {
		if h.line < line {
			decrypt, ok = h.decrypt, true
		}
	}
	return
}

// AESMCT is an AESAVS Monte Carlo file: per direction, the 100 outer
// iterations in order (COUNT = 0..99), each with its inputs and the
// expected CT[999] (PT[999] when decrypting).
type AESMCT struct {
	File             string
	Encrypt, Decrypt []AESCase
}

// LoadAESMCT parses an MCT file and checks that the records of each
// direction count 0, 1, 2... with single-block texts.
func LoadAESMCT(path, mode string, keyBits int) (*AESMCT, error) {
	cases, err := LoadAES(path, mode, keyBits)
	if err != nil {
		return nil, err
	}
	m := &AESMCT{File: path}
	for _, c := range cases {
		list := &m.Encrypt
		if c.Decrypt {
			list = &m.Decrypt
		}
		if c.Count != len(*list) {
			return nil, vectors.ErrAt(path, c.Line, "COUNT = %d: expected %d (%s records in order)", c.Count, len(*list), c.Direction())
		}
		if len(c.In) != 16 {
			return nil, vectors.ErrAt(path, c.Line, "Monte Carlo texts are one block, got %d bytes", len(c.In))
		}
		*list = append(*list, c)
	}
	// AESVS Monte Carlo: 100 outer iterations per direction.
	for _, l := range [][]AESCase{m.Encrypt, m.Decrypt} {
		if len(l) > 0 && len(l) != 100 {
			return nil, vectors.ErrAt(path, l[len(l)-1].Line, "%d %s records; AESVS Monte Carlo has 100 (COUNT = 0..99): a file cut short?", len(l), l[0].Direction())
		}
	}
	return m, nil
}

// AESMCTNext applies the AESAVS step between outer iterations i and i+1,
// given the inputs of iteration i and the last two inner outputs out999 and
// out998 (CT[999], CT[998]; PT for decryption):
//
//	Key[i+1] = Key[i] xor the last len(Key) bytes of (out998 || out999)
//	ECB: text[0] = out999
//	CBC, OFB, CFB128: IV[i+1] = out999, text[0] = out998
func AESMCTNext(mode string, key, out999, out998 []byte) (nkey, niv, ntext []byte) {
	tail := append(append([]byte(nil), out998...), out999...)
	tail = tail[len(tail)-len(key):]
	nkey = make([]byte, len(key))
	for i := range key {
		nkey[i] = key[i] ^ tail[i]
	}
	if mode == "ecb" {
		return nkey, nil, append([]byte(nil), out999...)
	}
	return nkey, append([]byte(nil), out999...), append([]byte(nil), out998...)
}

// AESCTRCase is one SP 800-38A F.5 example: a key, the initial counter
// block and a whole message, with the intermediate blocks NIST lists.
type AESCTRCase struct {
	File    string
	Line    int // the title line, "CTR-AES128 (Encryption)"
	OutLine int // first line of the expected output
	Title   string
	Decrypt bool
	Key     []byte
	Counter []byte // initial counter block
	In, Out []byte
	Blocks  []AESCTRBlock
}

// AESCTRBlock is one "Block #n" of the example.
type AESCTRBlock struct {
	Line                           int
	Input, Output, TextIn, TextOut []byte // counter, E(counter), text in, text out
}

// LoadAESCTR parses NIST's AES_CTR.txt: text extracted from the SP 800-38A
// examples, not a CAVP .rsp file. Layout: a header ("Initial Counter is",
// "Plaintext is" and hex lines), then per example a title, "Key is" and hex
// lines, the input ("Plaintext is" to encrypt, "Ciphertext is" to
// decrypt), "Block #n" paragraphs with InputBlock, OutputBlock, Text-In and
// Text-Out lines, and the output. Lines of '-', '=', '*' or '#' are rules
// (page breaks from the PDF, sometimes inside a hex paragraph). Every block
// is checked against the message and the counter increment.
func LoadAESCTR(path string) ([]AESCTRCase, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return parseAESCTR(path, raw)
}

func parseAESCTR(path string, raw []byte) ([]AESCTRCase, error) {
	var (
		cases      []AESCTRCase
		cur        *AESCTRCase
		collect    *[]byte // where hex lines go
		headerCtr  []byte
		headerText []byte
		block      *AESCTRBlock
	)
	finish := func() error {
		if cur == nil {
			return nil
		}
		if err := checkCTRCase(path, cur, headerCtr); err != nil {
			return err
		}
		cases = append(cases, *cur)
		return nil
	}
	lines := strings.Split(string(raw), "\n")
	for i, l := range lines {
		n := i + 1
		l = strings.TrimSpace(strings.TrimSuffix(l, "\r"))
		switch {
		case l == "" || strings.Trim(l, "-=*#") == "":
			continue
		case strings.HasPrefix(l, "CTR-AES"):
			var bits int
			var dir string
			if _, err := fmt.Sscanf(l, "CTR-AES%d (%s", &bits, &dir); err != nil || (dir != "Encryption)" && dir != "Decryption)") ||
				(bits != 128 && bits != 192 && bits != 256) {
				return nil, vectors.ErrAt(path, n, "expected a title \"CTR-AES<128|192|256> (Encryption|Decryption)\", got %q", l)
			}
			if err := finish(); err != nil {
				return nil, err
			}
			cur = &AESCTRCase{File: path, Line: n, Title: l, Decrypt: dir == "Decryption)"}
			collect, block = nil, nil
		case strings.HasSuffix(l, " is"):
			label := strings.TrimSuffix(l, " is")
			block = nil
			switch {
			case cur == nil && label == "Initial Counter":
				collect = &headerCtr
			case cur == nil && label == "Plaintext":
				collect = &headerText
			case cur != nil && label == "Key":
				if cur.Key != nil {
					return nil, vectors.ErrAt(path, n, "second \"Key is\" in %s", cur.Title)
				}
				cur.Key = []byte{}
				collect = &cur.Key
			case cur != nil && (label == "Plaintext" || label == "Ciphertext"):
				inLabel := "Plaintext"
				if cur.Decrypt {
					inLabel = "Ciphertext"
				}
				switch {
				case cur.In == nil && label == inLabel:
					cur.In = []byte{}
					collect = &cur.In
				case cur.In != nil && cur.Out == nil && label != inLabel:
					cur.Out, cur.OutLine = []byte{}, n+1
					collect = &cur.Out
				default:
					return nil, vectors.ErrAt(path, n, "unexpected %q in %s (input is %s, then blocks, then the output)", l, cur.Title, inLabel)
				}
			default:
				return nil, vectors.ErrAt(path, n, "unexpected %q outside an example", l)
			}
		case strings.HasPrefix(l, "Block #"):
			if cur == nil || cur.In == nil || cur.Out != nil {
				return nil, vectors.ErrAt(path, n, "%q outside an example's block list", l)
			}
			var num int
			if _, err := fmt.Sscanf(l, "Block #%d", &num); err != nil || num != len(cur.Blocks)+1 {
				return nil, vectors.ErrAt(path, n, "expected \"Block #%d\", got %q", len(cur.Blocks)+1, l)
			}
			cur.Blocks = append(cur.Blocks, AESCTRBlock{Line: n})
			block = &cur.Blocks[len(cur.Blocks)-1]
			collect = nil
		case isCTRBlockField(l):
			if block == nil {
				return nil, vectors.ErrAt(path, n, "%q outside a \"Block #n\" paragraph", l)
			}
			name, rest, _ := strings.Cut(l, " ")
			b, err := hexGroups(rest)
			if err != nil || len(b) != 16 {
				return nil, vectors.ErrAt(path, n, "%s: expected 16 bytes as 8-digit hex groups, got %q", name, rest)
			}
			dst := map[string]*[]byte{"InputBlock": &block.Input, "OutputBlock": &block.Output, "Text-In": &block.TextIn, "Text-Out": &block.TextOut}[name]
			if *dst != nil {
				return nil, vectors.ErrAt(path, n, "second %s in block #%d", name, len(cur.Blocks))
			}
			*dst = b
		default:
			b, err := hexGroups(l)
			if err != nil {
				if cur == nil && (l == "Block Cipher Modes of Operation" || l == "Counter (CTR)") {
					continue // the header's title lines
				}
				return nil, vectors.ErrAt(path, n, "expected hex groups, a label (\"Key is\", ...), \"Block #n\", a block field or a title, got %q", l)
			}
			if collect == nil {
				return nil, vectors.ErrAt(path, n, "hex line %q with no \"... is\" label before it", l)
			}
			*collect = append(*collect, b...)
		}
	}
	if err := finish(); err != nil {
		return nil, err
	}
	if len(cases) == 0 {
		return nil, vectors.ErrAt(path, 1, "no CTR-AES examples found")
	}
	return cases, nil
}

func isCTRBlockField(l string) bool {
	for _, p := range []string{"InputBlock ", "OutputBlock ", "Text-In ", "Text-Out "} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// hexGroups decodes "6BC1BEE2 2E409F96 ..." (groups of 8 hex digits).
func hexGroups(s string) ([]byte, error) {
	var out []byte
	for _, g := range strings.Fields(s) {
		if len(g) != 8 {
			return nil, fmt.Errorf("group %q is not 8 hex digits", g)
		}
		v, err := hex.DecodeString(g)
		if err != nil {
			return nil, fmt.Errorf("group %q is not hex", g)
		}
		out = append(out, v...)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no hex groups")
	}
	return out, nil
}

// checkCTRCase checks an example against itself: the key size, the message
// lengths, each block against the message, the keystream and a counter that
// steps by one over all 128 bits.
func checkCTRCase(path string, c *AESCTRCase, headerCtr []byte) error {
	var bits int
	fmt.Sscanf(c.Title, "CTR-AES%d", &bits)
	if len(c.Key)*8 != bits {
		return vectors.ErrAt(path, c.Line, "%s: key has %d bytes, expected %d", c.Title, len(c.Key), bits/8)
	}
	if c.Out == nil {
		return vectors.ErrAt(path, c.Line, "%s: no output paragraph after the blocks", c.Title)
	}
	if len(c.In) == 0 || len(c.In)%16 != 0 || len(c.Out) != len(c.In) {
		return vectors.ErrAt(path, c.OutLine, "%s: input has %d bytes, output %d; expected equal whole blocks", c.Title, len(c.In), len(c.Out))
	}
	if len(c.Blocks) != len(c.In)/16 {
		return vectors.ErrAt(path, c.Line, "%s: %d blocks listed for a %d-block message", c.Title, len(c.Blocks), len(c.In)/16)
	}
	var ctr [16]byte
	for i, b := range c.Blocks {
		if b.Input == nil || b.Output == nil || b.TextIn == nil || b.TextOut == nil {
			return vectors.ErrAt(path, b.Line, "%s block #%d: expected InputBlock, OutputBlock, Text-In and Text-Out", c.Title, i+1)
		}
		if i == 0 {
			copy(ctr[:], b.Input)
			c.Counter = append([]byte(nil), b.Input...)
			if headerCtr != nil && !bytes.Equal(headerCtr, b.Input) {
				return vectors.ErrAt(path, b.Line, "%s: first counter block %x differs from the header's Initial Counter %x", c.Title, b.Input, headerCtr)
			}
		} else {
			for j := 15; j >= 0; j-- {
				ctr[j]++
				if ctr[j] != 0 {
					break
				}
			}
			if !bytes.Equal(b.Input, ctr[:]) {
				return vectors.ErrAt(path, b.Line, "%s block #%d: InputBlock %x is not the previous counter + 1 (%x)", c.Title, i+1, b.Input, ctr)
			}
		}
		if !bytes.Equal(b.TextIn, c.In[16*i:16*i+16]) || !bytes.Equal(b.TextOut, c.Out[16*i:16*i+16]) {
			return vectors.ErrAt(path, b.Line, "%s block #%d: Text-In/Text-Out differ from the message paragraphs", c.Title, i+1)
		}
		for j := 0; j < 16; j++ {
			if b.TextIn[j]^b.Output[j] != b.TextOut[j] {
				return vectors.ErrAt(path, b.Line, "%s block #%d: Text-Out is not Text-In xor OutputBlock", c.Title, i+1)
			}
		}
	}
	return nil
}
