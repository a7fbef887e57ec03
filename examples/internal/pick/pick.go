// Package pick chooses the examples' model from the environment, so that
// each example runs against a real provider when one is configured and
// offline, with its scripted model, otherwise:
//
//   - OPENAI_API_KEY or OPENAI_BASE_URL: provider/openai (OPENAI_MODEL names
//     the model). A base URL without a key (Ollama, vLLM, llama.cpp) sends
//     the key "none", which such servers ignore.
//   - else ANTHROPIC_API_KEY: provider/anthropic (ANTHROPIC_MODEL names the
//     model).
//   - else the example's scripted model.
//
// Gemini is not picked here: provider/gemini is a module of its own (its
// SDK brings gRPC and Google Cloud's auth libraries, which this module
// does not take), so these examples cannot import it. With
// GEMINI_API_KEY or GOOGLE_API_KEY set, the scripted model's description
// says so; provider/gemini/demo runs the weather agent on Gemini.
package pick

import (
	"os"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/anthropic"
	"github.com/toolgen-dev/toolgen/provider/openai"
)

// Model picks from the process's environment; see FromEnv.
func Model(scripted agent.Model) (agent.Model, string, error) {
	return FromEnv(os.Getenv, scripted)
}

// FromEnv picks a model from the variables getenv reads, and says which
// ("openai gpt-4.1-mini", "scripted").
func FromEnv(getenv func(string) string, scripted agent.Model) (agent.Model, string, error) {
	if key, base := getenv("OPENAI_API_KEY"), getenv("OPENAI_BASE_URL"); key != "" || base != "" {
		return openAI(key, base, getenv("OPENAI_MODEL"))
	}
	if key := getenv("ANTHROPIC_API_KEY"); key != "" {
		return claude(key, getenv("ANTHROPIC_MODEL"))
	}
	if getenv("GEMINI_API_KEY") != "" || getenv("GOOGLE_API_KEY") != "" {
		return scripted, "scripted (for Gemini, run provider/gemini/demo, a module of its own; here set OPENAI_API_KEY, OPENAI_BASE_URL or ANTHROPIC_API_KEY for a real model)", nil
	}
	return scripted, "scripted (set OPENAI_API_KEY, OPENAI_BASE_URL or ANTHROPIC_API_KEY for a real model)", nil
}

func openAI(key, base, model string) (agent.Model, string, error) {
	if key == "" {
		key = "none"
	}
	if model == "" {
		model = openai.DefaultModel
	}
	opts := []openai.Option{openai.WithAPIKey(key), openai.WithModel(model)}
	if base != "" {
		opts = append(opts, openai.WithBaseURL(base))
	}
	m, err := openai.New(opts...)
	if err != nil {
		return nil, "", err
	}
	return m, "openai " + model, nil
}

func claude(key, model string) (agent.Model, string, error) {
	if model == "" {
		model = anthropic.DefaultModel
	}
	m, err := anthropic.New(anthropic.WithAPIKey(key), anthropic.WithModel(model))
	if err != nil {
		return nil, "", err
	}
	return m, "anthropic " + model, nil
}
