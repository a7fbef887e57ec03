package mcp

import (
	"bytes"
	"encoding/json"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/internal/fence"
)

// WithFencedResults says whether the results of the server's tools, as
// Tools gives them, are fenced (default true): every text the server
// sends (text parts, embedded resources' text, the strings of
// structuredContent, a failed call's text) is written as
//
//	<untrusted-data source="TOOL">text</untrusted-data>
//
// with '<', '>', '&', the characters that look like angle brackets and the
// invisible ones escaped (&lt;, &#xFF1C;...), so that nothing in it can
// close the fence, and each tool's description gains a sentence telling the
// model that such text is data, never instructions. Turn it off for a
// server whose results are trusted (one of your own). CallTool's results are
// never fenced: they are for Go code, not for a model.
func WithFencedResults(on bool) ClientOption {
	return func(o *clientOptions) error { o.unfenced = !on; return nil }
}

// fencedDescription is a tool's description as Tools gives it.
func (c *Client) fencedDescription(desc string) string {
	if c.opts.unfenced {
		return desc
	}
	if desc == "" {
		return fence.Instruction
	}
	return desc + "\n\n" + fence.Instruction
}

// fenceResult fences what the server said in r (see WithFencedResults).
func fenceResult(source string, r toolgen.Result) toolgen.Result {
	content := make([]toolgen.Content, len(r.Content))
	for i, c := range r.Content {
		if c.Type == toolgen.ContentText || (c.Type == toolgen.ContentResource && c.Data == nil) {
			c.Text = fence.Fence(source, c.Text)
		}
		content[i] = c
	}
	r.Content = content
	if r.Structured != nil {
		r.Structured = fenceStrings(source, r.Structured)
	}
	return r
}

// fenceStrings fences every string value of a JSON text (keys are left
// as they are: a schema names them). Text that is not JSON is one string.
func fenceStrings(source string, raw json.RawMessage) json.RawMessage {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		b, _ := json.Marshal(fence.Fence(source, string(raw)))
		return b
	}
	b, err := json.Marshal(fenceValue(source, v))
	if err != nil { // a json.Number read back is always valid
		return raw
	}
	return b
}

func fenceValue(source string, v any) any {
	switch v := v.(type) {
	case string:
		return fence.Fence(source, v)
	case []any:
		for i := range v {
			v[i] = fenceValue(source, v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = fenceValue(source, v[k])
		}
	}
	return v
}
