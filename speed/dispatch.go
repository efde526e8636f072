package speed

import (
	"fmt"
	"io"
	"sort"
	"strings"
)

// Loss is a cell where a lower level of the same algorithm beat the level
// dispatch picks, significantly: the Graviton2 lesson (a wider kernel that
// loses at some sizes on some cores), measured in the run itself.
type Loss struct {
	Alg        string  `json:"alg"`
	Cell       string  `json:"cell"` // "1024 bytes", "sign/s"
	Size       int     `json:"size"`
	Dispatched string  `json:"dispatched"`
	Lower      string  `json:"lower"`
	Ratio      float64 `json:"ratio"` // lower / dispatched, > 1
	P          float64 `json:"p"`
	Paired     bool    `json:"paired"` // paired test on samples of the same rounds
}

// DispatchLosses compares, per algorithm, every usable lower level with the
// dispatched one at every size they share. A cell counts when the lower
// level's rate is higher and the difference is significant at Alpha: the
// paired test where both rows have one sample per round, else the U test.
// Tune rows (NAME:CONST=V) are experiments, not levels, and are left out.
func DispatchLosses(r *Report) []Loss {
	var out []Loss
	for _, alg := range r.Config.Algs {
		var best *Row
		var lower []*Row
		for i := range r.Rows {
			row := &r.Rows[i]
			if row.Alg != alg || row.Kind != KindImpl || strings.Contains(row.Name, ":") {
				continue
			}
			if row.Best {
				best = row
			} else {
				lower = append(lower, row)
			}
		}
		if best == nil {
			continue
		}
		for _, lo := range lower {
			if lo.Rank >= best.Rank {
				continue
			}
			for _, bc := range best.Cells {
				lc := lo.Cell(bc.Size)
				if lc == nil || len(lc.Samples) == 0 || len(bc.Samples) == 0 {
					continue
				}
				if l, ok := lossAt(alg, best, lo, &bc, lc); ok {
					out = append(out, l)
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Alg != out[j].Alg {
			return false
		}
		return out[i].Size < out[j].Size
	})
	return out
}

func lossAt(alg string, best, lo *Row, bc, lc *Cell) (Loss, bool) {
	l := Loss{Alg: alg, Cell: best.CellName(bc.Size), Size: bc.Size, Dispatched: best.Name, Lower: lo.Name}
	if len(bc.Samples) == len(lc.Samples) {
		if pd := ComparePaired(bc.Samples, lc.Samples); pd != nil {
			l.Ratio, l.P, l.Paired = pd.Ratio, pd.P, true
			return l, pd.Significant && pd.Ratio > 1
		}
	}
	c := CompareSamples(bc.Size, bc.Samples, lc.Samples)
	l.Ratio, l.P = 1+c.Delta, c.P
	return l, c.Significant && c.Delta > 0
}

// WriteLosses prints one line per loss, or nothing when dispatch won or
// tied everywhere.
func WriteLosses(w io.Writer, losses []Loss) {
	if len(losses) == 0 {
		return
	}
	fmt.Fprintln(w, "DISPATCH: a lower level beats the dispatched one here (significant at p<0.05):")
	for _, l := range losses {
		how := "U test"
		if l.Paired {
			how = "paired"
		}
		fmt.Fprintf(w, "  %s %s: %s is %.2fx the dispatched %s (p=%.3f, %s)\n",
			l.Alg, l.Cell, l.Lower, l.Ratio, l.Dispatched, l.P, how)
	}
}
