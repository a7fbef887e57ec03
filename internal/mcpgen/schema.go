package mcpgen

import (
	"encoding/json"
	"fmt"
)

// schema is the part of a JSON Schema the generator reads: keywords of the
// keyword table (internal/keyword), which its tests check the tags against.
// A server's other keywords are ignored.
type schema struct {
	Ref                  string             `json:"$ref"`
	Type                 json.RawMessage    `json:"type"`
	Description          string             `json:"description"`
	Enum                 []json.RawMessage  `json:"enum"`
	Format               string             `json:"format"`
	Pattern              string             `json:"pattern"`
	Minimum              json.Number        `json:"minimum"`
	Maximum              json.Number        `json:"maximum"`
	MinLength            *int               `json:"minLength"`
	MaxLength            *int               `json:"maxLength"`
	MinItems             *int               `json:"minItems"`
	MaxItems             *int               `json:"maxItems"`
	Items                *schema            `json:"items"`
	Properties           map[string]*schema `json:"properties"`
	Required             []string           `json:"required"`
	AdditionalProperties json.RawMessage    `json:"additionalProperties"`
	XMCPHeader           string             `json:"x-mcp-header"`
	Defs                 map[string]*schema `json:"$defs"`
}

// parseObject reads a tool's input or output schema (what says which);
// a missing one is an empty object.
func parseObject(raw json.RawMessage, what string) (*schema, error) {
	s := &schema{}
	if len(raw) == 0 || string(raw) == "null" {
		return s, nil
	}
	if err := json.Unmarshal(raw, s); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if t := s.typeName(); t != "object" && t != "" {
		return nil, fmt.Errorf("%s is of type %q, not object", what, t)
	}
	return s, nil
}

// typeName is the schema's single non-null type, or "" when it has none or
// several.
func (s *schema) typeName() string {
	name, _ := s.types()
	return name
}

// nullable reports whether the schema's type list allows null besides its
// type.
func (s *schema) nullable() bool {
	_, null := s.types()
	return null
}

// types is the schema's single non-null type ("" when it has none or
// several), and whether null is allowed too.
func (s *schema) types() (string, bool) {
	if s == nil || len(s.Type) == 0 {
		return "", false
	}
	var one string
	if json.Unmarshal(s.Type, &one) == nil {
		return one, false
	}
	var many []string
	if json.Unmarshal(s.Type, &many) != nil {
		return "", false
	}
	kept, null := "", false
	for _, t := range many {
		switch {
		case t == "null":
			null = true
		case kept != "":
			return "", null
		default:
			kept = t
		}
	}
	return kept, null
}

// closed reports whether the object allows no members beyond its
// properties (additionalProperties: false).
func (s *schema) closed() bool { return string(s.AdditionalProperties) == "false" }

// additional is the schema of an object's additional members, or nil when
// it gives none.
func (s *schema) additional() *schema {
	if len(s.AdditionalProperties) == 0 || s.AdditionalProperties[0] != '{' {
		return nil
	}
	var add schema
	if json.Unmarshal(s.AdditionalProperties, &add) != nil {
		return nil
	}
	return &add
}
