package builtin

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDescribeLimits(t *testing.T) {
	c := confinement{limits: ResourceLimits{}.withDefaults()}
	assert.Equal(t, `Limits: a command may start at most 1024 processes (fork then fails); it may write files of at most 1 GiB (larger writes fail with "File too large"); CPU and memory are bounded only by the timeout.`, c.describeLimits())

	c.nprocExempt = true
	assert.Contains(t, c.describeLimits(), "Limits: the number of processes is NOT limited (this program runs as root or with CAP_SYS_RESOURCE or CAP_SYS_ADMIN, which the kernel exempts);")
	c.liftable = true
	assert.Contains(t, c.describeLimits(), "; CPU and memory are bounded only by the timeout. Commands run with CAP_SYS_RESOURCE here, so they can raise these limits themselves (ulimit).")

	c = confinement{limits: ResourceLimits{Processes: Unlimited, FileSize: 1536 << 10}.withDefaults()}
	assert.Equal(t, `Limits: the number of processes is not limited; it may write files of at most 1536 KiB (larger writes fail with "File too large"); CPU and memory are bounded only by the timeout.`, c.describeLimits())
	c.limits = ResourceLimits{Processes: 8, FileSize: Unlimited}
	assert.Equal(t, "Limits: a command may start at most 8 processes (fork then fails); file sizes are not limited; CPU and memory are bounded only by the timeout.", c.describeLimits())
	c.limits.FileSize = 1000
	assert.Contains(t, c.describeLimits(), "files of at most 1000 bytes")

	assert.Empty(t, confinement{}.describeLimits(), "unconfined: no limits, no sentence")
}

func TestLimitsOption(t *testing.T) {
	var c shellConfig
	assert.NoError(t, Limits(ResourceLimits{Processes: 10})(&c))
	assert.NoError(t, Limits(ResourceLimits{FileSize: Unlimited})(&c))
	assert.Equal(t, ResourceLimits{Processes: 10, FileSize: Unlimited}, c.sandbox.limits, "a zero field keeps what an earlier Limits set")
	assert.Equal(t, ResourceLimits{Processes: 10, FileSize: Unlimited}, c.sandbox.limits.withDefaults())
	assert.Equal(t, ResourceLimits{Processes: DefaultProcesses, FileSize: DefaultFileSize}, ResourceLimits{}.withDefaults())
}
