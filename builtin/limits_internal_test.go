package builtin

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestDescribeLimits(t *testing.T) {
	c := confinement{limits: ResourceLimits{Memory: 2 << 30}.withDefaults(time.Minute)}
	cpu := time.Duration(runtime.NumCPU()) * time.Minute
	assert.Equal(t, `Limits: a command may start at most 1024 processes (fork then fails); it may write files of at most 1 GiB (larger writes fail with "File too large"); each process may use `+cpu.String()+` of CPU time; each process may allocate 2 GiB of memory (more fails).`, c.describeLimits())

	c.nprocExempt = true
	assert.Contains(t, c.describeLimits(), "Limits: the number of processes is NOT limited (this program runs as root, which the kernel exempts);")

	c = confinement{limits: ResourceLimits{Processes: Unlimited, FileSize: 1536 << 10, CPUTime: Unlimited, Memory: Unlimited}.withDefaults(time.Minute)}
	assert.Equal(t, `Limits: the number of processes is not limited; it may write files of at most 1536 KiB (larger writes fail with "File too large"); CPU time is not limited; memory is not limited.`, c.describeLimits())
	c.limits = ResourceLimits{Processes: 8, FileSize: Unlimited, CPUTime: 90 * time.Second, Memory: 100 << 20}
	assert.Equal(t, "Limits: a command may start at most 8 processes (fork then fails); file sizes are not limited; each process may use 1m30s of CPU time; each process may allocate 100 MiB of memory (more fails).", c.describeLimits())
	c.limits.FileSize = 1000
	assert.Contains(t, c.describeLimits(), "files of at most 1000 bytes")

	assert.Empty(t, confinement{}.describeLimits(), "unconfined: no limits, no sentence")
}

func TestLimitsOption(t *testing.T) {
	var c shellConfig
	assert.NoError(t, Limits(ResourceLimits{Processes: 10, CPUTime: time.Second})(&c))
	assert.NoError(t, Limits(ResourceLimits{FileSize: Unlimited, Memory: 256 << 20})(&c))
	want := ResourceLimits{Processes: 10, FileSize: Unlimited, CPUTime: time.Second, Memory: 256 << 20}
	assert.Equal(t, want, c.sandbox.limits, "a zero field keeps what an earlier Limits set")
	assert.Equal(t, want, c.sandbox.limits.withDefaults(time.Minute))
	def := ResourceLimits{}.withDefaults(time.Minute)
	assert.Equal(t, ResourceLimits{Processes: DefaultProcesses, FileSize: DefaultFileSize, CPUTime: time.Duration(runtime.NumCPU()) * time.Minute, Memory: DefaultMemory()}, def)
	assert.Positive(t, DefaultMemory())

	assert.EqualError(t, Limits(ResourceLimits{Memory: 1 << 20, CPUTime: -5})(&c), "builtin.Limits: CPUTime -5ns: must be positive, 0 for the default or builtin.Unlimited\nbuiltin.Limits: Memory 1048576: must be at least 256 MiB, 0 for the default or builtin.Unlimited")
}
