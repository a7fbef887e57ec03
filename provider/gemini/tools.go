package gemini

import (
	"encoding/json"
	"fmt"
	"reflect"

	"google.golang.org/genai"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/provider/adapter"
)

// tools are the API's own tools the options enabled (but those disabled),
// then the function declarations of specs.
func (m *Model) tools(specs []agent.ToolSpec, disabled []string) ([]*genai.Tool, error) {
	decls := make([]*genai.FunctionDeclaration, 0, len(specs))
	for _, s := range specs {
		schema, err := m.schema(s)
		if err != nil {
			return nil, fmt.Errorf("gemini: tool %s: %w", s.Name, err)
		}
		decls = append(decls, &genai.FunctionDeclaration{Name: string(s.Name), Description: s.Description, Parameters: schema})
	}
	tools := m.providerToolParams(disabled)
	if len(decls) > 0 {
		tools = append(tools, &genai.Tool{FunctionDeclarations: decls})
	}
	return tools, nil
}

// schema is a tool's parameters in Gemini's dialect: the generated form
// (ToolSpec.GeminiSchema), else one derived from its input schema (a tool
// made by hand, an MCP server's). A schema the dialect cannot say (a map,
// a recursive type, a value of any type) is an error naming what and
// where, before anything is sent: the API would refuse it, or the model
// would be told less than the tool checks. Schemas are converted once.
func (m *Model) schema(s agent.ToolSpec) (*genai.Schema, error) {
	raw := []byte(s.GeminiSchema)
	if len(raw) == 0 {
		if len(s.InputSchema) == 0 {
			return nil, nil // no input
		}
		if !json.Valid(s.InputSchema) {
			var v any
			return nil, fmt.Errorf("input schema: %w", json.Unmarshal(s.InputSchema, &v))
		}
		derived, err := adapter.GeminiSchema(s.InputSchema)
		if err != nil {
			return nil, fmt.Errorf("input schema: Gemini's schema dialect cannot say %w", err)
		}
		raw = derived
	}
	if v, ok := m.schemas.Load(string(raw)); ok {
		return v.(*genai.Schema), nil
	}
	schema, err := toSchema(raw)
	if err != nil {
		return nil, err
	}
	m.schemas.Store(string(raw), schema)
	return schema, nil
}

// toSchema reads a schema in Gemini's dialect into the SDK's Schema, and
// checks that the Schema says all of it.
func toSchema(raw []byte) (*genai.Schema, error) {
	var schema genai.Schema
	if err := json.Unmarshal(raw, &schema); err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	back, err := json.Marshal(&schema)
	if err != nil {
		return nil, fmt.Errorf("input schema: %w", err)
	}
	var want, got any
	_ = json.Unmarshal(raw, &want)
	_ = json.Unmarshal(back, &got)
	if !reflect.DeepEqual(want, got) {
		return nil, fmt.Errorf("input schema: the SDK's Schema cannot hold all of %s", raw)
	}
	return &schema, nil
}
