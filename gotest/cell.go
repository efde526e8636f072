package gotest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/internal/shell"
	"github.com/xarchlab/xarch/suite"
)

// cellArgv is the command of one run; run narrows -test.run.
func cellArgv(o Options, c cell, run string, verbose bool) []string {
	var argv []string
	if c.target.Qemu != "" {
		argv = append(argv, c.target.Qemu)
		if c.target.CPU != "" {
			argv = append(argv, "-cpu", c.target.CPU)
		}
	}
	argv = append(argv, c.target.Binary)
	if verbose {
		argv = append(argv, "-test.v=test2json")
	} else {
		argv = append(argv, "-test.v")
	}
	if run != "" {
		argv = append(argv, "-test.run", run)
	}
	if o.Short {
		argv = append(argv, "-test.short")
	}
	argv = append(argv, "-test.timeout", o.Timeout.String())
	return append(argv, o.Args...)
}

// repro is the one-line command that reruns a failing test.
func repro(o Options, c cell, run string) string {
	return reproLine(c, cellArgv(o, c, run, false))
}

// reproLine is argv as a shell line in the package's directory, with the
// cell's GODEBUG.
func reproLine(c cell, argv []string) string {
	s := "cd " + shell.Quote(c.pkg.Dir) + " && "
	if g := c.mask.GODEBUG(); g != "" {
		s += shell.Quote("GODEBUG="+g) + " "
	}
	return s + shell.Join(argv)
}

// testEvent is one line of go tool test2json.
type testEvent struct {
	Action string
	Test   string
	Output string
}

var test2jsonOnce struct {
	sync.Once
	path string
}

// test2json converts -test.v=test2json output to events.
func test2json(pkg string, out []byte) []testEvent {
	test2jsonOnce.Do(func() {
		cmd := exec.Command("go", "tool", "-n", "test2json")
		cmd.Dir = os.TempDir()
		if b, err := cmd.Output(); err == nil {
			p := strings.TrimSpace(string(b))
			if _, err := os.Stat(p); err == nil {
				test2jsonOnce.path = p
			}
		}
	})
	var cmd *exec.Cmd
	if test2jsonOnce.path != "" {
		cmd = exec.Command(test2jsonOnce.path, "-p", pkg)
	} else {
		cmd = exec.Command("go", "tool", "test2json", "-p", pkg)
		cmd.Dir = os.TempDir()
	}
	cmd.Stdin = bytes.NewReader(out)
	b, _ := cmd.Output()
	var evs []testEvent
	dec := json.NewDecoder(bytes.NewReader(b))
	for dec.More() {
		var e testEvent
		if dec.Decode(&e) != nil {
			break
		}
		evs = append(evs, e)
	}
	return evs
}

// testOutcome is what the events say about one test.
type testOutcome struct {
	name   string
	action string // pass, fail, skip, "" (never ended: running at a crash)
	output strings.Builder
}

