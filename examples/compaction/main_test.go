package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func TestCompactionKeepsRequestsUnderTheBudgetAndTheAnswer(t *testing.T) {
	var out strings.Builder
	plain, compacted, err := compare(&out)
	require.NoError(t, err)

	assert.Equal(t, "the last part was part 15", plain.answer)
	assert.Equal(t, plain.answer, compacted.answer, "compaction does not change the answer")
	require.Len(t, compacted.requests, parts+1, "one request a turn, as without compaction")
	require.Len(t, plain.requests, parts+1)
	assert.Greater(t, plain.requests[parts], budget, "without compaction the run goes over the budget")
	for i, n := range compacted.requests {
		assert.LessOrEqual(t, n, budget, "request %d", i+1)
	}
	require.NotEmpty(t, compacted.compactions)
	for _, c := range compacted.compactions {
		assert.Equal(t, "elide_tool_results", c.Policy)
		assert.LessOrEqual(t, c.TokensAfter, budget)
	}

	// What the program prints says the same.
	text := out.String()
	assert.Contains(t, text, "16             76953 (over)               5479\n")
	assert.Contains(t, text, "compaction before turn 4: elide_tool_results")
	assert.Contains(t, text, "answer without compaction: the last part was part 15\nanswer with compaction:    the last part was part 15\n")
	assert.Equal(t, len(compacted.compactions), strings.Count(text, "compaction before turn"))
}
