package runner

import (
	"bytes"
	cryptoaes "crypto/aes"
	"crypto/cipher"
	cryptosha256 "crypto/sha256"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/family/sha256"
	"github.com/xarchlab/xarch/wire"
)

// Plain testing only: this file must build with gccgo 12 too. The package's
// tests link the generic level only (runner_test.go); the asm levels are
// timed through a real runner in speed/run_test.go.

// speedImpls lists the usable, non-planted SHA-256 levels of this machine.
func speedImpls(t *testing.T, s *Server) []*arch.Impl {
	var out []*arch.Impl
	for _, im := range arch.Impls() {
		if im.Alg == sha256.Name && !im.Planted && s.State.Missing(im) == "" {
			out = append(out, im)
		}
	}
	if len(out) == 0 {
		t.Fatal("no usable SHA-256 implementation (generic should always be)")
	}
	return out
}

func TestSpeedAnswersAndChecksOutput(t *testing.T) {
	emulated := os.Getenv("XARCH_EMULATED") != ""
	s, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, im := range speedImpls(t, s) {
		names = append(names, im.Name)
	}
	// Every level twice in one request: interleaved slices, one answer each.
	impls := strings.Join(append(names, names...), ",")
	for _, size := range []int{0, 1, 16, 55, 56, 63, 64, 119, 120, 1000} {
		msg := make([]byte, size)
		wire.SpeedPattern(msg)
		want256 := cryptosha256.Sum256(msg)
		want224 := cryptosha256.Sum224(msg)
		for _, c := range []struct {
			alg  string
			want []byte
		}{{"sha256", want256[:]}, {"sha224", want224[:]}} {
			out, err := s.call("speed", frame(impls, c.alg, strconv.Itoa(size), "2000000"))
			if err != nil {
				t.Fatalf("speed %s %s %d: %v", impls, c.alg, size, err)
			}
			if len(out) != 4*2*len(names) {
				t.Fatalf("speed answer has %d strings, want 4 per implementation", len(out))
			}
			for i := 0; i < len(out); i += 4 {
				name := names[(i/4)%len(names)]
				n, _ := strconv.ParseInt(string(out[i]), 10, 64)
				el, _ := strconv.ParseInt(string(out[i+1]), 10, 64)
				cpu, _ := strconv.ParseInt(string(out[i+2]), 10, 64)
				// The window ends on CPU time (wall time without a CPU
				// clock) or, on a starved machine, on the wall cap: one of
				// the two clocks reached it. (The two clocks are read at
				// slightly different moments, so neither bounds the other.)
				if n <= 0 || cpu < 2000000 && el < 2000000 {
					t.Errorf("speed %s %s %d: %d operations in %d ns (cpu %d); want >0 in a 2ms window", name, c.alg, size, n, el, cpu)
				}
				// CPU time is the thread's, not the process's: natively about
				// the wall time at most (the clock reads sit just outside
				// the wall slices, hence the slack). Under qemu-user the thread's CPU clock can run ahead of
				// the wall clock (seen: 3.9 ms in a 1.6 ms window), so only
				// the sign is checked there (ci/cross-unit-tests.sh sets
				// XARCH_EMULATED).
				if cpu != -1 && (cpu < 0 || !emulated && cpu > el+el/2+1000000) {
					t.Errorf("speed %s %s %d: cpu %d ns for wall %d ns", name, c.alg, size, cpu, el)
				}
				if !bytes.Equal(out[i+3], c.want) {
					t.Errorf("speed %s %s %d: output %x, want %x", name, c.alg, size, out[i+3], c.want)
				}
			}
		}
	}
}

func TestSpeedErrors(t *testing.T) {
	s, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sha256/generic", "md4", "16", "1000"}, "unknown speed algorithm"},
		{[]string{"sha256/none", "sha256", "16", "1000"}, "unknown implementation"},
		{[]string{"sha256/generic", "sha256", "-1", "1000"}, "size"},
		{[]string{"sha256/generic", "sha256", "x", "1000"}, "size"},
		{[]string{"sha256/generic", "sha256", "16", "0"}, "duration"},
		{[]string{"sha256/generic", "sha256", "16", "9999999999999"}, "duration"},
		{[]string{"sha256/generic", "sha256", "16"}, "want 4 arguments"},
		{[]string{"sha256/generic,sha256/none", "sha256", "16", "1000"}, "unknown implementation"},
		{[]string{strings.Repeat("sha256/generic,", 15) + "sha256/generic", "sha256", "16", "1000"}, "at most 15"},
	} {
		_, err := s.call("speed", frame(c.args...))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("speed %q: error %v, want one containing %q", c.args, err, c.want)
		}
	}
}

