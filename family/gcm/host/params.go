package host

import (
	"fmt"

	"github.com/xarchlab/xarch/algs"
	aeshost "github.com/xarchlab/xarch/family/aes/host"
	"github.com/xarchlab/xarch/family/gcm"
	"github.com/xarchlab/xarch/wire"
)

// ParamRules are what the GCM ops refuse, checked on the host before a
// runner starts.
var ParamRules = map[string]algs.ParamRule{
	"key": aeshost.KeyRule,
	"iv": func(op wire.OpInfo, v, _ []byte) error {
		if len(v) == 0 {
			return fmt.Errorf("%s: the iv must not be empty", op.Name)
		}
		return nil
	},
	"taglen": func(op wire.OpInfo, v, in []byte) error {
		if len(v) != 1 {
			return fmt.Errorf("%s: taglen must be one byte (the tag length in bytes), got %d bytes", op.Name, len(v))
		}
		n := int(v[0])
		if n < 4 || n > 16 {
			return fmt.Errorf("%s: the tag length must be 4..16 bytes, got %d", op.Name, n)
		}
		if op.Name == gcm.OpenOp && len(in) < n {
			return fmt.Errorf("%s: the input has %d bytes, shorter than the %d-byte tag: rejected", op.Name, len(in), n)
		}
		return nil
	},
}
