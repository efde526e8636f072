package speed

import (
	"fmt"
	"io"
	"strings"
)

// EmulatedBanner heads and ends every table whose numbers come from an
// emulator.
const EmulatedBanner = "emulated: not hardware timing"

// WriteTable prints the report the way `openssl speed` does: one row per
// implementation and peer, one column per buffer size, medians in 1000s of
// bytes per second.
func WriteTable(w io.Writer, r *Report) {
	emu := r.Target.Emulated
	if emu {
		fmt.Fprintf(w, "%s (%s)\n", EmulatedBanner, r.Target.Emulator)
	}
	fmt.Fprintf(w, "xarch speed on %s/%s; host CPU: %s\n", r.Target.Arch, r.Target.Model, r.Host.CPUModel)
	fmt.Fprintf(w, "host: %s/%s, kernel %s, %d CPUs, %s; runner %s %s\n", r.Host.OS, r.Host.Arch, r.Host.Kernel,
		r.Host.NumCPU, r.Host.GoVersion, r.Target.RunnerGo, r.Target.Compiler)
	mask := "none"
	if len(r.Target.Masked) > 0 {
		mask = strings.Join(r.Target.Masked, ",")
	}
	fmt.Fprintf(w, "features: %s; masked: %s\n", strings.Join(r.Target.Detected, " "), mask)
	WriteCalibrationUse(w, r.Calibration)
	clock := "CPU"
	if r.Config.Clock == ClockWall {
		clock = "wall-clock"
	}
	win := fmt.Sprintf("%.3g s of %s time", r.Config.Seconds, clock)
	if r.Config.OpenSSLSeconds > 0 {
		win += fmt.Sprintf(" (openssl: -seconds %d)", r.Config.OpenSSLSeconds)
	}
	multi := ""
	if r.Config.Multi > 1 {
		multi = fmt.Sprintf(", %d runners in parallel, summed", r.Config.Multi)
	}
	fmt.Fprintf(w, "%d samples per cell of %s each, rows interleaved%s; the table shows medians\n", r.Config.Count, win, multi)
	if r.Config.Clock == ClockWall {
		fmt.Fprintln(w, "rates divide by wall-clock time (--elapsed)")
	} else {
		fmt.Fprintln(w, "rates divide by the timing thread's CPU time, as openssl speed does without -elapsed")
	}
	numbers := false
	for _, alg := range r.Config.Algs {
		var rows []Row
		for _, row := range r.Rows {
			if row.Alg == alg {
				rows = append(rows, row)
			}
		}
		if len(rows) == 0 {
			continue
		}
		if len(rows[0].Columns) > 0 {
			writeOpsTable(w, alg, rows)
			continue
		}
		if !numbers {
			fmt.Fprintln(w, "The 'numbers' are in 1000s of bytes per second processed.")
			numbers = true
		}
		writeAlgTable(w, alg, rows, r.Config.Sizes)
	}
	said := map[string]bool{}
	for _, row := range r.Rows {
		if row.Best && !said[row.Label()] {
			fmt.Fprintf(w, "* %s is the level dispatch picks here\n", row.Label())
			said[row.Label()] = true
		}
	}
	WriteLosses(w, DispatchLosses(r))
	for _, row := range r.Rows {
		switch row.Kind {
		case KindGo:
			fmt.Fprintf(w, "%s: Go %s %s on the host\n", row.Label(), r.Host.GoVersion, goName(row.Alg))
		case KindOpenSSL:
			v := row.Source
			if v == "" {
				v = r.Host.OpenSSL
			}
			fmt.Fprintf(w, "%s: %s, `%s`\n", row.Label(), v, opensslCommand(row.Alg))
		case KindProvider:
			if !said["provider "+row.Label()] { // one line per level, not per algorithm
				fmt.Fprintf(w, "%s: %s, in the provider runner\n", row.Label(), row.Source)
				said["provider "+row.Label()] = true
			}
		}
	}
	for _, s := range r.Skipped {
		fmt.Fprintf(w, "not timed: %s (%s): %s\n", s.Name, s.Alg, s.Why)
	}
	if worst, where := noisiest(r); worst > 0 {
		fmt.Fprintf(w, "widest spread in a cell (max-min)/median: %.1f%% (%s)\n", 100*worst, where)
	}
	if emu {
		fmt.Fprintln(w, EmulatedBanner)
	}
}

func opensslCommand(alg string) string {
	if a, err := LookupAlg(alg); err == nil {
		return a.OpenSSLCommand()
	}
	return "openssl speed -evp " + alg
}

func goName(alg string) string {
	if a, err := LookupAlg(alg); err == nil {
		return a.GoName
	}
	return alg
}

// writeAlgTable prints one algorithm's table; the corner names the
// algorithm, since level names (aes/aesni) do not say the mode.
func writeAlgTable(w io.Writer, alg string, rows []Row, sizes []int) {
	width := len(alg)
	for _, row := range rows {
		if n := len(rowTitle(row)); n > width {
			width = n
		}
	}
	fmt.Fprintf(w, "%-*s", width, alg)
	for _, s := range sizes {
		fmt.Fprintf(w, " %12s", fmt.Sprintf("%d bytes", s))
	}
	fmt.Fprintln(w)
	for _, row := range rows {
		fmt.Fprintf(w, "%-*s", width, rowTitle(row))
		for _, s := range sizes {
			c := row.Cell(s)
			if c == nil || len(c.Samples) == 0 {
				fmt.Fprintf(w, " %12s", "-")
				continue
			}
			fmt.Fprintf(w, " %11.2fk", c.Median())
		}
		fmt.Fprintln(w)
	}
}

// writeOpsTable prints an algorithm that counts operations (rsa2048),
// the way `openssl speed rsa2048` does: seconds per operation, then
// operations per second, per column.
func writeOpsTable(w io.Writer, alg string, rows []Row) {
	width := len(alg)
	for _, row := range rows {
		if n := len(rowTitle(row)); n > width {
			width = n
		}
	}
	cols := rows[0].Columns
	fmt.Fprintf(w, "%-*s", width, alg)
	for _, c := range cols {
		fmt.Fprintf(w, " %11s", c)
	}
	for _, c := range cols {
		fmt.Fprintf(w, " %11s", c+"/s")
	}
	fmt.Fprintln(w)
	for _, row := range rows {
		fmt.Fprintf(w, "%-*s", width, rowTitle(row))
		for pass := 0; pass < 2; pass++ {
			for i := range cols {
				c := row.Cell(i + 1)
				if c == nil || len(c.Samples) == 0 || !(c.Median() > 0) {
					fmt.Fprintf(w, " %11s", "-")
					continue
				}
				if pass == 0 {
					fmt.Fprintf(w, " %10.6fs", 1/c.Median())
				} else {
					fmt.Fprintf(w, " %11.1f", c.Median())
				}
			}
		}
		fmt.Fprintln(w)
	}
}

func rowTitle(r Row) string {
	if r.Best {
		return r.Label() + " *"
	}
	return r.Label()
}

func noisiest(r *Report) (float64, string) {
	worst, where := 0.0, ""
	for _, row := range r.Rows {
		for _, c := range row.Cells {
			if s := c.Spread(); s > worst {
				worst, where = s, fmt.Sprintf("%s, %s", row.Label(), row.CellName(c.Size))
			}
		}
	}
	return worst, where
}
