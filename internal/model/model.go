// Package model is what toolgen knows about a package's tools, as plain data:
// analyze fills it from go/types and the syntax, emit turns it into Go code.
// Nothing here points into go/types or go/ast, so the emitter can be tested
// from hand-written values and a model can be dumped as JSON (toolgen -show).
package model

// Package is the input of emit: one Go package and its tools.
type Package struct {
	Name  string  `json:"name"`
	Path  string  `json:"path"`
	Tools []*Tool `json:"tools"` // in source order
	// Declared are the package's top-level names, the generated file's
	// aside: its imports must not take one of them.
	Declared []string `json:"-"`
	// Budget is the package's //toolgen:budget, or nil.
	Budget *Budget `json:"budget,omitempty"`
	// Prompts and Resources are the //toolgen:prompt and
	// //toolgen:resource functions, in source order.
	Prompts   []*Prompt   `json:"prompts,omitempty"`
	Resources []*Resource `json:"resources,omitempty"`
	// Questions are the //toolgen:question struct types, in source order.
	Questions []*Question `json:"questions,omitempty"`
	// CodeModeTypes are the TypeScript types the tools' code-mode
	// declarations share (internal/tsdecl), each with its JSDoc; a tool's
	// CodeMode.Types index them.
	CodeModeTypes []string `json:"code_mode_types,omitempty"`
	// CodeModeTokens are the sizes of CodeModeTypes, one each
	// (internal/catalog).
	CodeModeTokens []int `json:"-"`
}

// ToolsFuncs groups the package's tools by the generated Tools function
// that returns them: the package functions' (Tools()) or a type's methods'
// ((*T).Tools()); the groups in the order of their first tool, which is
// the order the generated file declares the functions, each group in
// source order.
func (p *Package) ToolsFuncs() [][]*Tool {
	var groups [][]*Tool
	index := map[string]int{} // receiver type name ("" for functions) -> group
	for _, t := range p.Tools {
		recv := ""
		if t.Recv != nil {
			recv = t.Recv.TypeName
		}
		i, ok := index[recv]
		if !ok {
			i = len(groups)
			index[recv] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], t)
	}
	return groups
}

// Question is one //toolgen:question type: a struct whose fields are a
// form a tool asks the client's user to fill in (an MCP elicitation's
// requestedSchema; package mcp's Elicit).
type Question struct {
	GoName string   `json:"go_name"`
	Type   *Type    `json:"type"` // KindStruct, of flat primitive fields
	Pos    Position `json:"pos"`
	// Schema is the form, derived (schema.Derive).
	Schema *Schema `json:"-"`
}

// Prompt is one //toolgen:prompt function: an MCP prompt.
type Prompt struct {
	GoName     string         `json:"go_name"`
	Name       string         `json:"name"`
	Title      string         `json:"title,omitempty"`
	Doc        string         `json:"doc"`
	Params     []*StringParam `json:"params"` // the arguments, in order
	HasContext bool           `json:"has_context,omitempty"`
	Messages   bool           `json:"messages,omitempty"` // returns []toolgen.PromptMessage, not a string
	HasError   bool           `json:"has_error,omitempty"`
	Pos        Position       `json:"pos"`
}

// Resource is one //toolgen:resource function: an MCP resource, or a
// resource template when its URI has variables.
type Resource struct {
	GoName     string         `json:"go_name"`
	Name       string         `json:"name"`
	Title      string         `json:"title,omitempty"`
	Doc        string         `json:"doc"`
	URI        string         `json:"uri"` // a URI or an RFC 6570 template of simple expressions
	MIMEType   string         `json:"mime_type,omitempty"`
	Cache      *CacheHint     `json:"cache,omitempty"` // cache= and ttl=, nil without them
	Params     []*StringParam `json:"params"`          // the template's variables, in the parameters' order
	HasContext bool           `json:"has_context,omitempty"`
	Blob       bool           `json:"blob,omitempty"` // returns []byte, not a string
	HasError   bool           `json:"has_error,omitempty"`
	Pos        Position       `json:"pos"`
}

// CacheHint is a resource's caching hint: how long a read stays fresh and
// whether shared caches may keep it (toolgen.CacheHint).
type CacheHint struct {
	TTLMs  int64 `json:"ttl_ms"`
	Public bool  `json:"public,omitempty"`
}

// StringParam is a parameter of a prompt or resource function: a string
// (a prompt argument or a template variable).
type StringParam struct {
	GoName string `json:"go_name"`
	Name   string `json:"name"` // the argument's or variable's name
	Doc    string `json:"doc,omitempty"`
	Type   *Type  `json:"type"` // string or a named string type (an enum's Values complete)
	// Optional prompt arguments are pointers (*string, *Tone): nil when the
	// client leaves them out. Template variables never are.
	Optional bool `json:"optional,omitempty"`
}