// The timing loop must not allocate per operation: an allocation costs
// about as much as hashing 16 bytes.
func TestSpeedLoopDoesNotAllocate(t *testing.T) {
	s, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, alg := range arch.SpeedAlgs() {
		for _, im := range arch.Impls() {
			if im.Alg != alg.Family || im.Planted || s.State.Missing(im) != "" {
				continue
			}
			sizes, runs, ops := []int{16, 112, 16384}, 20, 3
			if len(alg.Columns) > 0 {
				// Operations (rsa4096 signs): each column, a few times.
				sizes, runs, ops = nil, 2, 1
				for c := range alg.Columns {
					sizes = append(sizes, c+1)
				}
			}
			for _, size := range sizes {
				run, _, err := alg.Prepare(im, size)
				if err != nil {
					t.Fatal(err)
				}
				if a := testing.AllocsPerRun(runs, func() { run(ops) }); a != 0 {
					t.Errorf("%s %s %d bytes: %.1f allocations per run, want 0", im.Name, alg.Name, size, a)
				}
			}
		}
	}
}

// AES operations: the check output is the SHA-256 of one operation on a
// fresh stream, which Go's crypto/aes must reproduce; CBC and ECB refuse
// partial blocks.
func TestSpeedAES(t *testing.T) {
	s, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range aes.SpeedModes {
		for _, size := range []int{16, 64, 1000} {
			out, err := s.call("speed", frame("aes/generic", m.Name, strconv.Itoa(size), "1000000"))
			if m.Mode != aes.ModeCTR && size%16 != 0 {
				if err == nil || !strings.Contains(err.Error(), "whole 16-byte blocks") {
					t.Errorf("%s %d bytes: error %v, want one about whole blocks", m.Name, size, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s %d bytes: %v", m.Name, size, err)
			}
			want := aesReference(t, m.Mode, m.Decrypt, m.KeyLen, size)
			if !bytes.Equal(out[3], want) {
				t.Errorf("%s %d bytes: check %x, want %x", m.Name, size, out[3], want)
			}
		}
	}
	if _, err := s.call("speed", frame("sha256/generic", "aes-128-ctr", "16", "1000")); err == nil ||
		!strings.Contains(err.Error(), "is sha256, not aes") {
		t.Errorf("a SHA-256 level timed as AES: error %v", err)
	}
}

func aesReference(t *testing.T, mode string, dec bool, keyLen, size int) []byte {
	block, err := cryptoaes.NewCipher(aes.SpeedKey(keyLen))
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, size)
	wire.SpeedPattern(buf)
	switch mode {
	case aes.ModeCTR:
		cipher.NewCTR(block, aes.SpeedIV(mode)).XORKeyStream(buf, buf)
	case aes.ModeCBC:
		if dec {
			cipher.NewCBCDecrypter(block, aes.SpeedIV(mode)).CryptBlocks(buf, buf)
		} else {
			cipher.NewCBCEncrypter(block, aes.SpeedIV(mode)).CryptBlocks(buf, buf)
		}
	default:
		for j := 0; j < size; j += 16 {
			if dec {
				block.Decrypt(buf[j:j+16], buf[j:j+16])
			} else {
				block.Encrypt(buf[j:j+16], buf[j:j+16])
			}
		}
	}
	d := cryptosha256.Sum256(buf)
	return d[:]
}

// tuneTestVar is the run-time constant of the test level below.
var tuneTestVar = 64

func init() {
	arch.Register(&arch.Impl{Name: "sha256/runner-tune-test", Alg: sha256.Name, Arch: "generic", Rank: -9, Planted: true,
		Tuning: []arch.Tuning{{Name: "min_bytes", Value: 64, Unit: arch.Bytes, Var: &tuneTestVar}, {Name: "fixed", Value: 1}},
		Funcs:  &sha256.Funcs{Block: sha256.GenericBlock}})
}

// The tune command sets a Var for the rest of the runner's life and
// answers the old value; it refuses constants that are not Vars.
func TestTuneCommand(t *testing.T) {
	s, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { tuneTestVar = 64 }()
	out, err := s.call("tune", frame("sha256/runner-tune-test", "min_bytes", "96"))
	if err != nil || len(out) != 1 || string(out[0]) != "64" || tuneTestVar != 96 {
		t.Fatalf("tune: %q, %v; var %d, want answer 64 and var 96", out, err, tuneTestVar)
	}
	out, err = s.call("tune", frame("sha256/runner-tune-test", "min_bytes", "0"))
	if err != nil || string(out[0]) != "96" || tuneTestVar != 0 {
		t.Fatalf("tune again: %q, %v; var %d", out, err, tuneTestVar)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sha256/none", "min_bytes", "1"}, "unknown implementation"},
		{[]string{"sha256/runner-tune-test", "fixed", "1"}, "assembled in"},
		{[]string{"sha256/runner-tune-test", "nope", "1"}, "tunable: min_bytes"},
		{[]string{"sha256/runner-tune-test", "min_bytes", "-1"}, ">= 0"},
		{[]string{"sha256/runner-tune-test", "min_bytes", "x"}, ">= 0"},
	} {
		if _, err := s.call("tune", frame(c.args...)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("tune %q: error %v, want one containing %q", c.args, err, c.want)
		}
	}
	if tuneTestVar != 0 {
		t.Errorf("a refused tune changed the variable to %d", tuneTestVar)
	}
}
