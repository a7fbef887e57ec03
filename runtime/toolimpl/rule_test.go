package toolimpl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen/runtime"
)

func TestRuleKeepsOnlySetGlobs(t *testing.T) {
	assert.Equal(t, runtime.Rule{Tool: "t"}, Rule("t"))
	assert.Equal(t, runtime.Rule{Tool: "t"}, Rule("t", "a", "", "b", ""), "no globs, no Args map")
	assert.Equal(t, runtime.Rule{Tool: "t", Args: map[string]string{"b": "x*"}}, Rule("t", "a", "", "b", "x*"))
	assert.Equal(t, runtime.Rule{Tool: "t", Args: map[string]string{"a": "1", "b": "2"}}, Rule("t", "a", "1", "b", "2"))
}
