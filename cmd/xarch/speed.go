package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/term"

	"github.com/xarchlab/xarch/driver"
	"github.com/xarchlab/xarch/report/html"
	"github.com/xarchlab/xarch/speed"
	"github.com/xarchlab/xarch/validate"
)

const speedUsage = `Usage:
  xarch speed [--alg sha256,...] [--impl all|I,...] [--bytes 16,64,...] [--seconds S] [--count N]
              [--multi N] [--mask F] [--peers go,openssl,openssl3.5|none] [--json FILE] [--html FILE] [--elapsed] [--no-calibration] [--arch A --model M] [--planted]
              [--openssl installed[,only]]   (OpenSSL's mask levels, each in its own runner, in the same table)
  xarch speed compare [--base-row R --new-row R] [--html FILE] BASE.json [NEW.json]
  xarch speed ratios RUN.json       (Markdown: the dispatched level / each peer, per size)
  xarch speed calibrate [--redo] [--path] [--impl I,...] [--count N] [--seconds S]
              (time both paths of every threshold of this CPU's levels, paired, and keep the
               crossovers in a per-CPU file that xarch speed applies; xarch test and fuzz never do)

Times every usable implementation level inside the runner, plus Go's standard
library and every OpenSSL found on this host (openssl3.0, openssl3.5), openssl-speed style (1000s of
bytes per second, medians of --count interleaved samples; public-key rows such
as rsa2048 count operations per column, sign/s and verify/s, as
'openssl speed rsa2048' does, and ignore --bytes). compare tests each
cell with the Mann-Whitney U test as benchstat does and prints a geomean.
`

