package analyze

import "testing"

func TestParseTypeSchema(t *testing.T) {
	for _, tt := range []struct {
		text, schema, desc, err string
		offset                  int
	}{
		{text: `{"type":"string","pattern":"^a$","description":"An a."}`, schema: `{"type":"string","pattern":"^a$"}`, desc: "An a."},
		{text: `{"properties":{"b":{"type":"integer"},"a":{}},"required":["b"]}`, schema: `{"properties":{"b":{"type":"integer"},"a":{}},"required":["b"]}`},
		{text: `{"type":["string","null"]}`, err: `type: must be a string (use anyOf for more than one type), not ["string","null"]`},
		{text: `{"minLength":-1}`, err: "minLength: must be a non-negative integer, not -1"},
		{text: `{"type":"string"} x`, err: "invalid JSON: invalid character 'x' after top-level value", offset: 18},
		{text: `{"type":"string","type":"number"}`, err: `"type" given twice`},
		{text: `3`, err: "the schema must be a JSON object"},
	} {
		got, offset, err := parseTypeSchema(tt.text)
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err || offset != tt.offset):
			t.Errorf("%s: got error %v at %d, want %q at %d", tt.text, err, offset, tt.err, tt.offset)
		case tt.err == "" && (err != nil || got.schema != tt.schema || got.description != tt.desc):
			t.Errorf("%s: got %+v, %v; want %s, %q", tt.text, got, err, tt.schema, tt.desc)
		}
	}
}
