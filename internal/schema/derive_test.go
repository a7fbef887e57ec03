package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/model"
)

func ptr32(n int) *int { return &n }

// forecastTool is a hand-written model: the stage needs no go/types.
func forecastTool() *model.Tool {
	days := &model.Field{JSONName: "days", Path: []model.Step{{Name: "days"}}, Required: true,
		Type: &model.Type{Kind: model.KindInt, Name: "int", Bits: 64}, Doc: "How many days ahead.",
		Constraints: model.Constraints{Min: "1", Max: "14"}}
	city := &model.Field{JSONName: "city", Path: []model.Step{{Name: "city"}},
		Type:        &model.Type{Kind: model.KindPointer, Elem: &model.Type{Kind: model.KindString, Name: "string"}},
		Constraints: model.Constraints{MinLength: ptr32(1)}}
	temp := &model.Field{JSONName: "temp", Path: []model.Step{{Name: "Temp"}}, Type: &model.Type{Kind: model.KindFloat, Name: "float64", Bits: 64}}
	out := &model.Type{Kind: model.KindStruct, Name: "Forecast", Doc: "Forecast is the weather.", Struct: &model.Struct{ID: "Forecast", Fields: []*model.Field{temp}}}
	return &model.Tool{GoName: "Forecast", Name: "forecast",
		Input:  &model.Struct{ID: "ForecastArgs", Fields: []*model.Field{days, city}},
		Result: model.Result{Kind: model.ResultValue, Type: out, HasError: true}}
}

func schemaJSON(t *testing.T, s *model.Schema) string {
	t.Helper()
	require.NotNil(t, s)
	text, err := s.JSON()
	require.NoError(t, err)
	return text
}

func TestDeriveInput(t *testing.T) {
	tool := forecastTool()
	Derive(&model.Package{Tools: []*model.Tool{tool}})
	assert.JSONEq(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
		"properties":{"days":{"type":"integer","description":"How many days ahead.","minimum":1,"maximum":14},
		"city":{"type":"string","minLength":1}},"required":["days"],"additionalProperties":false}`, schemaJSON(t, tool.InputSchema))
	assert.Empty(t, tool.NoStrict, "a strict form exists")
	assert.Empty(t, tool.NoGemini, "a Gemini form exists")
	compact, err := tool.InputSchema.Compact()
	require.NoError(t, err)
	assert.Equal(t, compact, tool.Dialects.Default, "the default text is the schema generated code holds")
	assert.Equal(t, `{"type":"object","properties":{"days":{"type":"integer","description":"How many days ahead.","minimum":1,"maximum":14},`+
		`"city":{"anyOf":[{"type":"string"},{"type":"null"}]}},"required":["days","city"],"additionalProperties":false}`, tool.Dialects.Strict)
	assert.Equal(t, `{"type":"object","properties":{"days":{"type":"integer","description":"How many days ahead.","minimum":1,"maximum":14},`+
		`"city":{"type":"string","minLength":1}},"required":["days"]}`, tool.Dialects.Gemini)

	tags := &model.Field{JSONName: "tags", Path: []model.Step{{Name: "tags"}},
		Type: &model.Type{Kind: model.KindMap, Key: &model.Type{Kind: model.KindString, Name: "string"}, Elem: &model.Type{Kind: model.KindString, Name: "string"}}}
	tool.Input.Fields = append(tool.Input.Fields, tags)
	Tool(tool)
	assert.Contains(t, tool.NoStrict, "map", "strict mode cannot say a map")
	assert.Contains(t, tool.NoGemini, "map", "nor can Gemini")
	assert.Empty(t, tool.Dialects.Strict, "no strict text without a strict form")
	assert.Empty(t, tool.Dialects.Gemini, "nor a Gemini one")
}

func TestDeriveOutput(t *testing.T) {
	tool := forecastTool()
	Tool(tool)
	assert.JSONEq(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object","description":"Forecast is the weather.",
		"properties":{"temp":{"type":"number"}},"required":["temp"],"additionalProperties":false}`, schemaJSON(t, tool.OutputSchema))

	tool.Result = model.Result{Kind: model.ResultValue, Wrapped: true, Type: &model.Type{Kind: model.KindPointer, Elem: &model.Type{Kind: model.KindBool, Name: "bool"}}}
	Tool(tool)
	assert.JSONEq(t, `{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",
		"properties":{"result":{"type":"boolean"}},"required":["result"],"additionalProperties":false}`, schemaJSON(t, tool.OutputSchema))

	tool.Result = model.Result{Kind: model.ResultText, Type: &model.Type{Kind: model.KindString}}
	Tool(tool)
	assert.Nil(t, tool.OutputSchema, "text results have no structured content")
}

func TestParseKeepsOrder(t *testing.T) {
	s, err := Parse([]byte(`{"type":"object","properties":{"b":{"type":"integer"},"a":{}},"required":["b"]}`))
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"type\": \"object\",\n  \"properties\": {\n    \"b\": {\n      \"type\": \"integer\"\n    },\n    \"a\": {}\n  },\n  \"required\": [\n    \"b\"\n  ]\n}", schemaJSON(t, s))
	_, err = Parse([]byte(`{"pattern":"(?<=a)b"}`))
	assert.ErrorContains(t, err, "pattern")
}
