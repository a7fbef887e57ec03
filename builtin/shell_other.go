//go:build !unix

package builtin

import (
	"errors"
	"os"
	"syscall"
)

// run_command needs /bin/sh and process groups.

func shellSupported() error {
	return errors.New("builtin: run_command needs a Unix system (/bin/sh and process groups)")
}

func newGroup() *syscall.SysProcAttr { return nil }

func killGroup(int) error { return os.ErrProcessDone }

func exitText(*os.ProcessState) string { return "" }