// runCell runs one test binary on one target under one mask.
func runCell(o Options, c cell, noBinfmt bool) suite.Result {
	res := suite.Result{Arch: c.arch, Model: c.model.Label(), Impl: c.pkg.ImportPath, File: "mask:" + c.mask.Name}
	env := os.Environ()
	if g := c.mask.GODEBUG(); g != "" {
		if old := os.Getenv("GODEBUG"); old != "" {
			g = old + "," + g
		}
		env = append(env, "GODEBUG="+g)
	}
	hostTimeout := o.Timeout + time.Minute
	run := driver.Exec(driver.Command{Argv: cellArgv(o, c, o.Run, true), Dir: c.pkg.Dir, Env: env, Timeout: hostTimeout})
	res.Elapsed = run.Elapsed
	raw := run.Output
	runErr := run.Err

	var tests []*testOutcome
	byName := map[string]*testOutcome{}
	var pkgOutput strings.Builder
	for _, e := range test2json(c.pkg.ImportPath, raw) {
		if e.Test == "" {
			if e.Action == "output" {
				pkgOutput.WriteString(e.Output)
			}
			continue
		}
		top := e.Test
		if i := strings.IndexByte(top, '/'); i >= 0 && e.Action != "output" {
			// Subtests count with their test; their output is the test's.
			if t := byName[e.Test]; t == nil {
				byName[e.Test] = &testOutcome{name: e.Test}
			}
			t := byName[e.Test]
			if e.Action == "pass" || e.Action == "fail" || e.Action == "skip" {
				t.action = e.Action
			}
			continue
		}
		t := byName[e.Test]
		if t == nil {
			t = &testOutcome{name: e.Test}
			byName[e.Test] = t
			if !strings.Contains(e.Test, "/") {
				tests = append(tests, t)
			}
		}
		switch e.Action {
		case "output":
			// Output of a subtest belongs to its top-level test too.
			if i := strings.IndexByte(e.Test, '/'); i >= 0 {
				if tt := byName[e.Test[:i]]; tt != nil {
					tt.output.WriteString(e.Output)
				}
			} else {
				t.output.WriteString(e.Output)
			}
		case "pass", "fail", "skip":
			t.action = e.Action
		}
	}

	var passed, failed, skipped, binfmtTests []string
	var running *testOutcome
	for _, t := range tests {
		res.Cases++
		switch t.action {
		case "pass":
			passed = append(passed, t.name)
		case "skip":
			skipped = append(skipped, t.name)
		case "fail":
			if noBinfmt && execFormat.MatchString(t.output.String()) {
				binfmtTests = append(binfmtTests, t.name)
				continue
			}
			failed = append(failed, t.name)
		default:
			running = t
		}
	}
	res.Passed = len(passed)

	// How the process ended.
	crash := ""
	switch {
	case run.TimedOut:
		crash = "host timeout (killed after " + hostTimeout.String() + ")"
	case bytes.Contains(raw, []byte("panic: test timed out after")):
		crash = "a timeout (-test.timeout " + o.Timeout.String() + ")"
	case runErr != nil:
		crash = run.Signal
	}

	failWith := func(where, msg, run string) {
		res.Failures = append(res.Failures, suite.Failure{Where: where, Msg: trimOutput(msg), Repro: repro(o, c, run)})
	}
	for _, name := range failed {
		failWith(name, byName[name].output.String(), runPattern(name, byName))
	}
	switch {
	case crash != "":
		where := "package " + c.pkg.ImportPath
		run := o.Run
		if running != nil {
			where = running.name
			run = runPattern(running.name, byName)
		}
		msg := running.outputOr(pkgOutput.String() + string(tail(raw, 4000)))
		what := "crashed with " + crash
		if strings.HasPrefix(crash, "a timeout") || strings.HasPrefix(crash, "host timeout") {
			what = "stopped by " + crash
		}
		res.Status, res.Reason = suite.Failed, fmt.Sprintf("%s in %s", what, where)
		failWith(where, msg, run)
	case len(failed) > 0:
		res.Status = suite.Failed
		res.Reason = fmt.Sprintf("%d of %d tests failed: %s", len(failed), res.Cases, strings.Join(limitList(failed, 5), ", "))
	case runErr != nil && len(binfmtTests) == 0:
		// Failed outside any test (TestMain, init, a panic between tests).
		res.Status = suite.Failed
		res.Reason = "test binary failed: " + runErr.Error()
		failWith("package "+c.pkg.ImportPath, pkgOutput.String()+string(tail(raw, 4000)), o.Run)
	case len(binfmtTests) > 0:
		res.Status = suite.Skipped
		res.Reason = fmt.Sprintf("%d test(s) %s (%s; %d other tests passed)", len(binfmtTests), binfmtFix(c.target.Qemu), strings.Join(limitList(binfmtTests, 5), ", "), len(passed))
	case res.Cases == 0:
		res.Status = suite.Skipped
		res.Reason = "no tests ran"
		if o.Run != "" {
			res.Reason += " (-run " + o.Run + ")"
		}
	case len(passed) == 0:
		res.Status = suite.Skipped
		res.Reason = fmt.Sprintf("every test skipped itself (%s)", strings.Join(limitList(skipped, 5), ", "))
	default:
		res.Status = suite.Passed
	}
	return res
}

func (t *testOutcome) outputOr(s string) string {
	if t == nil {
		return s
	}
	return t.output.String() + s
}

// runPattern narrows -test.run to one test: ^TestX$, or ^TestX$/^Sub$
// when one of its subtests failed and the test itself has none of its own
// output to show.
func runPattern(name string, byName map[string]*testOutcome) string {
	pat := "^" + regexp.QuoteMeta(name) + "$"
	// The first failing subtest, if any, narrows further.
	var subs []string
	for n, t := range byName {
		if strings.HasPrefix(n, name+"/") && t.action == "fail" && !strings.Contains(n[len(name)+1:], "/") {
			subs = append(subs, n)
		}
	}
	if len(subs) == 1 {
		pat += "/^" + regexp.QuoteMeta(subs[0][len(name)+1:]) + "$"
	}
	return pat
}

func limitList(xs []string, n int) []string {
	if len(xs) <= n {
		return xs
	}
	return append(append([]string(nil), xs[:n]...), fmt.Sprintf("and %d more", len(xs)-n))
}

func tail(b []byte, n int) []byte {
	if len(b) <= n {
		return b
	}
	return b[len(b)-n:]
}

// trimOutput keeps a failure's output readable: at most 30 lines of at
// most 300 bytes, the test2json framing bytes removed.
func trimOutput(s string) string {
	s = strings.ReplaceAll(s, "\x16", "")
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if len(l) > 300 {
			lines[i] = l[:240] + fmt.Sprintf("... (%d more bytes)", len(l)-240)
		}
	}
	if len(lines) > 30 {
		lines = append(lines[:15], append([]string{fmt.Sprintf("    ... %d lines ...", len(lines)-30)}, lines[len(lines)-15:]...)...)
	}
	return strings.Join(lines, "\n")
}

// sortGotest orders cells: arch (as selected), package, model, mask.
func sortGotest(rs []suite.Result, arches []string) {
	order := map[string]int{}
	for i, a := range arches {
		order[a] = i
	}
	maskRank := func(f string) string {
		switch f {
		case "mask:none":
			return "0"
		case "mask:all":
			return "2"
		}
		return "1" + f
	}
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		if a.Arch != b.Arch {
			return order[a.Arch] < order[b.Arch]
		}
		if a.Impl != b.Impl {
			return a.Impl < b.Impl
		}
		if a.Model != b.Model {
			return a.Model < b.Model
		}
		return maskRank(a.File) < maskRank(b.File)
	})
}
