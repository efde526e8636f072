package validate

import (
	"math"
	"strconv"
	"strings"

	"github.com/xarchlab/xarch/arch"
	"github.com/xarchlab/xarch/wire"
)

// SpeedSizes checks `xarch speed --bytes` against the timed algorithms'
// ops: 1..wire.SpeedMaxSize bytes, in whole units of each op (ECB and CBC
// take 16-byte blocks). Algorithms counted per operation ignore --bytes.
func SpeedSizes(algs []string, sizes []int) error {
	for _, n := range sizes {
		if n < 1 || n > wire.SpeedMaxSize {
			return Errorf("--bytes %d: want 1..%d bytes", n, wire.SpeedMaxSize)
		}
	}
	for _, sa := range arch.SpeedAlgs() {
		if !contains(algs, sa.Name) || len(sa.Columns) > 0 {
			continue
		}
		op, ok := arch.LookupOp(sa.Op)
		if !ok || op.Unit <= 1 {
			continue
		}
		for _, n := range sizes {
			if n%op.Unit != 0 {
				return Errorf("--bytes %d: %s takes whole %d-byte blocks", n, sa.Name, op.Unit)
			}
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}

// MaxTune is the largest value --tune sets: the runner stores it in an int
// that kernels read as a length (32 bits is more than any threshold).
const MaxTune = math.MaxInt32

// TuneValue reads one --tune value, naming the range it must be in.
func TuneValue(spec, v string) (int, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n < 0 || n > MaxTune {
		return 0, Errorf("--tune %q: %q is not a whole number in 0..%d", spec, v, MaxTune)
	}
	return int(n), nil
}

// Tuning checks a --tune NAME against the level's constants as the
// runner's hello reports them: it must be one the level reads at run time.
func Tuning(impl wire.ImplInfo, name string) error {
	var names []string
	for _, c := range impl.Tuning {
		if c.Tunable {
			if c.Name == name {
				return nil
			}
			names = append(names, c.Name)
		}
	}
	tunable := strings.Join(names, ", ")
	if tunable == "" {
		tunable = "none"
	}
	return Errorf("--tune %s: %s is not a constant it reads at run time (tunable: %s)", impl.Name, name, tunable)
}
