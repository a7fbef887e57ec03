//go:build !linux

package bench

import "errors"

var errNoAffinity = errors.New("CPU affinity is set only on Linux")

func cpusAllowed() ([]int, error) { return nil, errNoAffinity }

func pinProcess(...int) error { return errNoAffinity }