// Budget is a ceiling on the tokens of the tool definitions a model is sent
// up front (the tools not deferred), in every dialect.
type Budget struct {
	Tokens int      `json:"tokens"`
	Pos    Position `json:"pos"` // the directive's
}

// Tokens is the size of a tool's definition in o200k_base tokens, per
// schema dialect; 0 for a dialect the tool has no form in (internal/catalog
// says what is counted).
type Tokens struct {
	Default int `json:"default"`
	Strict  int `json:"strict"`
	Gemini  int `json:"gemini"`
	// CodeMode is the size of the tool's code-mode declaration sent alone:
	// its function and the shared types it names (which the tools sent
	// together share, so totals count each once).
	CodeMode int `json:"code_mode"`
}

// CodeMode is a tool's TypeScript declaration for code mode, where a model
// writes a program that calls the tools as functions (internal/tsdecl).
type CodeMode struct {
	Ident string `json:"ident"` // the function's name in a program
	Text  string `json:"text"`  // its JSDoc and declare function
	// Types index the package's CodeModeTypes the declaration names,
	// directly or through another, in ascending order.
	Types []int `json:"types,omitempty"`
}

// Tool is one annotated function or method.
type Tool struct {
	GoName    string    `json:"go_name"`
	Recv      *Receiver `json:"recv,omitempty"` // nil for a package function
	Name      string    `json:"name"`           // the tool's name as models see it
	ConstName string    `json:"const_name"`     // ToolGetWeather
	Doc       string    `json:"doc"`            // the description: the doc comment as text
	Summary   string    `json:"summary"`        // its first sentence

	ReadOnly         bool `json:"readonly,omitempty"`
	Destructive      bool `json:"destructive,omitempty"`
	Idempotent       bool `json:"idempotent,omitempty"`
	OpenWorld        bool `json:"openworld,omitempty"`
	RequiresApproval bool `json:"requires_approval,omitempty"`

	// Namespace groups the tool in catalogs and search: namespace=NAME, or
	// the Go package's name. Deferred (the defer option) keeps the tool out
	// of what a model is sent up front when tool search is on.
	Namespace string `json:"namespace"`
	Deferred  bool   `json:"deferred,omitempty"`
	// MaxFailures is the maxfailures=N option: the most failed calls of
	// the tool in a row that a run allows; 0 when not given.
	MaxFailures int `json:"max_failures,omitempty"`
	// MaxResultTokens is the maxresulttokens=N option: the most estimated
	// tokens of one result an agent puts in the model's context.
	MaxResultTokens int `json:"max_result_tokens,omitempty"`
	// NoRepair (the norepair option) keeps the tool's decoder from
	// repairing malformed arguments even when the caller asks for it.
	NoRepair bool `json:"norepair,omitempty"`
	// Untrusted (the untrusted option, for a tool returning a string)
	// writes the text result fenced as data the model must not follow
	// (internal/fence); a struct's string fields are marked by their tag.
	Untrusted bool `json:"untrusted,omitempty"`
	// Task is the task option: "optional" (task, task=optional),
	// "required" (task=required), or "" when not given.
	Task string `json:"task,omitempty"`

	Params []*Param `json:"params"` // the Go parameters in order, hidden ones included
	// Input is the object the arguments decode into: the fields of the one
	// struct parameter, or one field per flat parameter.
	Input  *Struct  `json:"input"`
	Result Result   `json:"result"`
	Pos    Position `json:"pos"`

	// RuleName is the generated permission-rule type (GetWeatherRule), and
	// RuleFields its fields' names, one per member of Input.Fields, in the
	// same order.
	// EditName is the generated type of a person's edit of a call's
	// arguments (GetWeatherEdit), written for tools that require approval;
	// "" when the encoder cannot write the arguments.
	EditName   string   `json:"edit_name,omitempty"`
	RuleName   string   `json:"rule_name"`
	RuleFields []string `json:"rule_fields,omitempty"`

	InputSchema  *Schema `json:"input_schema"`
	OutputSchema *Schema `json:"output_schema,omitempty"`
	// PartialSchema is the schema of what the tool's toolgen.Partial[T]
	// parameter sends (T's), or nil when it has none.
	PartialSchema *Schema `json:"partial_schema,omitempty"`
	// NoStrict says why InputSchema has no form in OpenAI's strict dialect,
	// NoGemini why it has none in Gemini's subset; "" when it has. The
	// runtime derives those forms from the input schema at start-up; the
	// generator derives them with the same code, to tell at build time.
	NoStrict string `json:"no_strict,omitempty"`
	NoGemini string `json:"no_gemini,omitempty"`
	// Gaps are what NoStrict and NoGemini sum up: each place of the input
	// schema a dialect cannot say, with the parameter it is in and the way
	// out. toolgen warns of each, and the generated file says them.
	Gaps []Gap `json:"gaps,omitempty"`
	// Dialects holds InputSchema as compact JSON text in each dialect,
	// as the schema stage derived it ("" for a form the schema lacks):
	// what the definitions are counted on.
	Dialects Dialects `json:"-"`
	// CodeMode is the tool's TypeScript declaration, derived after the
	// schemas, from the same model (internal/tsdecl).
	CodeMode CodeMode `json:"code_mode"`
	// Tokens is the size of the tool's definition per dialect, filled after
	// the schemas (internal/catalog).
	Tokens Tokens `json:"tokens"`
}

