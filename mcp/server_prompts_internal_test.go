package mcp

import (
	"testing"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
)

func TestCompletions(t *testing.T) {
	values := []string{"go", "gleam", "rust", "groovy"}
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: []string{"go", "gleam"}, Total: 3, HasMore: true}, completions(values, "g", 2))
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: []string{}}, completions(values, "x", 2))
	assert.Equal(t, sdkmcp.CompletionResultDetails{Values: values, Total: 4}, completions(values, "", 10))
}
