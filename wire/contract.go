package wire

// The contract both sides read: tuning constants as the runner reports
// them. Op names, implementation info and result tags join it here so the
// host never imports target code.

// Unit says what a tuning constant counts, so the case generator, the
// suite's edge checks and archtest turn it into byte lengths one way.
type Unit string

const (
	// Bytes: the value is a length in bytes (a threshold, a stride).
	Bytes Unit = "bytes"
	// Blocks: the value counts the family's blocks (16 bytes for AES,
	// 64 for SHA-256, 128 for SHA-512): an interleave width, a batch.
	Blocks Unit = "blocks"
	// Other: not a length (an alignment, an unroll of rounds, a register
	// count); documented, not probed around.
	Other Unit = "other"
)

// Tuning is one constant a kernel is built around.
type Tuning struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
	Unit  Unit   `json:"unit"`
}

// TuningLengths turns the length-like constants into byte lengths, given
// the family's block size: the lengths whose neighbourhoods are edges.
// Values of 0 or less are left out.
func TuningLengths(ts []Tuning, blockBytes int) []int {
	var out []int
	for _, t := range ts {
		v := t.Value
		switch t.Unit {
		case Blocks:
			v *= blockBytes
		case Bytes:
		default:
			continue
		}
		if v > 0 {
			out = append(out, v)
		}
	}
	return out
}
