package speed

import (
	"fmt"
	"io"
	"strings"
)

// Ratio is the dispatched level against one peer at one size: the ratio of
// medians, and whether the difference is significant (paired by sample
// round where both have one sample per round, else the U test). A
// difference that is not significant is a tie.
type Ratio struct {
	Alg, Level, Peer string
	Cell             string
	Ratio            float64
	Significant      bool
}

// Ratios compares, per algorithm of the run, the level dispatch picks with
// every peer row (Go, each OpenSSL) at every size both have.
func Ratios(r *Report) []Ratio {
	var out []Ratio
	for _, alg := range r.Config.Algs {
		var best *Row
		var peers []*Row
		for i := range r.Rows {
			row := &r.Rows[i]
			switch {
			case row.Alg != alg:
			case row.Kind == KindImpl && row.Best && !strings.Contains(row.Name, ":"):
				best = row
			case row.Kind != KindImpl:
				peers = append(peers, row)
			}
		}
		if best == nil {
			continue
		}
		for _, p := range peers {
			for _, bc := range best.Cells {
				pc := p.Cell(bc.Size)
				if pc == nil || len(pc.Samples) == 0 || len(bc.Samples) == 0 {
					continue
				}
				x := Ratio{Alg: alg, Level: best.Name, Peer: p.Name, Cell: best.CellName(bc.Size)}
				if pd := ComparePaired(pc.Samples, bc.Samples); pd != nil && len(pc.Samples) == len(bc.Samples) {
					x.Ratio, x.Significant = Median(bc.Samples)/Median(pc.Samples), pd.Significant
				} else {
					c := CompareSamples(bc.Size, pc.Samples, bc.Samples)
					x.Ratio, x.Significant = 1+c.Delta, c.Significant
				}
				out = append(out, x)
			}
		}
	}
	return out
}

// WriteRatios prints the ratios as a Markdown table: one line per
// algorithm and peer, one column per size; "~" marks a tie.
func WriteRatios(w io.Writer, r *Report) {
	rs := Ratios(r)
	if len(rs) == 0 {
		fmt.Fprintln(w, "no dispatched level with a peer in this run")
		return
	}
	var cols []string
	seen := map[string]bool{}
	for _, x := range rs {
		if !seen[x.Cell] {
			seen[x.Cell] = true
			cols = append(cols, x.Cell)
		}
	}
	fmt.Fprintf(w, "| algorithm | dispatched level | vs | %s |\n|---|---|---|%s\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
	type key struct{ alg, peer string }
	var order []key
	cells := map[key]map[string]Ratio{}
	for _, x := range rs {
		k := key{x.Alg, x.Peer}
		if cells[k] == nil {
			cells[k] = map[string]Ratio{}
			order = append(order, k)
		}
		cells[k][x.Cell] = x
	}
	for _, k := range order {
		var level string
		var vals []string
		for _, c := range cols {
			x, ok := cells[k][c]
			switch {
			case !ok:
				vals = append(vals, "-")
			case x.Significant:
				vals = append(vals, fmt.Sprintf("%.2f", x.Ratio))
				level = x.Level
			default:
				vals = append(vals, fmt.Sprintf("~%.2f", x.Ratio))
				level = x.Level
			}
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", k.alg, level, k.peer, strings.Join(vals, " | "))
	}
	fmt.Fprintln(w, "\nRatios of medians, dispatched level / peer, from one run; ~ marks a difference that is not significant (p >= 0.05): a tie.")
}
