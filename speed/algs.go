package speed

import (
	"crypto/sha256"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/xarchlab/xarch/runner"
)

// Alg is an algorithm `xarch speed` can time.
type Alg struct {
	Name    string // openssl's -evp spelling, also the runner's
	Family  string // arch.Impl.Alg of the levels that serve it
	OpenSSL string // -evp name ("" if openssl has none)
	GoName  string // the Go standard library package of the peer row
	// goOp prepares the Go peer on a buffer of size bytes (the pattern of
	// runner.SpeedPattern): run(n) does n operations, last gives the
	// output of the latest, the reference for checking the runner.
	goOp func(size int) (run func(n int), last func() []byte)
}

var algs = map[string]*Alg{}

func addAlg(a *Alg) { algs[a.Name] = a }

func init() {
	addAlg(&Alg{Name: "sha256", Family: "sha256", OpenSSL: "sha256", GoName: "crypto/sha256",
		goOp: func(size int) (func(int), func() []byte) {
			msg := make([]byte, size)
			runner.SpeedPattern(msg)
			var out [32]byte
			return func(n int) {
					for i := 0; i < n; i++ {
						out = sha256.Sum256(msg)
					}
				}, func() []byte {
					return append([]byte(nil), out[:]...)
				}
		}})
	addAlg(&Alg{Name: "sha224", Family: "sha256", OpenSSL: "sha224", GoName: "crypto/sha256",
		goOp: func(size int) (func(int), func() []byte) {
			msg := make([]byte, size)
			runner.SpeedPattern(msg)
			var out [28]byte
			return func(n int) {
					for i := 0; i < n; i++ {
						out = sha256.Sum224(msg)
					}
				}, func() []byte {
					return append([]byte(nil), out[:]...)
				}
		}})
}

// LookupAlg finds an algorithm by name (case-insensitive).
func LookupAlg(name string) (*Alg, error) {
	if a, ok := algs[strings.ToLower(name)]; ok {
		return a, nil
	}
	return nil, fmt.Errorf("unknown algorithm %q (known: %s)", name, strings.Join(AlgNames(), ", "))
}

// AlgNames lists the algorithms, sorted.
func AlgNames() []string {
	var out []string
	for k := range algs {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Reference is the algorithm's output on a buffer of size bytes of the
// speed pattern, computed by Go's standard library.
func (a *Alg) Reference(size int) []byte {
	run, last := a.goOp(size)
	run(1)
	return last()
}

// GoSpeed times the Go standard library on multi goroutines at once, with
// the runner's own loop (runner.TimeLoop), and returns the summed bytes
// per second by thread CPU time and by wall-clock time (cpu is 0 if the
// CPU clock is unavailable).
func (a *Alg) GoSpeed(size int, d time.Duration, multi int) (cpu, wall float64) {
	if multi < 1 {
		multi = 1
	}
	res := make([]runner.SpeedTiming, multi)
	var wg sync.WaitGroup
	for i := 0; i < multi; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			run, _ := a.goOp(size)
			res[i] = runner.TimeLoop(run, d)
		}(i)
	}
	wg.Wait()
	return sumRates(res, size)
}

// sumRates adds up the rates of parallel workers (openssl -multi style).
func sumRates(res []runner.SpeedTiming, size int) (cpu, wall float64) {
	for _, t := range res {
		b := float64(t.Ops) * float64(size)
		wall += b / t.Wall.Seconds()
		if t.CPU > 0 && cpu >= 0 {
			cpu += b / t.CPU.Seconds()
		} else {
			cpu = -1
		}
	}
	if cpu < 0 {
		cpu = 0
	}
	return cpu, wall
}
