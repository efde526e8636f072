package arch

import (
	"reflect"
	"strings"
	"testing"
)

// fakeHook records what the driver asks of it and answers with out.
type fakeHook struct {
	fits  bool
	seeds []uint64
	out   ABIOutcome
}

func (h *fakeHook) Fits(k *ABIKernel, size uintptr) bool { return h.fits }
func (h *fakeHook) Seed(k *ABIKernel, r uint64)          { h.seeds = append(h.seeds, r) }
func (h *fakeHook) Check(k *ABIKernel) ABIOutcome        { return h.out }

func violation(t *testing.T, f func()) (v *ABIViolation, msg string) {
	t.Helper()
	defer func() {
		switch p := recover().(type) {
		case nil:
		case *ABIViolation:
			v = p
		case string:
			msg = p
		default:
			t.Fatalf("panic %v", p)
		}
	}()
	f()
	return nil, ""
}

func TestABITrampolineDriver(t *testing.T) {
	h := &fakeHook{fits: true}
	tr := &ABITrampoline{Arch: "fake", Hook: h, Unwinds: true}
	k := &ABIKernel{Name: "kern", Frame: 32, Args: 16}
	called := 0
	if v, msg := violation(t, func() { tr.Call(k, 16, func() { called++ }) }); v != nil || msg != "" {
		t.Fatalf("a clean call panicked: %v %q", v, msg)
	}
	if called != 1 || k.Calls != 1 || len(h.seeds) != 1 || h.seeds[0] == 0 {
		t.Fatalf("called %d, Calls %d, seeds %v; want one call, one count, one nonzero seed", called, k.Calls, h.seeds)
	}

	// The verdicts in one order on every arch: SP, the arch's registers,
	// the canary.
	h.out = ABIOutcome{SP: "RSP", Escaped: true, SPWant: 0x10, SPGot: 0x20, Problems: []string{"R18 not restored: x"},
		CanaryAt: 24, Canary: 0xaa, CanaryGot: 0xbb}
	v, _ := violation(t, func() { tr.Call(k, 16, func() {}) })
	if v == nil {
		t.Fatal("an outcome with problems did not panic")
	}
	want := []string{ABINotRestored("RSP", 0x10, 0x20), "R18 not restored: x", ABICanary(24, 32, 0xaa, 0xbb)}
	if v.Kernel != "kern" || !reflect.DeepEqual(v.Problems, want) {
		t.Fatalf("violation %+v; want kernel kern and %q", v, want)
	}
	if len(h.seeds) != 2 || h.seeds[1] == h.seeds[0] {
		t.Fatalf("seeds %v: want a fresh one per call", h.seeds)
	}

	// A panic inside the call (a fault in the kernel) releases the lock.
	h.out = ABIOutcome{}
	func() {
		defer func() { _ = recover() }()
		tr.Call(k, 16, func() { panic("fault") })
	}()
	if v, msg := violation(t, func() { tr.Call(k, 16, func() {}) }); v != nil || msg != "" {
		t.Fatalf("the call after a fault: %v %q (lock not released?)", v, msg)
	}

	// A frame the table or the trampoline does not fit never reaches it.
	calls := k.Calls
	if _, msg := violation(t, func() { tr.Call(k, 8, func() { t.Fatal("called") }) }); !strings.Contains(msg, "does not fit") {
		t.Fatalf("size 8 for Args 16: panic %q; want a refusal", msg)
	}
	h.fits = false
	if _, msg := violation(t, func() { tr.Call(k, 16, func() { t.Fatal("called") }) }); !strings.Contains(msg, "fake: ABI call of kern") {
		t.Fatalf("a frame the hook refuses: panic %q", msg)
	}
	if k.Calls != calls {
		t.Fatal("refused calls were counted")
	}
}

func TestRegisterPlanted(t *testing.T) {
	im := &Impl{Name: "fake/planted-test", Rank: 40}
	RegisterPlanted("fake", "fakearch", im)
	defer func() { delete(byName, im.Name); impls = impls[:len(impls)-1] }()
	if im.Alg != "fake" || im.Arch != "fakearch" || im.Rank != -1 || !im.Planted || byName[im.Name] != im {
		t.Fatalf("registered %+v; want family, arch, rank -1, planted, in the table", im)
	}
}

// The same seed and case key give the same values, call after call, however
// many calls ran before; another key or seed gives others.
func TestABISeedReproduces(t *testing.T) {
	h := &fakeHook{fits: true}
	tr := &ABITrampoline{Arch: "fake", Hook: h, Unwinds: true}
	k := &ABIKernel{Name: "kern", Args: 8}
	calls := func(seed, key uint64, before int) []uint64 {
		SetABISeed(seed)
		for i := 0; i < before; i++ {
			tr.Call(k, 8, func() {})
		}
		ABIReseed(key)
		h.seeds = nil
		for i := 0; i < 3; i++ {
			tr.Call(k, 8, func() {})
		}
		return h.seeds
	}
	a := calls(42, 7, 0)
	if b := calls(42, 7, 5); !reflect.DeepEqual(a, b) {
		t.Fatalf("seed 42, key 7: %x, then %x after other calls", a, b)
	}
	if a[0] == a[1] || a[1] == a[2] {
		t.Fatalf("values %x: want fresh ones per call", a)
	}
	if b := calls(42, 8, 0); reflect.DeepEqual(a, b) {
		t.Fatalf("keys 7 and 8 give the same values %x", a)
	}
	if b := calls(43, 7, 0); reflect.DeepEqual(a, b) {
		t.Fatalf("seeds 42 and 43 give the same values %x", a)
	}
	if SetABISeed(42); ABISeed() != 42 {
		t.Fatalf("ABISeed %d after SetABISeed(42)", ABISeed())
	}
	SetABISeed(0)
	if ABISeed() == 0 {
		t.Fatal("no seed chosen from the clock")
	}
}
