package speed

import "os"

func isCI() bool { return os.Getenv("CI") == "true" }
