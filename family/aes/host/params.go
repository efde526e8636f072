package host

import (
	"fmt"
	"strings"

	"github.com/xarchlab/xarch/algs"
	"github.com/xarchlab/xarch/family/aes"
	"github.com/xarchlab/xarch/wire"
)

// ParamRules are what the AES modes refuse (aes.NewStream), checked on the
// host before a runner starts.
var ParamRules = map[string]algs.ParamRule{
	"key": KeyRule,
	"iv": func(op wire.OpInfo, v, _ []byte) error {
		if opMode(op) == aes.ModeECB {
			if len(v) != 0 {
				return fmt.Errorf("%s takes no iv, got %d bytes", op.Name, len(v))
			}
			return nil
		}
		if len(v) != 16 {
			return fmt.Errorf("%s needs a 16-byte iv, got %d bytes", op.Name, len(v))
		}
		return nil
	},
}

// KeyRule is the AES key length rule (AES-GCM shares it).
func KeyRule(op wire.OpInfo, v, _ []byte) error {
	if !aes.ValidKeyLen(len(v)) {
		return fmt.Errorf("%s: the AES key must be 16, 24 or 32 bytes, got %d", op.Name, len(v))
	}
	return nil
}

// opMode is the mode in an AES op's name (aes-cbc-enc: cbc).
func opMode(op wire.OpInfo) string {
	parts := strings.Split(op.Name, "-")
	if len(parts) == 3 {
		return parts[1]
	}
	return ""
}
