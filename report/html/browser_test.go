package html

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/xarchlab/xarch/speed"
	"github.com/xarchlab/xarch/suite"
)

// chromium finds Debian's chromium (ci/install-deps.sh installs it). In CI
// a missing browser fails the test; elsewhere it is skipped, loudly.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if suite.IsCI() {
		t.Fatal("chromium is not installed: the HTML report cannot be checked in a browser (ci/install-deps.sh installs it)")
	}
	t.Skip("SKIPPED, NOT PASSED: chromium is not installed (bash ci/install-deps.sh); the HTML report was not checked in a browser")
	return ""
}

// browse opens url in headless Chromium and returns a context for actions
// and the URLs of every request the page made.
func browse(t *testing.T, url string) (context.Context, func() []string) {
	exe := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe), chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 1000),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	var mu sync.Mutex
	var urls []string
	// Before the first navigation: Listen starts the browser, whose
	// target has the network domain enabled from the start.
	require.NoError(t, chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*network.EventRequestWillBeSent); ok {
			mu.Lock()
			urls = append(urls, e.Request.URL)
			mu.Unlock()
		}
	}))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url), chromedp.WaitReady(chromedp.CSS("body"))))
	return ctx, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), urls...)
	}
}

// eval runs JavaScript in the page and decodes its value.
func eval[T any](t *testing.T, ctx context.Context, js string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	require.NoError(t, err, "evaluating %s", js)
	return v
}

// serve serves one file and counts what is asked of the server.
func serve(t *testing.T, path string) (string, func() []string) {
	var mu sync.Mutex
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		asked = append(asked, r.URL.Path)
		mu.Unlock()
		if r.URL.Path != "/report.html" {
			http.NotFound(w, r)
			return
		}
		http.ServeFile(w, r, path)
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/report.html", func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), asked...)
	}
}

// rawCells counts the (level, target) pairs of a JSON report straight from
// the file, independently of BuildMatrix.
func rawCells(t *testing.T, path string) (map[string]string, []map[string]any) {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var f struct {
		Results []map[string]any `json:"results"`
	}
	require.NoError(t, json.Unmarshal(b, &f))
	cells := map[string]string{}
	for _, r := range f.Results {
		k := fmt.Sprintf("%s|%s/%s", r["impl"], r["arch"], r["model"])
		if cells[k] != "failed" {
			cells[k] = r["status"].(string)
		}
	}
	return cells, f.Results
}

