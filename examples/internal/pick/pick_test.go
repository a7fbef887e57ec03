package pick_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/examples/internal/pick"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/openai"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestPick(t *testing.T) {
	scripted := agenttest.NewModel()
	for _, tc := range []struct {
		vars map[string]string
		name string
		want any
	}{
		{nil, "scripted", scripted},
		{map[string]string{"OPENAI_API_KEY": "k"}, "openai " + openai.DefaultModel, &openai.Model{}},
		{map[string]string{"OPENAI_BASE_URL": "http://127.0.0.1:11434/v1", "OPENAI_MODEL": "qwen3"}, "openai qwen3", &openai.Model{}},
		{map[string]string{"ANTHROPIC_API_KEY": "k"}, "anthropic " + anthropic.DefaultModel, &anthropic.Model{}},
		{map[string]string{"ANTHROPIC_API_KEY": "k", "OPENAI_API_KEY": "k"}, "openai " + openai.DefaultModel, &openai.Model{}},
		{map[string]string{"GEMINI_API_KEY": "k"}, "scripted (for Gemini, run provider/gemini/demo", scripted},
		{map[string]string{"GOOGLE_API_KEY": "k", "ANTHROPIC_API_KEY": "k"}, "anthropic " + anthropic.DefaultModel, &anthropic.Model{}},
	} {
		m, name, err := pick.FromEnv(env(tc.vars), scripted)
		require.NoError(t, err)
		assert.Contains(t, name, tc.name, tc.vars)
		assert.IsType(t, tc.want, m, tc.vars)
	}
}
