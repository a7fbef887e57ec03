package mcp

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/toolimpl"
)

// Custom headers (MCP 2026-07-28, SEP-2243). A tool's input schema may mark
// a property with "x-mcp-header": "Region"; over streamable HTTP, a client
// then mirrors that argument of every call into the header
// Mcp-Param-Region, so that load balancers and gateways can route on it
// without reading the body, and the server checks that the header says
// what the body says. This file holds what both sides share: reading and
// checking the declarations (ParamHeaders), the headers of a call
// (CallParamHeaders), and the encoding of values; headers_server.go has
// the server's check, headers_client.go the client's headers.

// ParamHeaderPrefix begins the name of every header that mirrors a tool
// argument: Mcp-Param-{x-mcp-header}.
const ParamHeaderPrefix = "Mcp-Param-"

// CodeHeaderMismatch is the JSON-RPC error code (HeaderMismatch) of a
// request whose MCP headers disagree with its body, or lack one it needs,
// or hold one that cannot be read; it comes with 400 Bad Request.
const CodeHeaderMismatch = -32020

// ErrInvalidParamHeader is in the error of an input schema whose
// x-mcp-header declarations break MCP's rules (see ParamHeaders).
var ErrInvalidParamHeader = errors.New("invalid x-mcp-header")

// The Base64 form of a header value that cannot travel as it is:
// =?base64?{standard Base64 of its UTF-8 bytes}?=.
const (
	base64Prefix = "=?base64?"
	base64Suffix = "?="
)

// maxSafeInteger is the largest integer a double holds exactly (2^53-1):
// an integer argument mirrored into a header must be within ±it.
const maxSafeInteger = 1<<53 - 1

// ParamHeader is one argument of a tool that a call mirrors into an HTTP
// header: the property at Path (property names from the input schema's
// root, each step a "properties" key), sent as Mcp-Param-{Name}.
type ParamHeader struct {
	Name string   // the x-mcp-header value
	Path []string // the property's names from the root: ["region"], ["target", "region"]
	Type string   // the property's type: "string", "integer" or "boolean"
}

// Header is the HTTP header's name: Mcp-Param-{Name}.
func (p ParamHeader) Header() string { return ParamHeaderPrefix + p.Name }

// pointer is the argument's JSON pointer, for messages: /target/region.
func (p ParamHeader) pointer() string {
	var b strings.Builder
	for _, step := range p.Path {
		b.WriteByte('/')
		b.WriteString(pointerEscaper.Replace(step))
	}
	return b.String()
}

// pointerEscaper escapes a JSON pointer's reference token (RFC 6901).
var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// ParamHeaders reads the x-mcp-header declarations of a tool's input
// schema, in the order of their properties' names. MCP's rules make a
// declaration valid when its value is a non-empty HTTP token (RFC 9110
// tchar: letters, digits and !#$%&'*+-.^_`|~), unique among the schema's
// declarations ignoring case, on a property of type "string", "integer" or
// "boolean" (not "number", not a list of types), reached from the root
// through "properties" keys only (not through items, anyOf, $ref, $defs
// or any other keyword). A schema that breaks one is an error wrapping
// ErrInvalidParamHeader and naming the property; a client leaves such a
// tool out of its list, and a server refuses to serve it.
func ParamHeaders(inputSchema []byte) ([]ParamHeader, error) {
	var root any
	if err := json.Unmarshal(inputSchema, &root); err != nil {
		return nil, fmt.Errorf("%w: the input schema is not JSON: %v", ErrInvalidParamHeader, err)
	}
	w := &declWalk{seen: map[string]string{}}
	w.schema(root, nil, true)
	if w.err != nil {
		return nil, w.err
	}
	return w.decls, nil
}

// declWalk gathers the declarations of one schema, stopping at the first
// mistake.
type declWalk struct {
	decls []ParamHeader
	seen  map[string]string // lower-case name -> the pointer of its property
	err   error
}

// subschemaKeys are the keywords whose values are schemas or arrays of
// schemas, and schemaMapKeys those whose values are objects of schemas: an
// x-mcp-header anywhere under them is not statically reachable. Other
// keywords' values (enum, const, default, examples) are data, where
// "x-mcp-header" is just a member's name.
var (
	subschemaKeys = []string{"items", "prefixItems", "contains", "additionalProperties", "propertyNames",
		"unevaluatedItems", "unevaluatedProperties", "anyOf", "oneOf", "allOf", "not", "if", "then", "else"}
	schemaMapKeys = []string{"patternProperties", "dependentSchemas", "$defs", "definitions"}
)

