package main

import "flag"

// The AES shorthands of `xarch run` (--mode, --decrypt, --key, --iv for the
// op aes-MODE-enc|dec).

type aesFlags struct {
	mode, key, iv string
	decrypt       bool
}

func (a *aesFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&a.mode, "mode", "", "AES mode: ecb, cbc, ctr, ofb or cfb128 (aes/* implementations)")
	fs.BoolVar(&a.decrypt, "decrypt", false, "AES: decrypt instead of encrypt")
	fs.StringVar(&a.key, "key", "", "AES key as hex (16, 24 or 32 bytes)")
	fs.StringVar(&a.iv, "iv", "", "AES IV or initial counter block as hex (16 bytes; none for ECB)")
}

func (a *aesFlags) used() bool {
	return a.mode != "" || a.decrypt || a.key != "" || a.iv != ""
}
