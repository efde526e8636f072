package report

import (
	"fmt"
	"strings"

	"github.com/xarchlab/xarch/ci"
)

// MatrixEntry is one job of the CI matrix: one shard of one (arch, model)
// target, run as `xarch test --arch ARCH --model MODEL --shard SHARD/SHARDS`.
type MatrixEntry struct {
	Arch   string `json:"arch"`
	Model  string `json:"model"`
	Shard  int    `json:"shard"`
	Shards int    `json:"shards"`
	OS     string `json:"os"` // the runs-on label
	ID     string `json:"id"` // unique, usable as an artifact name
}

// Matrix is a GitHub Actions strategy.matrix value.
type Matrix struct {
	Include []MatrixEntry `json:"include"`
}

// MaxJobs is GitHub's limit on the jobs one matrix may generate.
const MaxJobs = 256

// BuildMatrix lists arch x model x shard for the given arches (all when
// empty), each arch's default models (those `xarch test --arch all` runs).
func BuildMatrix(t *ci.Table, arches []string, shards int) (*Matrix, error) {
	if shards < 1 {
		return nil, fmt.Errorf("--shards must be at least 1 (got %d)", shards)
	}
	if len(arches) == 0 {
		arches = t.ArchNames()
	}
	m := &Matrix{Include: []MatrixEntry{}}
	for _, a := range arches {
		row, err := t.Find(a)
		if err != nil {
			return nil, err
		}
		models, err := row.Select("")
		if err != nil {
			return nil, err
		}
		for _, md := range models {
			// Hosted runner labels (ci/models.json): qemu targets run on
			// the table's, a native model needs one of its own arch.
			os := t.HostedRunner
			if md.Native {
				os = row.HostedRunner
				if os == "" {
					return nil, fmt.Errorf("ci/models.json: native %s model %q is in the default set, but there is no hosted %s runner", a, md.Label(), a)
				}
			}
			for i := 1; i <= shards; i++ {
				m.Include = append(m.Include, MatrixEntry{Arch: a, Model: md.Label(), Shard: i, Shards: shards, OS: os,
					ID: fmt.Sprintf("%s-%s-%dof%d", a, artifactSafe(md.Label()), i, shards)})
			}
		}
	}
	if len(m.Include) > MaxJobs {
		return nil, fmt.Errorf("matrix of %d jobs exceeds GitHub's limit of %d: use fewer shards", len(m.Include), MaxJobs)
	}
	return m, nil
}

// artifactSafe keeps letters, digits, '.', '_' and '-'.
func artifactSafe(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '-':
			return r
		}
		return '_'
	}, s)
}
