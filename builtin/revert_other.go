//go:build !linux

package builtin

import "os"

func takeWriteLease(*os.File) error { return errNoLease }

func leaseBroken(*os.File) bool { return false }

func releaseLease(*os.File) {}
