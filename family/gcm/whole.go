package gcm

// Looper is a provider that seals the speed buffer n times in one library
// call over one keyed context, setting only the IV per seal (as `openssl
// speed -evp` does and as gcmSpeed keeps its key schedule): a Run per seal
// would time the context's setup too.
type Looper interface {
	SealLoop(key, iv, msg []byte) (run func(n int), tag func() []byte, err error)
}
