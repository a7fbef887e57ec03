package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Without a key the demo runs offline: the model calls get_weather, the
// tool runs, the answer streams.
func TestOffline(t *testing.T) {
	var out strings.Builder
	noEnv := func(string) string { return "" }
	require.NoError(t, run(&out, noEnv, "What is the weather in Paris?", false, false))
	assert.Equal(t, "(offline: set GEMINI_API_KEY for the Gemini API)\n"+
		`[get_weather {"city":"Paris"} -> Paris: 17°C, sunny]`+"\n"+
		"It is 17°C and sunny in Paris.\n(2 turns, 390+17 tokens)\n", out.String())
}
