package agent_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// recursivePanic is an error whose Error method panics with another
// recursivePanic: fmt recovers the first panic, but printing its value
// panics again, which fmt lets through.
type recursivePanic struct{ depth int }

func (e recursivePanic) Error() string { panic(recursivePanic{e.depth + 1}) }

type panickingStringer struct{}

func (panickingStringer) String() string { panic(panickingStringer{}) }

// TestPanicValuesThatPanicWhenPrinted: a tool that panics with a value
// whose description panics in turn is a failed result naming the value's
// type; it used to end the program ("panic while printing panic value").
func TestPanicValuesThatPanicWhenPrinted(t *testing.T) {
	for _, c := range []struct {
		value any
		want  string
	}{
		{recursivePanic{}, "tool bad failed: panic: a agent_test.recursivePanic whose description panics"},
		{panickingStringer{}, "tool bad failed: panic: a agent_test.panickingStringer whose description panics"},
	} {
		assert.Equal(t, c.want, panickingToolResult(t, c.value).Text())

		// Generated dispatch and the MCP server recover with Recover too.
		var r toolgen.Result
		var err error
		func() {
			defer toolimpl.Recover("bad", &r, &err)
			panic(c.value)
		}()
		assert.Equal(t, c.want, r.Text())
	}
}
