package catalog

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/builtin"
	"github.com/toolgen-dev/toolgen/internal/benchtools/weather"
	"github.com/toolgen-dev/toolgen/internal/model"
	"github.com/toolgen-dev/toolgen/internal/schema"
	"github.com/toolgen-dev/toolgen/internal/tokencount"
	"github.com/toolgen-dev/toolgen/internal/tsdecl"
)

func str() *model.Type { return &model.Type{Kind: model.KindString, Name: "string"} }

// searchTool is a hand-written model of a tool with a large property
// (filters) and, when withMap, a map, which strict mode and Gemini cannot
// say.
func searchTool(name string, withMap bool) *model.Tool {
	query := &model.Field{JSONName: "query", Path: []model.Step{{Name: "Query"}}, Required: true, Type: str(), Doc: "What to look for."}
	filters := &model.Field{JSONName: "filters", Path: []model.Step{{Name: "Filters"}}, Required: true,
		Type: &model.Type{Kind: model.KindSlice, Elem: str()},
		Doc:  "Filters narrow the search: each is a field, an operator and a value, such as \"status = open\" or \"owner != me\"; all must hold."}
	fields := []*model.Field{query, filters}
	if withMap {
		fields = append(fields, &model.Field{JSONName: "labels", Path: []model.Step{{Name: "Labels"}},
			Type: &model.Type{Kind: model.KindMap, Key: str(), Elem: str()}})
	}
	t := &model.Tool{GoName: "Search", Name: name, Namespace: "crm", Doc: "Search finds contacts.",
		Input: &model.Struct{ID: "Args", Fields: fields}, Result: model.Result{Kind: model.ResultText, Type: str()}}
	schema.Tool(t)
	return t
}

func TestDefinition(t *testing.T) {
	assert.Equal(t, `{"name":"a","description":"Says \"<hi>\" & more.\n","parameters":{"type":"object"}}`,
		Definition("a", "Says \"<hi>\" & more.\n", `{"type":"object"}`), "compact, as the schemas, without HTML escaping")
}

func TestCountIsTheDefinitionsTokens(t *testing.T) {
	plain, mapped := searchTool("search", false), searchTool("search_labels", true)
	Count(&model.Package{Tools: []*model.Tool{plain, mapped}})

	for _, d := range Dialects {
		assert.Equal(t, tokencount.Count(Definition(plain.Name, plain.Doc, d.schema(plain))), d.Of(plain), d.String())
	}
	assert.NotEqual(t, plain.Tokens.Default, plain.Tokens.Strict, "the dialects' schemas differ")
	assert.Positive(t, mapped.Tokens.Default)
	assert.Zero(t, mapped.Tokens.Strict, "no strict form: 0")
	assert.Zero(t, mapped.Tokens.Gemini, "no Gemini form: 0")
	assert.Equal(t, mapped.Tokens.Default, Strict.Sent(mapped), "its provider is sent the default")
}

func TestSumSeparatesDeferredTools(t *testing.T) {
	a := &model.Tool{Name: "a", Tokens: model.Tokens{Default: 100, Strict: 110, Gemini: 90}}
	b := &model.Tool{Name: "b", Tokens: model.Tokens{Default: 50}} // no strict or Gemini form
	c := &model.Tool{Name: "c", Deferred: true, Tokens: model.Tokens{Default: 1000, Strict: 1200, Gemini: 900}}
	s := Sum(pkgOf(a, b, c))
	assert.Equal(t, Totals{Loaded: [4]int{150, 160, 140}, Deferred: [4]int{1000, 1200, 900}, LoadedTools: 2, DeferredTools: 1}, s)
}

// pkgOf is a package of tools, as the one package Sum and OverBudget take.
func pkgOf(tools ...*model.Tool) []*model.Package {
	return []*model.Package{{Tools: tools}}
}

