package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/require"
)

// OpenAI's strict mode sends every member, null for the optional ones it
// leaves out. So: whatever the decoder accepts, completed with null for
// every missing optional member, is valid under the strict schema, and the
// decoder reads it as it read the payload without those nulls.
func TestStrictSchemaAgreesWithDecoder(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for _, tool := range Tools() {
		base, ok := validArgs[tool.Name]
		if !ok || tool.StrictSchema == nil {
			continue
		}
		strict := compileSchema(t, tool.StrictSchema)
		var root map[string]any
		require.NoError(t, json.Unmarshal(tool.StrictSchema, &root))
		for _, payload := range corpus(t, base, rng, optionalMembers(t, tool.InputSchema)) {
			res, err := tool.Call(context.Background(), []byte(payload))
			require.NoError(t, err)
			if res.IsError && strings.HasPrefix(res.Text(), "invalid arguments:") {
				continue
			}
			full := withNulls(t, payload, root)
			doc, err := jsonschema.UnmarshalJSON(strings.NewReader(full))
			require.NoError(t, err)
			require.NoError(t, strict.Validate(doc), "%s %s (from %s)", tool.Name, full, payload)
			again, err := tool.Call(context.Background(), []byte(full))
			require.NoError(t, err)
			require.Equal(t, res, again, "%s: %s reads as %s", tool.Name, full, payload)
			checked++
		}
	}
	require.Greater(t, checked, 100, "the strict schemas should be exercised")
}

// withNulls adds null for every member the strict schema has and the
// payload lacks, at every level.
func withNulls(t *testing.T, payload string, root map[string]any) string {
	dec := json.NewDecoder(strings.NewReader(payload))
	dec.UseNumber()
	var v any
	require.NoError(t, dec.Decode(&v))
	v = fillNulls(v, root, root)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	require.NoError(t, enc.Encode(v))
	return strings.TrimSpace(b.String())
}

func fillNulls(v any, schema, root map[string]any) any {
	schema = resolve(schema, root)
	switch x := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		for name, ps := range props {
			sub, _ := ps.(map[string]any)
			if member, ok := x[name]; ok {
				x[name] = fillNulls(member, sub, root)
			} else {
				x[name] = nil
			}
		}
	case []any:
		items, _ := schema["items"].(map[string]any)
		for i := range x {
			x[i] = fillNulls(x[i], items, root)
		}
	}
	return v
}

// resolve follows $ref into $defs and takes the non-null branch of anyOf.
func resolve(s, root map[string]any) map[string]any {
	for range 8 {
		if ref, ok := s["$ref"].(string); ok {
			defs, _ := root["$defs"].(map[string]any)
			s, _ = defs[strings.TrimPrefix(ref, "#/$defs/")].(map[string]any)
			continue
		}
		if branches, ok := s["anyOf"].([]any); ok && len(branches) > 0 {
			s, _ = branches[0].(map[string]any)
			continue
		}
		return s
	}
	return s
}
