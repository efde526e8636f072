package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/xarchlab/xarch/ci"
	"github.com/xarchlab/xarch/report"
)

// xarch matrix: the CI job matrix (arch x default model x shard) from
// ci/models.json, as JSON for strategy.matrix or as lines for scripts.
func cmdMatrix(args []string) (int, error) {
	fs := flag.NewFlagSet("xarch matrix", flag.ContinueOnError)
	shards := fs.Int("shards", 1, "shards per (arch, model) target")
	archFlag := fs.String("arch", "all", "architectures, comma-separated, or all")
	format := fs.String("format", "json", "json (one line, for $GITHUB_OUTPUT) or lines (arch model shard shards os id, tab-separated)")
	if err := fs.Parse(args); err != nil {
		return 2, nil
	}
	if fs.NArg() > 0 {
		return 2, fmt.Errorf("matrix: unexpected arguments %q", fs.Args())
	}
	table, err := ci.Load()
	if err != nil {
		return 2, err
	}
	var arches []string
	if *archFlag != "all" {
		arches = strings.Split(*archFlag, ",")
	}
	m, err := report.BuildMatrix(table, arches, *shards)
	if err != nil {
		return 2, err
	}
	switch *format {
	case "json":
		b, err := json.Marshal(m)
		if err != nil {
			return 2, err
		}
		fmt.Println(string(b))
	case "lines":
		for _, e := range m.Include {
			fmt.Printf("%s\t%s\t%d\t%d\t%s\t%s\n", e.Arch, e.Model, e.Shard, e.Shards, e.OS, e.ID)
		}
	default:
		return 2, fmt.Errorf("matrix: unknown --format %q (json or lines)", *format)
	}
	return 0, nil
}