func cmdSpeed(args []string) (int, error) {
	if len(args) > 0 && args[0] == "compare" {
		return cmdSpeedCompare(args[1:])
	}
	if len(args) > 0 && args[0] == "calibrate" {
		return cmdSpeedCalibrate(args[1:])
	}
	if len(args) > 0 && args[0] == "ratios" {
		if len(args) != 2 {
			return 2, fmt.Errorf("ratios wants one RUN.json")
		}
		rep, err := speed.Load(args[1])
		if err != nil {
			return 2, err
		}
		speed.WriteRatios(os.Stdout, rep)
		return 0, nil
	}
	fs := flag.NewFlagSet("xarch speed", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, speedUsage, "\nFlags:\n"); fs.PrintDefaults() }
	var c common
	c.register(fs)
	algs := fs.String("alg", "sha256", "algorithms, comma-separated: "+strings.Join(speed.AlgNames(), ", "))
	impls := fs.String("impl", "all", implHelp)
	sizes := fs.String("bytes", "16,64,256,1024,8192,16384", "buffer sizes in bytes, comma-separated")
	seconds := fs.Float64("seconds", 0.5, "window of one sample in seconds (openssl gets this rounded up to whole seconds)")
	count := fs.Int("count", 5, "samples per cell; the table shows the median, the JSON keeps all")
	multi := fs.Int("multi", 1, "run N runners (Go: goroutines, openssl: -multi N) at once and sum, like openssl speed -multi")
	peers := fs.String("peers", "", "peer rows: go, openssl, both comma-separated, or none (default go,openssl natively, none when emulated)")
	jsonOut := fs.String("json", "", "write every sample and the host facts to this file")
	htmlOut := fs.String("html", "", "write the charts (throughput by size; with --mask the fallback ladder; --tune one line per value) to this HTML `FILE`")
	var tunes paramFlags
	fs.Var(&tunes, "tune", "IMPL:NAME=V1,V2,...: time IMPL once per value of a tuning constant it reads at run time, one row each (repeatable)")
	noCal := fs.Bool("no-calibration", false, "leave every threshold at its declared value (default: apply this CPU's calibration file, natively)")
	elapsed := fs.Bool("elapsed", false, "divide by wall-clock time instead of the timing thread's CPU time (openssl speed -elapsed)")
	if err := c.parse(fs, args); err != nil {
		return 2, err
	}
	if fs.NArg() > 0 {
		return 2, fmt.Errorf("unexpected argument %q (flags only; see xarch speed -h)", fs.Arg(0))
	}
	if err := validate.ImplFilter(*impls); err != nil {
		return 2, err
	}
	if c.arch == "" {
		c.arch = runtime.GOARCH
	}
	if c.arch == "all" || strings.Contains(c.arch, ",") {
		return 2, fmt.Errorf("--arch must name one architecture: timing runs one target at a time")
	}
	if c.model == "" && c.arch == runtime.GOARCH {
		c.model = nativeModel(c.arch)
	}
	if strings.Contains(c.model, ",") {
		return 2, fmt.Errorf("--model must name one model")
	}
	if _, err := c.resolve(); err != nil {
		return 2, err
	}
	o := speed.Options{Root: c.root, Seconds: *seconds, Count: *count, Multi: *multi, Planted: c.planted, Elapsed: *elapsed, Command: os.Args,
		NoCalibration: *noCal}
	for _, a := range speedList(*algs) {
		if _, err := speed.LookupAlg(a); err != nil {
			return 2, fmt.Errorf("--alg: %v", err)
		}
		o.Algs = append(o.Algs, strings.ToLower(a))
	}
	o.Impls = speedList(*impls)
	for _, t := range tunes {
		tu, err := speed.ParseTune(t)
		if err != nil {
			return 2, err
		}
		o.Tune = append(o.Tune, tu)
	}
	for _, s := range speedList(*sizes) {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return 2, fmt.Errorf("--bytes: %q is not a positive size", s)
		}
		o.Sizes = append(o.Sizes, n)
	}
	if err := validate.SpeedSizes(o.Algs, o.Sizes); err != nil {
		return 2, err
	}
	if *count < 1 || *multi < 1 || *seconds <= 0 {
		return 2, fmt.Errorf("--count and --multi must be >= 1 and --seconds > 0")
	}
	t, err := c.speedOwnTarget(c.arch, c.model, *impls) // speed_openssl.go
	if err != nil {
		return 2, err
	}
	o.Target = t
	if c.openssl != "" {
		if o.Providers, err = c.speedProviders(c.arch, c.model); err != nil {
			return 2, err
		}
		o.ProvidersOnly = driver.OpenSSLOnly(c.openssl)
	}
	emulated := t.Qemu != ""
	switch p := strings.TrimSpace(*peers); {
	case p == "" && emulated:
		fmt.Fprintf(os.Stderr, "speed: %s is emulated; Go and OpenSSL peers run natively, so they are left out (--peers go,openssl adds them)\n", t)
	case p == "":
		o.Peers = []string{speed.PeerGo, speed.PeerOpenSSL}
	case p == "none":
	default:
		for _, x := range speedList(p) {
			if x != speed.PeerGo && x != speed.PeerOpenSSL && !speed.IsOpenSSLVersion(x) {
				return 2, fmt.Errorf("--peers: %q is not go, openssl (every version found), openssl3.0, openssl3.5 or none", x)
			}
			o.Peers = append(o.Peers, x)
		}
	}
	o.Progress = os.Stderr
	o.Terminal = term.IsTerminal(int(os.Stderr.Fd()))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	rep, err := speed.Run(ctx, o)
	if err != nil {
		return 1, err
	}
	speed.WriteTable(os.Stdout, rep)
	if *jsonOut != "" {
		if err := rep.Save(*jsonOut); err != nil {
			return 1, err
		}
		fmt.Fprintf(os.Stderr, "speed: wrote %s\n", *jsonOut)
	}
	if *htmlOut != "" {
		if err := html.WriteSpeed(*htmlOut, rep); err != nil {
			return 1, err
		}
		fmt.Fprintf(os.Stderr, "speed: wrote %s\n", *htmlOut)
	}
	return 0, nil
}

