package generate

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/model"
)

// A namespace of 10 deferred tools or more is warned about, at its first
// deferred tool, with a split into parts under the limit that covers every
// tool once; one of 9, and tools sent up front, are not.
func TestNamespaceSizes(t *testing.T) {
	var tools []*model.Tool
	add := func(ns string, n int, deferred bool) {
		for i := range n {
			tools = append(tools, &model.Tool{Name: fmt.Sprintf("%s_tool_%02d", ns, n-i), Namespace: ns, Deferred: deferred,
				Pos: model.Position{File: "/src/pkg/tools.go", Line: len(tools) + 1, Col: 1}})
		}
	}
	add("shop", 30, false)
	add("crm", 9, true)
	add("billing", 19, true)
	add("ledger", 10, true)
	warnings := NamespaceSizes([]*model.Package{{Tools: tools}}, "/src")
	require.Len(t, warnings, 2)
	assert.Equal(t, "pkg/tools.go:40:1", warnings[0].Pos.String(), "the first deferred tool of billing")
	msg := warnings[0].Msg
	assert.True(t, strings.HasPrefix(msg, "namespace billing has 19 deferred tools; OpenAI advises fewer than 10"), msg)
	assert.Contains(t, msg, "namespace=billing_1 on billing_tool_01 billing_tool_02 billing_tool_03 billing_tool_04 billing_tool_05 billing_tool_06,")
	assert.Contains(t, msg, "namespace=billing_3 on billing_tool_13")
	assert.NotContains(t, msg, "billing_4")
	for i := 1; i <= 19; i++ {
		assert.Equal(t, 1, strings.Count(msg, fmt.Sprintf("billing_tool_%02d", i)), "tool %d in one part", i)
	}
	assert.Contains(t, warnings[1].Msg, "namespace ledger has 10 deferred tools")
	assert.Contains(t, warnings[1].Msg, "namespace=ledger_2 on ledger_tool_06 ledger_tool_07 ledger_tool_08 ledger_tool_09 ledger_tool_10")
	assert.Nil(t, NamespaceSizes([]*model.Package{{Tools: tools[:39]}}, "/src"))
}