// schema walks the schema s at path; reachable says whether every step to
// it was a "properties" key.
func (w *declWalk) schema(s any, path []string, reachable bool) {
	obj, ok := s.(map[string]any)
	if !ok || w.err != nil {
		return
	}
	if v, ok := obj["x-mcp-header"]; ok {
		w.declaration(obj, v, path, reachable)
	}
	if props, ok := obj["properties"].(map[string]any); ok {
		for _, name := range slices.Sorted(maps.Keys(props)) {
			w.schema(props[name], append(slices.Clip(path), name), reachable)
		}
	}
	for _, k := range subschemaKeys {
		switch v := obj[k].(type) {
		case []any:
			for _, sub := range v {
				w.schema(sub, nil, false)
			}
		default:
			w.schema(v, nil, false)
		}
	}
	for _, k := range schemaMapKeys {
		if m, ok := obj[k].(map[string]any); ok {
			for _, name := range slices.Sorted(maps.Keys(m)) {
				w.schema(m[name], nil, false)
			}
		}
	}
}

// declaration checks one x-mcp-header value v on the property schema obj.
func (w *declWalk) declaration(obj map[string]any, v any, path []string, reachable bool) {
	at := "the schema"
	if len(path) > 0 {
		at = "property " + ParamHeader{Path: path}.pointer()
	}
	fail := func(format string, args ...any) {
		w.err = fmt.Errorf("%w: %s: %s", ErrInvalidParamHeader, at, fmt.Sprintf(format, args...))
	}
	name, isString := v.(string)
	typ, _ := obj["type"].(string)
	switch {
	case !reachable || len(path) == 0:
		fail("x-mcp-header is only allowed on a property reached from the root through \"properties\" alone (not items, anyOf, $ref, $defs...)")
	case !isString:
		fail("x-mcp-header must be a string, not %s", jsonKind(v))
	case name == "":
		fail("x-mcp-header is empty")
	case !isToken(name):
		fail("x-mcp-header %q is not an HTTP header name token (letters, digits and !#$%%&'*+-.^_`|~ only)", name)
	case typ != "string" && typ != "integer" && typ != "boolean":
		fail("x-mcp-header %q is on a property of type %s: only string, integer and boolean values can be mirrored", name, typeWord(obj["type"]))
	case w.seen[strings.ToLower(name)] != "":
		fail("x-mcp-header %q is already that of property %s (header names ignore case)", name, w.seen[strings.ToLower(name)])
	default:
		d := ParamHeader{Name: name, Path: slices.Clone(path), Type: typ}
		w.seen[strings.ToLower(name)] = d.pointer()
		w.decls = append(w.decls, d)
	}
}

// typeWord names a schema's type keyword for messages.
func typeWord(t any) string {
	switch t := t.(type) {
	case nil:
		return "none (no type keyword)"
	case string:
		return strconv.Quote(t)
	}
	b, _ := json.Marshal(t)
	return string(b)
}

// jsonKind names the JSON type of a decoded value.
func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a string"
}

// isToken reports whether s is an HTTP token (RFC 9110 5.6.2): one or more
// tchar.
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0:
		default:
			return false
		}
	}
	return true
}

// CallParamHeaders are the Mcp-Param-* headers of a call with args (a JSON
// object) to a tool whose input schema is inputSchema, as a client sends
// them over streamable HTTP: one per declaration (see ParamHeaders) whose
// argument is present and not null, its value written by MCP's rules (a
// string as it is, an integer in decimal, a boolean as true or false; a
// value that is not printable ASCII, or begins or ends with a space or a
// tab, or looks like the Base64 form, in the form =?base64?...?=). An
// invalid declaration is an error wrapping ErrInvalidParamHeader; so is an
// argument that cannot be mirrored (an object, an array, a number that is
// not an integer within ±(2^53-1)), whose header is left out of the
// headers returned with the error. A schema without declarations gives
// no headers.
func CallParamHeaders(inputSchema, args []byte) (http.Header, error) {
	if !bytes.Contains(inputSchema, []byte(`"x-mcp-header"`)) {
		return nil, nil
	}
	decls, err := ParamHeaders(inputSchema)
	if err != nil {
		return nil, err
	}
	return paramHeaderValues(decls, args)
}

// paramHeaderValues are the headers of decls for a call with args.
func paramHeaderValues(decls []ParamHeader, args []byte) (http.Header, error) {
	h := http.Header{}
	var errs []error
	for _, d := range decls {
		raw, found := argumentAt(args, d.Path)
		if !found || string(raw) == "null" {
			continue
		}
		text, err := headerText(raw)
		if err != nil {
			errs = append(errs, fmt.Errorf("%w: argument %s cannot be mirrored into %s: %v", ErrInvalidParamHeader, d.pointer(), d.Header(), err))
			continue
		}
		h[http.CanonicalHeaderKey(d.Header())] = []string{encodeHeaderValue(text)}
	}
	return h, errors.Join(errs...)
}