// cmdSpeedCalibrate measures this CPU's thresholds once; --redo measures
// again over an existing file.
func cmdSpeedCalibrate(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch speed calibrate", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, speedUsage, "\nFlags:\n"); fs.PrintDefaults() }
	var c common
	c.register(fs)
	impls := fs.String("impl", "", "calibrate only these levels (default: every usable level of this arch with a threshold)")
	count := fs.Int("count", 7, "paired samples per path and size")
	seconds := fs.Float64("seconds", 0.1, "window of one sample of one path, seconds of CPU time")
	redo := fs.Bool("redo", false, "measure again and replace this CPU's calibration file")
	pathOnly := fs.Bool("path", false, "print this CPU's calibration file name and exit")
	if err := c.parse(fs, args); err != nil {
		return 2, err
	}
	if fs.NArg() > 0 {
		return 2, fmt.Errorf("unexpected argument %q (flags only)", fs.Arg(0))
	}
	if *impls != "" {
		if err := validate.ImplFilter(*impls); err != nil {
			return 2, err
		}
	}
	if *count < 2 || *seconds <= 0 {
		return 2, fmt.Errorf("--count must be >= 2 (a paired test) and --seconds > 0")
	}
	if c.arch == "" {
		c.arch = runtime.GOARCH
	}
	if c.arch != runtime.GOARCH {
		return 2, fmt.Errorf("calibration times this machine natively; --arch %s is not %s", c.arch, runtime.GOARCH)
	}
	if c.model == "" {
		c.model = nativeModel(c.arch)
	}
	if _, err := c.resolve(); err != nil {
		return 2, err
	}
	t, err := c.target(c.arch, c.model)
	if err != nil {
		return 2, err
	}
	if t.Qemu != "" {
		return 2, fmt.Errorf("calibration times hardware; %s is emulated", t)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	cal, path, old, err := speed.Calibrate(ctx, speed.CalibrateOptions{Target: t, Impls: speedList(*impls), Count: *count,
		Seconds: *seconds, Redo: *redo, PathOnly: *pathOnly, Command: os.Args, Progress: os.Stderr})
	if err != nil {
		return 1, err
	}
	if *pathOnly {
		fmt.Println(path)
		return 0, nil
	}
	if old {
		speed.WriteCalibration(os.Stdout, path, cal)
		fmt.Fprintf(os.Stderr, "speed calibrate: this CPU is calibrated already (%s); --redo measures again\n", path)
		return 0, nil
	}
	if err := cal.Save(path); err != nil {
		return 1, err
	}
	speed.WriteCalibration(os.Stdout, path, cal)
	fmt.Fprintf(os.Stderr, "speed calibrate: wrote %s; xarch speed applies it on this CPU (--no-calibration does not)\n", path)
	return 0, nil
}

func cmdSpeedCompare(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch speed compare", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(os.Stderr, speedUsage, "\nFlags:\n"); fs.PrintDefaults() }
	baseRow := fs.String("base-row", "", "compare only this row of BASE (e.g. sha256/generic, \"go sha256\")")
	newRow := fs.String("new-row", "", "against this row of NEW (default: --base-row); with one file, two rows of the same run")
	htmlOut := fs.String("html", "", "write the per-size diff charts to this HTML `FILE`")
	files, err := parseInterleaved(fs, args) // flags may follow the files
	if err != nil {
		return 2, nil
	}
	if len(files) < 1 || len(files) > 2 {
		return 2, fmt.Errorf("compare wants BASE.json [NEW.json]")
	}
	basePath, newPath := files[0], files[0]
	if len(files) == 2 {
		newPath = files[1]
	}
	base, err := html.LoadSpeed(basePath)
	if err != nil {
		return 2, err
	}
	nw, err := html.LoadSpeed(newPath)
	if err != nil {
		return 2, err
	}
	var pairs []speed.Pair
	switch {
	case *baseRow != "":
		n := *newRow
		if n == "" {
			n = *baseRow
		}
		pairs = []speed.Pair{{Base: *baseRow, New: n}}
	case *newRow != "":
		return 2, fmt.Errorf("--new-row needs --base-row")
	}
	d, err := speed.Compare(base, nw, pairs)
	if err != nil {
		return 2, err
	}
	speed.WriteDiff(os.Stdout, d, basePath, newPath)
	if *htmlOut != "" {
		if err := html.WriteCompare(*htmlOut, basePath, newPath, d); err != nil {
			return 1, err
		}
		fmt.Fprintf(os.Stderr, "speed compare: wrote %s\n", *htmlOut)
	}
	return 0, nil
}

func speedList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
