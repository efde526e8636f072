package host

import (
	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/wire"
)

// Vector suite kinds of the family: how its suite judging (RegisterKind)
// turns a file into requests and judges the answers.
const (
	KindSHAVS      = "shavs"       // SHAVS ShortMsg/LongMsg: Len, Msg, MD
	KindSHAVSMonte = "shavs-monte" // SHAVS Monte: Seed, then COUNT/MD checkpoints
)

// HashDigest is one digest of a hash family, as its spec lists it.
type HashDigest struct {
	Op     string // wire op and speed name: "sha384"
	NIST   string // the SHAVS file prefix: "SHA384"
	Size   int    // digest bytes
	GoName string // the Go package of the speed peer
	// Sum is the peer's one-shot function (crypto/sha512.Sum384 ...),
	// writing the digest to out[:Size]; an array kept on the stack, so
	// the peer allocates nothing per operation.
	Sum func(msg []byte, out *[64]byte)
}

// HashSpec builds a hash family's spec: SHAVS Short, Long and Monte files
// per digest, fuzz ops without params, one speed row per digest with Go's
// package and openssl's digest of the same name as peers.
func HashSpec(family string, digests []HashDigest) *algs.Spec {
	s := &algs.Spec{Family: family}
	for _, d := range digests {
		d := d
		s.Ops = append(s.Ops, algs.OpSpec{Name: d.Op})
		var short []string
		var monte []string
		for _, f := range SHAFiles(d.NIST) {
			if f.Monte {
				monte = append(monte, f.Path)
			} else {
				short = append(short, f.Path)
			}
		}
		s.Suites = append(s.Suites,
			algs.VectorSuite{Kind: KindSHAVS, Op: d.Op, Files: short,
				Record: func(path string, line int) (algs.Record, error) { return hashRecord(path, line, d.Op, d.Size) }},
			algs.VectorSuite{Kind: KindSHAVSMonte, Op: d.Op, Files: monte,
				Record: func(path string, line int) (algs.Record, error) { return monteRecord(path, line, d.Op, d.Size) }})
		s.Speed = append(s.Speed, algs.SpeedPeer{Name: d.Op, OpenSSL: d.Op, GoName: d.GoName,
			GoOp: func(size int) (func(int), func() []byte) {
				msg := make([]byte, size)
				wire.SpeedPattern(msg)
				var out [64]byte
				return func(n int) {
						for i := 0; i < n; i++ {
							d.Sum(msg, &out)
						}
					}, func() []byte {
						return append([]byte(nil), out[:d.Size]...)
					}
			}})
	}
	return s
}
