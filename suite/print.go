package suite

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"
)

// Row is one line of the matrix: an implementation on a target, over all
// its vector files.
type Row struct {
	Arch, Model, Impl string
	Status            Status
	Cases, Passed     int
	Note              string
	Elapsed           time.Duration
}

// Rows folds results into matrix rows, in result order.
func (r *Report) Rows() []Row {
	var rows []Row
	idx := map[string]int{}
	// Files left to a twin, per row: one note per row, not one per file
	// (AESAVS has dozens). A target has one home, so a row has one twin.
	type twin struct {
		home  string
		files int
	}
	ranOn := map[int]*twin{}
	for _, res := range r.Results {
		k := res.Arch + "\x00" + res.Model + "\x00" + res.Impl
		i, ok := idx[k]
		if !ok {
			i = len(rows)
			idx[k] = i
			rows = append(rows, Row{Arch: res.Arch, Model: res.Model, Impl: res.Impl, Status: res.Status})
		}
		row := &rows[i]
		row.Cases += res.Cases
		row.Passed += res.Passed
		row.Elapsed += res.Elapsed
		switch {
		case res.Status == Failed:
			row.Status = Failed
		case res.Status == NotEmulated && row.Status != Failed:
			// An excused emulator fault (suite/memprobe.go): the
			// implementation was not fully judged, so it did not pass.
			row.Status = NotEmulated
		case res.Status == Passed && row.Status == Skipped:
			row.Status = Passed
		}
		if res.RanOn != "" {
			if ranOn[i] == nil {
				ranOn[i] = &twin{home: res.RanOn}
			}
			ranOn[i].files++
			continue
		}
		// A named row's note says what it reproduces and its evidence.
		if res.Reason != "" && (res.Status != Passed || strings.HasPrefix(res.Impl, "report/")) {
			note := res.Reason
			if res.File != "" && !strings.HasPrefix(note, res.File+":") {
				note = shortFile(res.File) + ": " + note
			}
			if row.Note != "" {
				row.Note += "; "
			}
			row.Note += note
		}
	}
	for i, tw := range ranOn {
		note := fmt.Sprintf("%d vector files %s", tw.files, ranOnReason(tw.home))
		if tw.files == 1 {
			note = "1 vector file " + ranOnReason(tw.home)
		}
		if rows[i].Note != "" {
			rows[i].Note += "; "
		}
		rows[i].Note += note
	}
	return rows
}

// RanOnTwin counts the vector files left to a twin target (twins.go).
func (r *Report) RanOnTwin() int {
	n := 0
	for _, res := range r.Results {
		if res.RanOn != "" {
			n++
		}
	}
	return n
}

// RowCounts counts matrix rows by status.
func (r *Report) RowCounts() (p, f, s int) {
	for _, row := range r.Rows() {
		switch row.Status {
		case Passed:
			p++
		case Failed:
			f++
		default:
			s++
		}
	}
	return
}

func shortFile(f string) string {
	if i := strings.LastIndex(f, "/"); i >= 0 {
		return f[i+1:]
	}
	return f
}

// Print writes the matrix, the failures with their repro lines, the notes
// and the totals. The last line is "xarch: N passed, N failed, N skipped".
func (r *Report) Print(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ARCH\tMODEL\tIMPLEMENTATION\tRESULT\tCASES\tTIME\tNOTE")
	cases, passedCases := 0, 0
	for _, row := range r.Rows() {
		cs := "-"
		if row.Cases > 0 {
			cs = fmt.Sprintf("%d/%d", row.Passed, row.Cases)
		}
		el := "-"
		if row.Elapsed > 0 {
			el = row.Elapsed.Round(10 * time.Millisecond).String()
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", row.Arch, row.Model, row.Impl, strings.ToUpper(string(row.Status)), cs, el, row.Note)
		cases += row.Cases
		passedCases += row.Passed
	}
	tw.Flush()

	var failures, emulator []string
	for _, res := range r.Results {
		for _, f := range res.Failures {
			line := fmt.Sprintf("  %s/%s %s: %s: %s\n      repro: %s", res.Arch, res.Model, res.Impl, f.Where, f.Msg, f.Repro)
			if res.Status == NotEmulated {
				emulator = append(emulator, line)
				continue
			}
			failures = append(failures, line)
		}
		if res.Status == Failed && len(res.Failures) == 0 {
			failures = append(failures, fmt.Sprintf("  %s/%s %s: %s", res.Arch, res.Model, res.Impl, res.Reason))
		}
	}
	if len(failures) > 0 {
		fmt.Fprintf(w, "\nFAILURES (at most %d listed per file)\n%s\n", maxListed, strings.Join(failures, "\n"))
	}
	if len(emulator) > 0 {
		fmt.Fprintf(w, "\nEMULATOR FAULTS (excused: the faulting instruction is a form whose memory-operand probe fails on this emulator, see PROBES)\n%s\n", strings.Join(emulator, "\n"))
	}
	printProbes(w, r.Probes)
	if len(r.Notes) > 0 {
		fmt.Fprintf(w, "\nNOTES\n  %s\n", strings.Join(r.Notes, "\n  "))
	}
	p, f, s := r.RowCounts()
	arches := map[string]bool{}
	for _, res := range r.Results {
		arches[res.Arch] = true
	}
	fmt.Fprintf(w, "\n%d arches, %d targets, %d of %d cases passed, wall time %s\n", len(arches), r.Targets, passedCases, cases, r.Wall.Round(100*time.Millisecond))
	if n := r.RanOnTwin(); n > 0 {
		fmt.Fprintf(w, "%d vector-file runs skipped on a twin target: the level requires no CPU feature, and the file ran on a target with the same runner and emulator (see NOTE; --every-model runs them everywhere)\n", n)
	}
	unfaithful := 0
	for _, row := range r.Rows() {
		if row.Status == NotEmulated {
			unfaithful++
		}
	}
	if unfaithful > 0 {
		// Counted with the skipped: the emulator, not the kernel, is wrong.
		fmt.Fprintf(w, "xarch: %d passed, %d failed, %d skipped (%d of them not faithfully emulated, see PROBES)\n", p, f, s, unfaithful)
		return
	}
	fmt.Fprintf(w, "xarch: %d passed, %d failed, %d skipped\n", p, f, s)
}
