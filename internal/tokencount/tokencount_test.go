package tokencount

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestKnownCounts checks counts that OpenAI's tiktoken gives for
// o200k_base (the token IDs are in tiktoken-go/tokenizer's own tests,
// taken from tiktoken).
func TestKnownCounts(t *testing.T) {
	for text, want := range map[string]int{
		"":                     0,
		"hello world":          2, // [24912 2375]
		"hello  world":         3, // [24912 220 2375]: a space of its own
		"supercalifragilistic": 6, // [17789 5842 366 17764 311 6207]
		"We know what we are, but know not what we may be.": 14,
		// cl100k_base (GPT-4) makes one token of it: this is o200k_base.
		"'RE": 2, // [6 1099]
	} {
		assert.Equal(t, want, Count(text), "%q", text)
	}
	// A special token's text is plain text in a definition: several tokens.
	assert.Greater(t, Count("<|endoftext|>"), 1)
}

// definitions are tool definitions as internal/catalog counts them, in
// the dialects' shapes: the texts Counter is made for.
var definitions = []string{
	`{"name":"get_weather","description":"GetWeather returns the forecast for a city.","parameters":{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","properties":{"city":{"type":"string","description":"The city, e.g. \"Paris\"."},"unit":{"type":"string","enum":["c","f"]},"days":{"type":"integer","minimum":1,"maximum":14}},"required":["city"],"additionalProperties":false}}`,
	`{"name":"get_weather","description":"GetWeather returns the forecast for a city.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"The city, e.g. \"Paris\"."},"unit":{"anyOf":[{"type":"string","enum":["c","f"]},{"type":"null"}]},"days":{"type":["integer","null"],"minimum":1,"maximum":14}},"required":["city","unit","days"],"additionalProperties":false}}`,
	`{"name":"lire","description":"Lit le fichier « données.txt » — voilà.","parameters":{"type":"object","properties":{"chemin":{"type":"string","description":"Le chemin d'accès, relatif à l'espace de travail"}}}}`,
}

func TestCounterAgrees(t *testing.T) {
	var c Counter
	for range 2 { // the second time, from the memo
		for _, d := range definitions {
			assert.Equal(t, Count(d), c.Count([]byte(d)), d)
		}
	}
	assert.Greater(t, len(c.memo), len(definitions), "definitions are counted in parts")
	assert.Contains(t, c.memo, `","description`, "a part definitions share")
}

// FuzzCounterAgrees checks that counting a text in parts (Counter) gives
// what counting it whole does, for any text: the parts are cut where the
// encoding always ends a piece.
func FuzzCounterAgrees(f *testing.F) {
	for _, d := range definitions {
		f.Add(d)
	}
	for _, s := range []string{`a"b`, `it's"s`, `A"`, `ſ"t`, `K"'s`, `é"a`, `ab"'re`, "x\"\n\"y", `1"2`, `a" "b`, `a""b`, "\xff\"a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var c Counter
		if got, want := c.Count([]byte(s)), Count(s); got != want {
			t.Fatalf("Counter.Count(%q) = %d, Count = %d", s, got, want)
		}
	})
}

// TestOnlyTheGeneratorDependsOnIt keeps the tokenizer, its vocabulary of
// 200,000 entries, out of every program that runs tools: what the
// generator counted at build time is data in generated code.
func TestOnlyTheGeneratorDependsOnIt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	runtime := []string{module, module + "/agent", module + "/toolimpl", module + "/mcp", module + "/builtin"}
	cmd := exec.Command("go", append([]string{"list", "-deps", "-f", "{{.ImportPath}}"}, runtime...)...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go list -deps:\n%s", out)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, module+"/toolimpl", "go list -deps lists the packages themselves")
	for _, dep := range deps {
		for _, banned := range []string{module + "/internal/tokencount", module + "/internal/catalog", "github.com/tiktoken-go/tokenizer"} {
			assert.False(t, dep == banned || strings.HasPrefix(dep, banned+"/"), "%s is a dependency of %v", dep, runtime)
		}
	}
	// The same listing shows the tokenizer where it is a dependency, so the
	// check above checks something.
	out, err = exec.Command("go", "list", "-deps", module+"/internal/tokencount").CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, strings.Fields(string(out)), "github.com/tiktoken-go/tokenizer/codec")
}

func BenchmarkCounter(b *testing.B) {
	defs := make([][]byte, 300)
	for i := range defs {
		defs[i] = []byte(strings.Replace(definitions[i%2], "get_weather", fmt.Sprintf("tool%03d", i), 1))
	}
	Count("warm up")
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			for _, d := range defs {
				Count(string(d))
			}
		}
	})
	b.Run("counter", func(b *testing.B) {
		for b.Loop() {
			var c Counter
			for _, d := range defs {
				c.Count(d)
			}
		}
	})
}
