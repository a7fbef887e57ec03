package main

import (
	"context"

	"github.com/toolgen-dev/toolgen"
)

// schema2020Tool is json_schema_2020_12_tool, whose input schema uses the
// JSON Schema 2020-12 vocabulary the suite checks survives tools/list
// verbatim (SEP-1613, SEP-2106): $schema, $defs with an $anchor,
// additionalProperties, allOf/anyOf and if/then/else. A generated schema
// never has the last three (Go types have no way to say them), so the tool
// is written by hand: a toolgen.Tool whose schema the server passes on as
// it is.
func schema2020Tool() toolgen.Tool {
	return toolgen.Tool{
		Name:        "json_schema_2020_12_tool",
		Description: "Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613, SEP-2106)",
		InputSchema: []byte(`{` +
			`"$schema":"https://json-schema.org/draft/2020-12/schema",` +
			`"type":"object",` +
			`"$defs":{"address":{"$anchor":"addressDef","type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},` +
			`"properties":{` +
			`"name":{"type":"string"},` +
			`"address":{"$ref":"#/$defs/address"},` +
			`"contactMethod":{"type":"string","enum":["phone","email"]},` +
			`"phone":{"type":"string"},` +
			`"email":{"type":"string"}},` +
			`"allOf":[{"anyOf":[{"required":["phone"]},{"required":["email"]}]}],` +
			`"if":{"properties":{"contactMethod":{"const":"phone"}},"required":["contactMethod"]},` +
			`"then":{"required":["phone"]},` +
			`"else":{"required":["email"]},` +
			`"additionalProperties":false}`),
		Annotations: toolgen.Annotations{ReadOnly: true, Idempotent: true},
		Call: func(context.Context, []byte) (toolgen.Result, error) {
			return toolgen.TextResult("JSON Schema 2020-12 tool called"), nil
		},
	}
}