func TestHTMLInBrowser(t *testing.T) {
	exe := chromium(t)
	t.Logf("browser: %s", exe)
	testJSON := filepath.Join("testdata", "planted.json")
	speedJSON := filepath.Join("testdata", "speed-gcm-mask-vaes.json")
	var docs []*Doc
	for _, p := range []string{testJSON, speedJSON} {
		d, err := Load(p)
		require.NoError(t, err)
		docs = append(docs, d)
	}
	page, err := FromDocs(docs)
	require.NoError(t, err)
	out := filepath.Join(t.TempDir(), "report.html")
	require.NoError(t, WriteFile(out, page))

	url, asked := serve(t, out)
	ctx, requests := browse(t, url)

	// One cell per (level, target) of the JSON.
	cells, results := rawCells(t, testJSON)
	n := eval[int](t, ctx, `document.querySelectorAll("td.cell").length`)
	require.Equal(t, len(cells), n, "grid cells vs (level, target) pairs of the JSON")

	// The planted failure: red, and its detail shows its repro line.
	const impl, target = "sha256/planted-threshold", "amd64/native"
	require.Equal(t, "failed", cells[impl+"|"+target], "fixture: the planted level fails natively")
	var repro string
	for _, r := range results {
		if r["impl"] == impl && r["arch"].(string)+"/"+r["model"].(string) == target && r["status"] == "failed" {
			if fs, ok := r["failures"].([]any); ok && len(fs) > 0 {
				repro = fs[0].(map[string]any)["repro"].(string)
				break
			}
		}
	}
	require.NotEmpty(t, repro)
	sel := fmt.Sprintf(`td.cell[data-impl=%q][data-target=%q]`, impl, target)
	bg := eval[string](t, ctx, fmt.Sprintf(`getComputedStyle(document.querySelector(%q)).backgroundColor`, sel))
	require.Equal(t, "rgb(198, 40, 40)", bg, "the planted failure's cell must be red")
	passedBg := eval[string](t, ctx, `getComputedStyle(document.querySelector('td.cell[data-impl="sha256/generic"][data-target="amd64/native"]')).backgroundColor`)
	require.Equal(t, "rgb(46, 125, 50)", passedBg, "a passing cell is green")
	detailSel := fmt.Sprintf(`section.detail[data-impl=%q][data-target=%q]`, impl, target)
	require.False(t, eval[bool](t, ctx, fmt.Sprintf(`getComputedStyle(document.querySelector(%q)).display !== "none"`, detailSel)),
		"a cell's detail is closed until it is opened")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel+" a")), chromedp.WaitVisible(chromedp.CSS(detailSel))))
	detail := eval[string](t, ctx, fmt.Sprintf(`document.querySelector(%q).innerText`, detailSel))
	require.Contains(t, detail, repro, "the opened cell shows its repro line")

	// The throughput chart: one line per row of the speed report, found in
	// the SVG by the colour the table gives it.
	sr, err := LoadSpeed(speedJSON)
	require.NoError(t, err)
	type seg struct {
		Series, Color string
		Lines         int
	}
	segs := eval[[]seg](t, ctx, `(function(){
	  var fig = document.querySelector('.figure[data-kind="lines"]'); if (!fig) return [];
	  var paths = fig.querySelectorAll("svg path"), out = [];
	  fig.querySelectorAll("[data-series]").forEach(function (s) {
	    var c = s.dataset.color, best = 0;
	    paths.forEach(function (p) {
	      var st = p.getAttribute("style") || "";
	      if (st.indexOf("stroke:" + c) < 0) return;
	      var n = (p.getAttribute("d").match(/L/g) || []).length;
	      if (n > best) best = n;
	    });
	    out.push({Series: s.dataset.series, Color: c, Lines: best});
	  });
	  return out;
	})()`)
	var rows []string
	for _, r := range sr.Rows {
		rows = append(rows, rowName(r))
	}
	var got []string
	for _, s := range segs {
		got = append(got, s.Series)
		sizes := len(sizesOf([]speed.Row{*sr.FindRow(strings.TrimSuffix(s.Series, " *"))}))
		require.Equal(t, sizes-1, s.Lines, "series %s (%s): its line joins its %d sizes", s.Series, s.Color, sizes)
	}
	require.Equal(t, rows, got, "one line per level and peer")
	ladder := eval[int](t, ctx, `document.querySelectorAll('.figure[data-kind="ladder"] svg').length`)
	require.Equal(t, 1, ladder, "a masked run draws the fallback ladder")

	// Screenshots of the matrix and of the first chart
	// (XARCH_SCREENSHOTS=DIR keeps them: docs/img).
	dir := t.TempDir()
	if d := os.Getenv("XARCH_SCREENSHOTS"); d != "" {
		dir = d
	}
	chartID := eval[string](t, ctx, `document.querySelector('.figure[data-kind="lines"]').previousElementSibling.id`)
	for name, anchor := range map[string]string{"report.png": "#grid", "speed.png": "#" + chartID} {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+anchor), chromedp.WaitReady(chromedp.CSS(anchor))))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		require.NoError(t, err)
		require.Greater(t, len(png), 10000, "screenshot %s", name)
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), png, 0o644))
		t.Logf("screenshot: %s", filepath.Join(dir, name))
	}

	// Nothing but the page was fetched: by the browser, or from the server.
	for _, u := range requests() {
		require.True(t, strings.HasPrefix(u, url), "the page fetched %s", u)
	}
	require.NotEmpty(t, requests(), "the request listener saw the page itself")
	for _, p := range asked() {
		require.Equal(t, "/report.html", p, "the server was asked for %s", p)
	}
}
