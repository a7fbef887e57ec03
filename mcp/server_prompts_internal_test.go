package mcp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCompletions(t *testing.T) {
	values := []string{"go", "gleam", "rust", "groovy"}
	got, total := completions(values, "g", 2)
	assert.Equal(t, []string{"go", "gleam"}, got)
	assert.Equal(t, 3, total)
	got, total = completions(values, "x", 2)
	assert.Equal(t, []string{}, got)
	assert.Zero(t, total)
	got, _ = completions(values, "", 10)
	assert.Equal(t, values, got)
}
