package e2e

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// The schema shows a float32's bounds as the shortest text that reads back
// as the same float32 (0.1, 3.4028235e+38), and the decoder compares the
// number it reads, before rounding it to 32 bits, with exactly those
// values: a validator and the decoder agree just below, at and just above
// every bound.
func TestFloatBoundsAgreeWithSchemaValidator(t *testing.T) {
	tool := toolNamed(t, ToolBound)
	schema := compileSchema(t, tool.InputSchema)
	base := func(member, value string) string {
		m := map[string]string{"narrow": "0.5", "wide": "0.5", "width": "0", "neg": "-0.2"}
		m[member] = value
		return `{"narrow":` + m["narrow"] + `,"wide":` + m["wide"] + `,"width":` + m["width"] + `,"neg":` + m["neg"] + `}`
	}
	cases := []struct {
		member string
		value  string
		valid  bool
	}{
		{"narrow", "0.0999999", false}, {"narrow", "0.09999999999999999", false}, {"narrow", "0.1", true}, {"narrow", "0.1000001", true},
		{"narrow", "0.6999999", true}, {"narrow", "0.7", true}, {"narrow", "0.7000001", false}, {"narrow", "7e-1", true},
		{"wide", "0.0999999", false}, {"wide", "0.1", true}, {"wide", "0.7", true}, {"wide", "0.70000000000001", false},
		{"neg", "-0.3000001", false}, {"neg", "-0.3", true}, {"neg", "-0.1", true}, {"neg", "-0.0999999", false},
		{"width", "3.4028234e+38", true}, {"width", "3.4028235e+38", true}, {"width", "3.4028236e+38", false},
		{"width", "-3.4028235e+38", true}, {"width", "-3.4028236e+38", false}, {"width", "1e39", false},
		{"width", "3.40282350000001e38", false}, {"width", "1e-50", true},
	}
	for _, c := range cases {
		payload := base(c.member, c.value)
		agree(t, tool, schema, payload)
		res := call(t, Tools(), ToolBound, payload)
		require.Equal(t, c.valid, !res.IsError, "%s: %s", payload, res.Text())
	}
}

func toolNamed(t *testing.T, name toolgen.ToolName) toolgen.Tool {
	t.Helper()
	for _, tool := range Tools() {
		if tool.Name == name {
			return tool
		}
	}
	t.Fatalf("no tool %s", name)
	return toolgen.Tool{}
}
