package searcheval

import (
	"encoding/json"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/bench/catalog/analytics"
	"github.com/toolgen-dev/toolgen/bench/catalog/calendar"
	"github.com/toolgen-dev/toolgen/bench/catalog/chat"
	"github.com/toolgen-dev/toolgen/bench/catalog/cloud"
	"github.com/toolgen-dev/toolgen/bench/catalog/crm"
	"github.com/toolgen-dev/toolgen/bench/catalog/database"
	"github.com/toolgen-dev/toolgen/bench/catalog/docs"
	"github.com/toolgen-dev/toolgen/bench/catalog/ecommerce"
	"github.com/toolgen-dev/toolgen/bench/catalog/email"
	"github.com/toolgen-dev/toolgen/bench/catalog/files"
	"github.com/toolgen-dev/toolgen/bench/catalog/hr"
	"github.com/toolgen-dev/toolgen/bench/catalog/issues"
	"github.com/toolgen-dev/toolgen/bench/catalog/payments"
	"github.com/toolgen-dev/toolgen/bench/catalog/travel"
	"github.com/toolgen-dev/toolgen/internal/textindex"
	"github.com/toolgen-dev/toolgen/toolimpl"
)

// catalogTools returns the catalog's tools, package after package in the
// order of the catalog's doc.
func catalogTools() []toolgen.Tool {
	var tools []toolgen.Tool
	for _, set := range [][]toolgen.Tool{
		files.Tools(), calendar.Tools(), crm.Tools(), cloud.Tools(), payments.Tools(), email.Tools(), chat.Tools(),
		issues.Tools(), docs.Tools(), hr.Tools(), ecommerce.Tools(), analytics.Tools(), database.Tools(), travel.Tools(),
	} {
		tools = append(tools, set...)
	}
	return tools
}

// labelled is a query of queries.json and the tool that answers it.
type labelled struct {
	Query string `json:"query"`
	Tool  string `json:"tool"`
	Kind  string `json:"kind"`
}

func readQueries(tb testing.TB) []labelled {
	tb.Helper()
	data, err := os.ReadFile("../catalog/queries.json")
	if err != nil {
		tb.Fatal(err)
	}
	var qs []labelled
	if err := json.Unmarshal(data, &qs); err != nil {
		tb.Fatal(err)
	}
	return qs
}

// withCopies returns the first n tools of tools and, past its end, copies
// renamed NAME_copyK (in namespace NAMESPACE_copyK) until there are n,
// each with the search entry toolgen would generate for it.
func withCopies(tools []toolgen.Tool, n int) []toolgen.Tool {
	out := make([]toolgen.Tool, 0, n)
	for k := 0; len(out) < n; k++ {
		for _, t := range tools {
			if len(out) == n {
				break
			}
			if k > 0 {
				suffix := "_copy" + strconv.Itoa(k)
				t.Name += toolgen.ToolName(suffix)
				t.Namespace += suffix
				entry := textindex.Tool(string(t.Name), t.Namespace, t.Description, t.InputSchema)
				t = toolimpl.Tools([]toolgen.Tool{t}, []string{entry})[0]
			}
			out = append(out, t)
		}
	}
	return out
}

// handWritten returns tools without their search entries, as tools written
// by hand or from an MCP server come (what Search reads of them, and their
// Call): NewToolbox analyzes them.
func handWritten(tools []toolgen.Tool) []toolgen.Tool {
	out := make([]toolgen.Tool, len(tools))
	for i, t := range tools {
		out[i] = toolgen.Tool{Name: t.Name, Namespace: t.Namespace, Description: t.Description, InputSchema: t.InputSchema, Call: t.Call}
	}
	return out
}

// toolFields is a tool's text as bleve's documents hold it.
type toolFields struct {
	Name, Namespace, Description string
	ParamNames, ParamText        string // property names; descriptions and enum values
}

// fieldsOf reads a tool's text: its name, namespace and description, and
// what its input schema says of the arguments (read with encoding/json,
// apart from toolgen's own reader).
func fieldsOf(t toolgen.Tool) toolFields {
	var schema any
	_ = json.Unmarshal(t.InputSchema, &schema)
	var names, text []string
	schemaText(&names, &text, schema)
	return toolFields{
		Name: string(t.Name), Namespace: t.Namespace, Description: t.Description,
		ParamNames: strings.Join(names, "\n"), ParamText: strings.Join(text, "\n"),
	}
}

// all is the whole text, for a document of one field.
func (f toolFields) all() string {
	return strings.Join([]string{f.Name, f.Namespace, f.Description, f.ParamNames, f.ParamText}, "\n")
}

// schemaText collects what the index reads of a schema: property names,
// descriptions, and enum and const values that are strings or numbers, at
// any depth (the keywords textindex walks).
func schemaText(names, text *[]string, schema any) {
	s, ok := schema.(map[string]any)
	if !ok {
		return
	}
	for _, key := range slices.Sorted(maps.Keys(s)) {
		switch v := s[key]; key {
		case "description", "const":
			appendValue(text, v)
		case "enum":
			list, _ := v.([]any)
			for _, e := range list {
				appendValue(text, e)
			}
		case "properties", "$defs", "definitions":
			members, _ := v.(map[string]any)
			for _, name := range slices.Sorted(maps.Keys(members)) {
				if key == "properties" {
					*names = append(*names, name)
				}
				schemaText(names, text, members[name])
			}
		case "items", "additionalProperties", "anyOf", "oneOf", "allOf", "prefixItems":
			if list, ok := v.([]any); ok {
				for _, sub := range list {
					schemaText(names, text, sub)
				}
			} else {
				schemaText(names, text, v)
			}
		}
	}
}

func appendValue(text *[]string, v any) {
	switch v := v.(type) {
	case string:
		*text = append(*text, v)
	case float64:
		*text = append(*text, strconv.FormatFloat(v, 'g', -1, 64))
	}
}
