package toolimpl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen"
)

var sampleObject = &Object{Names: []string{"city", "unit", "days"}}

func TestRuleKeepsOnlySetGlobs(t *testing.T) {
	assert.Equal(t, toolgen.Rule{Tool: "t"}, Rule("t", sampleObject, []string{"", "", ""}), "no globs, no Args map")
	assert.Equal(t, toolgen.Rule{Tool: "t", Args: map[string]string{"unit": "c", "days": "[1-3]"}},
		Rule("t", sampleObject, []string{"", "c", "[1-3]"}))
	assert.Equal(t, toolgen.Rule{Tool: "t", Args: map[string]string{"city": "Paris", "days": "7"}},
		Rule("t", sampleObject, []string{"Paris", "", "7"}))
}