// Dialect names a provider dialect of an input schema.
type Dialect string

// The dialects a schema may have no form in.
const (
	DialectStrict Dialect = "strict" // OpenAI's strict mode
	DialectGemini Dialect = "gemini" // Gemini's function declarations
)

// Title is how messages name the dialect.
func (d Dialect) Title() string {
	if d == DialectStrict {
		return "OpenAI's strict mode"
	}
	return "Gemini's schema subset"
}

// Fallback says what the dialect's provider is sent instead.
func (d Dialect) Fallback() string {
	if d == DialectStrict {
		return "OpenAI gets the default schema without strict mode"
	}
	return "Gemini gets the default schema as it is"
}

// Gap is a place of a tool's input schema that a dialect cannot say, so
// that the dialect has no form of the schema.
type Gap struct {
	Dialect Dialect `json:"dialect"`
	// Pointer is the JSON pointer of the place in the input schema, ""
	// for the schema as a whole.
	Pointer string `json:"pointer"`
	// Param is the argument (top-level property) the place is in, "" for
	// one in no argument (the $defs of recursive types, the whole).
	Param string `json:"param,omitempty"`
	// Reason says what is there, Fix the way out, in plain English.
	Reason string `json:"reason"`
	Fix    string `json:"fix"`
	// Pos is the parameter's or field's position, else the tool's.
	Pos Position `json:"pos"`
}

// Sentence is the gap as one sentence (its first letter in lower case):
// where, what, what the provider gets instead, and the way out.
func (g Gap) Sentence() string {
	return g.Where() + " has no form in " + g.Dialect.Title() + ": " + g.Reason + "; " +
		g.Dialect.Fallback() + ". To give it one, " + g.Fix + "."
}

// Where names the gap's place: the argument and the pointer into the
// input schema.
func (g Gap) Where() string {
	switch {
	case g.Param != "":
		return "argument " + g.Param + " (" + g.Pointer + ")"
	case g.Pointer == "":
		return "the input schema"
	}
	return "the input schema at " + g.Pointer
}

// Dialects are an input schema's texts, one per dialect.
type Dialects struct {
	Default, Strict, Gemini string
}

// Partial is the tool's toolgen.Partial[T] parameter, or nil.
func (t *Tool) Partial() *Param {
	for _, p := range t.Params {
		if p.Kind == ParamPartial {
			return p
		}
	}
	return nil
}

// Receiver is the type whose method a tool is.
type Receiver struct {
	TypeName string `json:"type_name"`
	Pointer  bool   `json:"pointer"`
}

// ParamKind says how dispatch supplies a parameter.
type ParamKind string

// The kinds of parameters.
const (
	ParamContext ParamKind = "context" // the call's context.Context
	ParamCtx     ParamKind = "ctx"     // toolgen.Ctx
	ParamPartial ParamKind = "partial" // toolgen.Partial[T]: Type is T
	ParamFlat    ParamKind = "flat"    // one argument: Input.Fields[Field]
	ParamStruct  ParamKind = "struct"  // all arguments: Input
)

// Param is one parameter of the Go function.
type Param struct {
	GoName string    `json:"go_name"`
	Kind   ParamKind `json:"kind"`
	Type   *Type     `json:"type,omitempty"` // for flat and struct parameters; T of a toolgen.Partial[T]
	Field  int       `json:"field"`          // for flat parameters: index in Input.Fields
}

// ResultKind says what a tool returns besides an error.
type ResultKind string

// The kinds of results.
const (
	ResultNone  ResultKind = "none"  // only an error
	ResultText  ResultKind = "text"  // a string: text content
	ResultValue ResultKind = "value" // anything else: JSON, structured content
	ResultRaw   ResultKind = "raw"   // a toolgen.Result: returned as it is
)

// Result describes a tool's results.
type Result struct {
	Kind     ResultKind `json:"kind"`
	Type     *Type      `json:"type,omitempty"`
	HasError bool       `json:"has_error"`
	// Wrapped results are not JSON objects; structured content holds them as
	// {"result": value}, since MCP's structuredContent must be an object.
	Wrapped bool `json:"wrapped,omitempty"`
}

// Position is a place in the user's source, for messages and -show.
type Position struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}
