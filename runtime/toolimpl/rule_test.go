package toolimpl

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/toolgen-dev/toolgen/runtime"
)

type sampleRule struct{ City, Unit, Days string }

var sampleObject = &Object{Names: []string{"city", "unit", "days"}}

func TestRuleReadsFieldsInOrder(t *testing.T) {
	assert.Equal(t, runtime.Rule{Tool: "t"}, Rule("t", sampleObject, &sampleRule{}))
	assert.Equal(t, runtime.Rule{Tool: "t", Args: map[string]string{"unit": "c", "days": "[1-3]"}},
		Rule("t", sampleObject, &sampleRule{Unit: "c", Days: "[1-3]"}))
	assert.Equal(t, runtime.Rule{Tool: "t", Args: map[string]string{"city": "Paris", "days": "7"}},
		Rule("t", sampleObject, &sampleRule{City: "Paris", Days: "7"}))
}

func TestRuleRefusesAnotherShape(t *testing.T) {
	type twoFields struct{ A, B string }
	assert.PanicsWithValue(t, "toolimpl.Rule: a toolimpl.twoFields is not 3 strings (a toolgen bug)", func() {
		Rule("t", sampleObject, &twoFields{})
	})
}
