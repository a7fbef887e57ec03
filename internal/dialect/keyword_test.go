package dialect

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/keyword"
)

// Every keyword of the table is read and written back as it was: a keyword
// added to the table that the parser or the writer does not handle fails.
func TestEveryKeywordReadAndWritten(t *testing.T) {
	for k := range keyword.Keyword(keyword.Count) {
		in := `{"` + k.Name() + `":` + k.Kind().Example() + `}`
		s, err := parse([]byte(in))
		require.NoError(t, err, in)
		w := writer{in: []byte(in)}
		w.schema(s, false)
		assert.Equal(t, in, string(w.b))
	}
}

// Each dialect keeps, drops and refuses each keyword as the table says.
func TestDialectsFollowTheTable(t *testing.T) {
	dialects := map[keyword.Dialect]func([]byte) ([]byte, error){keyword.Strict: Strict, keyword.Gemini: Gemini}
	for k := range keyword.Keyword(keyword.Count) {
		in := `{"type":"string","` + k.Name() + `":` + k.Kind().Example() + `}`
		if k == keyword.Type {
			in = `{"type":"string"}`
		}
		for d, derive := range dialects {
			out, err := derive([]byte(in))
			kept := strings.Contains(string(out), `"`+k.Name()+`":`)
			switch k.In(d) {
			case keyword.Kept:
				assert.True(t, err == nil && kept, "%s: %s: %s, %v", d, in, out, err)
			case keyword.Dropped, keyword.KeptIfSupported: // the example is no format anyone supports
				assert.True(t, err == nil && !kept, "%s: %s: %s, %v", d, in, out, err)
			case keyword.Refused:
				assert.Error(t, err, "%s: %s: %s", d, in, out)
			}
		}
	}
	for _, f := range []string{"date-time", "fuzzy"} {
		in := `{"type":"string","format":"` + f + `"}`
		for d, derive := range dialects {
			require.Equal(t, keyword.KeptIfSupported, keyword.Format.In(d))
			supported := contains(strictFormats, []byte(f))
			if d == keyword.Gemini {
				supported = contains(geminiFormats, []byte(f))
			}
			out, err := derive([]byte(in))
			require.NoError(t, err)
			assert.Equal(t, supported, strings.Contains(string(out), `"format"`), "%s: %s", d, out)
		}
	}
}

// Strict mode has no $schema anywhere: the table drops it from every
// schema the dialect derives, not only the root.
func TestStrictDropsNestedSchemaURI(t *testing.T) {
	assert.Equal(t, `{"type":"array","items":{"type":"string"}}`,
		strict(t, `{"$schema":"x","type":"array","items":{"$schema":"x","type":"string"}}`))
}
