//go:build linux

package archtest

import "syscall"

// GuardedPages maps n read-write pages, each with a PROT_NONE page before
// and after it (2n+1 pages in all), so a kernel that touches one byte
// outside a buffer placed flush against a page edge faults.
func GuardedPages(n int) (pages [][]byte, release func(), err error) {
	pg := syscall.Getpagesize()
	mem, err := syscall.Mmap(-1, 0, (2*n+1)*pg, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, err
	}
	release = func() { syscall.Munmap(mem) }
	for i := 0; i <= n; i++ {
		if err := syscall.Mprotect(mem[2*i*pg:(2*i+1)*pg], syscall.PROT_NONE); err != nil {
			release()
			return nil, nil, err
		}
		if i < n {
			pages = append(pages, mem[(2*i+1)*pg:(2*i+2)*pg])
		}
	}
	return pages, release, nil
}