// codeModeTools are two tools sent up front that name the shared type 0
// (30 tokens), and a deferred one that names type 1 (200 tokens); each
// tool's count is its declaration sent alone, with its types.
func codeModeTools() []*model.Package {
	a := &model.Tool{Name: "a", Tokens: model.Tokens{Default: 100, Strict: 100, Gemini: 100, CodeMode: 40 + 30},
		CodeMode: model.CodeMode{Types: []int{0}}}
	b := &model.Tool{Name: "b", Tokens: model.Tokens{Default: 100, Strict: 100, Gemini: 100, CodeMode: 60 + 30},
		CodeMode: model.CodeMode{Types: []int{0}}}
	c := &model.Tool{Name: "c", Deferred: true, Tokens: model.Tokens{Default: 10, Strict: 10, Gemini: 10, CodeMode: 90 + 200},
		CodeMode: model.CodeMode{Types: []int{1}}}
	return []*model.Package{{Tools: []*model.Tool{a, b, c}, CodeModeTokens: []int{30, 200}}}
}

func TestSumCountsSharedTypesOnce(t *testing.T) {
	s := Sum(codeModeTools())
	assert.Equal(t, 40+60+30, s.Loaded[CodeMode], "the tools' declarations and the type they share, once")
	assert.Equal(t, 90+200, s.Deferred[CodeMode])
}

func TestBudgetHoldsForCodeMode(t *testing.T) {
	assert.Empty(t, OverBudget(codeModeTools(), 200), "130 in code mode, 200 in each dialect")
	over := OverBudget(codeModeTools(), 120)
	require.Len(t, over, 4, "every dialect (200) and code mode (130)")
	assert.Equal(t, CodeMode, over[3].Dialect)
	assert.Equal(t, "the tools sent up front (not deferred) take 130 tokens in code mode's declarations, 10 over the budget of 120; "+
		"defer or trim, largest first: b (90)", over[3].Message())
}

func TestOverBudgetNamesTheToolsToDefer(t *testing.T) {
	tools := []*model.Tool{
		{Name: "small", Tokens: model.Tokens{Default: 100, Strict: 100, Gemini: 100}},
		{Name: "big", Tokens: model.Tokens{Default: 900, Strict: 950, Gemini: 400}},
		{Name: "mid", Tokens: model.Tokens{Default: 500, Strict: 520, Gemini: 500}},
		{Name: "mid2", Tokens: model.Tokens{Default: 500}},
		{Name: "huge", Deferred: true, Tokens: model.Tokens{Default: 5000, Strict: 5000, Gemini: 5000}},
	}
	assert.Empty(t, OverBudget(pkgOf(tools...), 2070), "deferred tools are not counted")

	over := OverBudget(pkgOf(tools...), 1500)
	require.Len(t, over, 2, "over in the default (2000) and strict (2070) dialects, not Gemini (1500)")
	assert.Equal(t, Default, over[0].Dialect)
	assert.Equal(t, "the tools sent up front (not deferred) take 2000 tokens in the default dialect, 500 over the budget of 1500; "+
		"defer or trim, largest first: big (900)", over[0].Message())
	assert.Equal(t, "the tools sent up front (not deferred) take 2070 tokens in the OpenAI strict dialect, 570 over the budget of 1500; "+
		"defer or trim, largest first: big (950)", over[1].Message())

	over = OverBudget(pkgOf(tools...), 450)
	require.Len(t, over, 3)
	assert.Equal(t, []string{"big", "mid", "mid2"}, names(over[0].Defer), "the largest first, until the rest fits; ties by name")
	assert.Equal(t, []string{"mid", "mid2", "big"}, names(over[2].Defer), "in Gemini, mid2 is sent its default (500)")
}

func names(tools []*model.Tool) []string {
	var out []string
	for _, t := range tools {
		out = append(out, t.Name)
	}
	return out
}

func TestOverBudgetNamesTenTools(t *testing.T) {
	var tools []*model.Tool
	for _, name := range strings.Fields("a b c d e f g h i j k l") {
		tools = append(tools, &model.Tool{Name: name, Tokens: model.Tokens{Default: 10, Strict: 10, Gemini: 10}})
	}
	over := OverBudget(pkgOf(tools...), 1)
	require.Len(t, over, 3, "no code mode declarations: 0 tokens")
	assert.Len(t, over[0].Defer, 12)
	assert.True(t, strings.HasSuffix(over[0].Message(), "a (10), b (10), c (10), d (10), e (10), f (10), g (10), h (10), i (10), j (10), and 2 more"), over[0].Message())
}