// argumentAt is the raw JSON value at path in args, and whether there is
// one (a member given twice is taken at its last, as encoding/json takes
// it; the tool's decoder refuses such arguments anyway). It reads with
// toolgen's JSON reader, without copying or allocating.
func argumentAt(args []byte, path []string) ([]byte, bool) {
	cur := args
	for _, step := range path {
		var d toolimpl.Decoder
		d.Reset(cur)
		d.SkipNameWalks()
		if !d.Object() {
			return nil, false
		}
		var found []byte
		for k, more := d.Field(); more; k, more = d.Field() {
			if string(k) != step {
				d.Skip()
				continue
			}
			v, ok := d.RawValue()
			if !ok {
				return nil, false
			}
			found = v
		}
		if found == nil || d.Close() != nil {
			return nil, false
		}
		cur = found
	}
	return cur, true
}

// headerText is an argument's value as header text, before encoding: a
// string as it is, a boolean as true or false, an integer (within the
// safe range, written in any JSON form: 42, 42.0, 4.2e1) in decimal.
func headerText(raw []byte) (string, error) {
	if len(raw) == 0 {
		return "", errors.New("no value")
	}
	switch raw[0] {
	case '"':
		if len(raw) >= 2 && raw[len(raw)-1] == '"' && bytes.IndexByte(raw, '\\') < 0 {
			return string(raw[1 : len(raw)-1]), nil // no escapes: the text itself
		}
		var s string
		err := json.Unmarshal(raw, &s)
		return s, err
	case 't', 'f':
		var b bool
		err := json.Unmarshal(raw, &b)
		return strconv.FormatBool(b), err
	case '{', '[', 'n':
		return "", fmt.Errorf("it is %s, not a string, integer or boolean", jsonKindOf(raw[0]))
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	n, ok := safeInteger(f)
	if err != nil || !ok {
		return "", fmt.Errorf("%s is not an integer within ±%d", raw, maxSafeInteger)
	}
	return strconv.FormatInt(n, 10), nil
}

// jsonKindOf names the JSON type of a value that starts with c.
func jsonKindOf(c byte) string {
	switch c {
	case '{':
		return "an object"
	case '[':
		return "an array"
	}
	return "null"
}

// safeInteger is f as an int64 when it is an integer within ±(2^53-1).
func safeInteger(f float64) (int64, bool) {
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) || math.Abs(f) > maxSafeInteger {
		return 0, false
	}
	return int64(f), true
}

// encodeHeaderValue writes s as a header value: as it is when it is plain
// printable ASCII that neither begins nor ends with white space nor looks
// like the Base64 form, else in the Base64 form.
func encodeHeaderValue(s string) string {
	if !needsBase64(s) {
		return s
	}
	return base64Prefix + base64.StdEncoding.EncodeToString([]byte(s)) + base64Suffix
}

func needsBase64(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == ' ' || s[0] == '\t' || s[len(s)-1] == ' ' || s[len(s)-1] == '\t' {
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return true
		}
	}
	_, sentinel := cutBase64Form(s)
	return sentinel
}

// cutBase64Form is the Base64 text inside a value of the form
// =?base64?...?= (markers in lower case), and whether it is of that form.
func cutBase64Form(s string) (string, bool) {
	if len(s) < len(base64Prefix)+len(base64Suffix) || !strings.HasPrefix(s, base64Prefix) || !strings.HasSuffix(s, base64Suffix) {
		return "", false
	}
	return s[len(base64Prefix) : len(s)-len(base64Suffix)], true
}

// decodeHeaderValue is the text a received header value stands for: the
// decoded bytes of the Base64 form, else the value itself. A value with a
// character outside visible ASCII, space and tab, and a Base64 form that
// is not standard, padded Base64, are errors.
func decodeHeaderValue(v string) (string, error) {
	for i := 0; i < len(v); i++ {
		if c := v[i]; (c < 0x20 && c != '\t') || c > 0x7e {
			return "", fmt.Errorf("byte 0x%02x at %d is not allowed in a header value (send it in the form =?base64?...?=)", c, i)
		}
	}
	inner, ok := cutBase64Form(v)
	if !ok {
		return v, nil
	}
	b, err := base64.StdEncoding.Strict().DecodeString(inner)
	if err != nil {
		return "", fmt.Errorf("%q is not valid padded Base64: %v", inner, err)
	}
	return string(b), nil
}
