package suite

import (
	"fmt"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/vectors"
)

// auditVectors compares the suites' vector files with the manifest of the
// vendored ones (vectors.Audit): a file cut at a record boundary parses
// and passes with fewer vectors, so its count is checked here. A count
// that differs is a note, or under CI an error; different bytes with the
// same count are a note.
func auditVectors(o Options) ([]string, error) {
	var files []string
	for _, s := range algs.All() {
		for _, vs := range s.Suites {
			if !vs.Synthetic {
				files = append(files, vs.Files...)
			}
		}
	}
	found, err := vectors.Audit(o.VectorsDir, files)
	if err != nil {
		return nil, err
	}
	var notes, errs []string
	for _, f := range found {
		notes = append(notes, "vectors: "+f.Msg)
		if f.Count {
			errs = append(errs, f.Msg)
		}
	}
	if o.CI && len(errs) > 0 {
		return nil, fmt.Errorf("vector files differ from the vendored ones (CI=true): %s", strings.Join(errs, "; "))
	}
	return notes, nil
}