func TestPartsAreTheLargestFirst(t *testing.T) {
	tool := searchTool("search", false)
	var c tokencount.Counter
	parts := Parts(&c, tool)
	require.Len(t, parts, 3)
	assert.Equal(t, "filters", parts[0].Name, "the long-described property is the largest")
	assert.Equal(t, tokencount.Count(`"filters":{"type":"array","description":"Filters narrow the search: each is a field, an operator and a value, such as \"status = open\" or \"owner != me\"; all must hold.","items":{"type":"string"}}`), parts[0].Tokens)
	assert.Equal(t, []string{"query", "(description)"}, []string{parts[1].Name, parts[2].Name})
	assert.Equal(t, tokencount.Count(`"Search finds contacts."`), parts[2].Tokens)
}

func TestWriteTable(t *testing.T) {
	plain, mapped := searchTool("search", false), searchTool("search_labels", true)
	mapped.Deferred = true
	pkg := &model.Package{Tools: []*model.Tool{plain, mapped}}
	tsdecl.Derive(pkg)
	Count(pkg)
	var b bytes.Buffer
	require.NoError(t, Write(&b, []*model.Package{pkg}))
	lines := strings.Split(b.String(), "\n")
	require.Greater(t, len(lines), 6, b.String())
	assert.Regexp(t, `^TOOL +NAMESPACE +DEFERRED +DEFAULT +STRICT +GEMINI +CODE MODE +LARGEST PARTS \(DEFAULT\)$`, lines[0])
	assert.Regexp(t, `^search_labels +crm +yes +\d+ +- +- +`+itoa(mapped.Tokens.CodeMode)+` +filters \d+%, query \d+%, labels \d+%$`, lines[1], "the largest first")
	assert.Regexp(t, `^search +crm +no +\d+ +\d+ +\d+ +`+itoa(plain.Tokens.CodeMode)+` +filters \d+%, query \d+%, \(description\) \d+%$`, lines[2])
	assert.Empty(t, lines[3])
	d := mapped.Tokens.Default
	assert.Regexp(t, `^1 tool sent up front +`+itoa(plain.Tokens.Default)+` +`+itoa(plain.Tokens.Strict)+` +`+itoa(plain.Tokens.Gemini)+` +`+itoa(plain.Tokens.CodeMode)+`$`, lines[4],
		"no shared types: the declaration alone")
	assert.Regexp(t, `^1 tool deferred +`+itoa(d)+` +`+itoa(d)+` +`+itoa(d)+` +`+itoa(mapped.Tokens.CodeMode)+`$`, lines[5], "no form: counted at its default")
	assert.Equal(t, tokencount.Count(plain.CodeMode.Text), plain.Tokens.CodeMode)
	assert.Positive(t, plain.Tokens.CodeMode)
	assert.Contains(t, b.String(), "o200k_base")
	assert.NotRegexp(t, ` \n`, b.String(), "no trailing spaces")
}

func itoa(n int) string { return size(n) }

// TestCountsAreWhatProvidersReceive checks generated tools' Tokens against
// their definitions as a program holds them at run time (the schemas in the
// generated file, the strict and Gemini forms toolimpl derives at start-up):
// the generator counted the same texts.
func TestCountsAreWhatProvidersReceive(t *testing.T) {
	files, err := builtin.FileTools(t.TempDir())
	require.NoError(t, err)
	common, err := builtin.FileTools(t.TempDir(), builtin.Naming(builtin.CommonNames))
	require.NoError(t, err)
	files = append(files, common...)
	for _, tool := range append(files, weather.Tools()...) {
		for _, c := range []struct {
			dialect Dialect
			schema  []byte
			tokens  int
		}{{Default, tool.InputSchema, tool.Tokens.Default}, {Strict, tool.StrictSchema, tool.Tokens.Strict}, {Gemini, tool.GeminiSchema, tool.Tokens.Gemini}} {
			want := 0
			if c.schema != nil {
				want = tokencount.Count(Definition(string(tool.Name), tool.Description, string(c.schema)))
			}
			assert.Equal(t, want, c.tokens, "%s in the %s dialect", tool.Name, c.dialect)
		}
		assert.Positive(t, tool.Tokens.Default, tool.Name)
	}
}
