package speed

import (
	"sync"
	"time"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/timing"
)

// Alg is an algorithm `xarch speed` can time.
type Alg struct {
	Name    string // openssl's -evp spelling, also the runner's
	Family  string // arch.Impl.Alg of the levels that serve it
	OpenSSL string // -evp name ("" if openssl has none)
	// OpenSSLDecrypt: openssl times decryption (`openssl speed -decrypt`).
	OpenSSLDecrypt bool
	GoName         string // the Go standard library package of the peer row
	Blocks         int    // sizes must be multiples of this (0: any)
	// Columns, when set, makes the algorithm count operations per second
	// in these columns (openssl speed rsa2048: sign, verify) instead of
	// bytes per second per size: its "sizes" are the 1-based columns and
	// its samples are operations per second, not thousands of bytes.
	Columns []string
	// goOp prepares the Go peer on a buffer of size bytes (the pattern of
	// wire.SpeedPattern): run(n) does n operations, last gives the
	// output of the latest, the reference for checking the runner.
	goOp func(size int) (run func(n int), last func() []byte)
}

// LookupAlg finds an algorithm by name (case-insensitive).
// The algorithms come from the families' host specs (package algs).
func LookupAlg(name string) (*Alg, error) {
	spec, p, err := algs.Speed(name)
	if err != nil {
		return nil, err
	}
	return &Alg{Name: p.Name, Family: spec.Family, OpenSSL: p.OpenSSL, OpenSSLDecrypt: p.OpenSSLDecrypt,
		GoName: p.GoName, Blocks: p.Blocks, Columns: p.Columns, goOp: p.GoOp}, nil
}

// OpenSSLCommand is the openssl command the peer row runs, for the table.
func (a *Alg) OpenSSLCommand() string {
	if len(a.Columns) > 0 {
		return "openssl speed " + a.OpenSSL
	}
	if a.OpenSSLDecrypt {
		return "openssl speed -decrypt -evp " + a.OpenSSL
	}
	return "openssl speed -evp " + a.OpenSSL
}

// AlgNames lists the algorithms, sorted.
func AlgNames() []string { return algs.SpeedNames() }

// Reference is the algorithm's output on a buffer of size bytes of the
// speed pattern, computed by Go's standard library.
func (a *Alg) Reference(size int) []byte {
	run, last := a.goOp(size)
	run(1)
	return last()
}

// GoSpeed times the Go standard library on multi goroutines at once, with
// the runner's own loop (timing.TimeLoop), and returns the summed bytes
// per second by thread CPU time and by wall-clock time (cpu is 0 if the
// CPU clock is unavailable).
func (a *Alg) GoSpeed(size int, d time.Duration, multi int) (cpu, wall float64) {
	if multi < 1 {
		multi = 1
	}
	res := make([]timing.Timing, multi)
	var wg sync.WaitGroup
	for i := 0; i < multi; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			run, _ := a.goOp(size)
			res[i] = timing.TimeLoop(run, d)
		}(i)
	}
	wg.Wait()
	return sumRates(res, a.scale(size))
}

// Sizes are the cells of the algorithm's rows: the buffer sizes asked
// for, or its columns (1-based) when it counts operations.
func (a *Alg) Sizes(asked []int) []int {
	if len(a.Columns) == 0 {
		return asked
	}
	out := make([]int, len(a.Columns))
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// scale is what one operation counts: size bytes, or one operation.
func (a *Alg) scale(size int) int {
	if len(a.Columns) > 0 {
		return 1
	}
	return size
}

// unitDiv turns a rate per second into a sample: thousands of bytes, or
// operations as they are.
func (a *Alg) unitDiv() float64 {
	if len(a.Columns) > 0 {
		return 1
	}
	return 1000
}

// sumRates adds up the rates of parallel workers (openssl -multi style).
func sumRates(res []timing.Timing, size int) (cpu, wall float64) {
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
