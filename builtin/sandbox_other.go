//go:build !linux

package builtin

import (
	"context"
	"errors"
	"time"
)

// Landlock is Linux's: elsewhere commands run unconfined, and the tool's
// description says so.

func helperSupported() bool { return false }

func probeLandlock() int { return 0 }

func probeFilter() bool { return false }

func canMakeMountNamespace() bool { return false }

func physicalMemory() int64 { return 0 }

// sandboxPolicy is empty where there is no helper.
type sandboxPolicy struct{}

func newPolicy(confinement, string) sandboxPolicy { return sandboxPolicy{} }

func (s *shell) supervised() bool { return false }

func (s *shell) helperCommand(context.Context, string, time.Duration, *cappedWriter) (*shellRun, error) {
	return &shellRun{}, errors.New("no sandbox helper on this system")
}
