package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	sdkmcp "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Question is a question type whose form toolgen wrote at build time: a
// struct with the //toolgen:question directive, whose generated
// ElicitationSchema returns the form as JSON (an object schema of its
// fields, with their docs, constraints and enum values).
type Question interface {
	ElicitationSchema() []byte
}

// Elicit asks the client's user the question Q under id (see ElicitRaw
// for ids, rounds and errors) and returns the answer decoded into a Q.
//
// Q is a struct of the flat form elicitation allows: strings, booleans,
// integers, floats and string enums, or pointers to them. With the
// //toolgen:question directive (see the toolgen command), toolgen checks
// that at build time and writes the form (Question), with the fields' doc
// comments as descriptions, as it does a tool's parameters. Without it,
// the form is made by reflection, once per type: each exported field named
// by its json tag, required unless its tag says omitempty or it is a
// pointer, described by its `description` tag, a string restricted by an
// `enum` tag ("a,b,c"); another Q is then an error. An accepted answer
// that leaves a required field out, gives a value of another type or a
// string outside an enum is an invalid-params error of the request.
func Elicit[Q any](ctx context.Context, id, message string) (Q, error) {
	var q Q
	schema, err := questionForm[Q]()
	if err != nil {
		return q, err
	}
	res, err := ElicitRaw(ctx, id, &sdkmcp.ElicitParams{Mode: "form", Message: message, RequestedSchema: schema})
	if err != nil {
		return q, err
	}
	if err := decodeForm(res.Content, &q, schema); err != nil {
		err = fmt.Errorf("the answer to input request %q does not fit its form: %w", id, err)
		if r := roundFrom(ctx); r != nil {
			r.mu.Lock()
			r.invalid = firstErr(r.invalid, err)
			r.mu.Unlock()
		}
		return q, err
	}
	return q, nil
}

// form is the schema of a question type.
type form struct {
	Type       string                `json:"type"`
	Properties map[string]*formField `json:"properties"`
	Required   []string              `json:"required,omitempty"`
}

type formField struct {
	Type        string   `json:"type"`
	Description string   `json:"description,omitempty"`
	Enum        []string `json:"enum,omitempty"`
}

var forms sync.Map // reflect.Type → json.RawMessage or error

// questionForm is Q's form: its generated one (Question), else the one
// made by reflection.
func questionForm[Q any]() (json.RawMessage, error) {
	var q Q
	if g, ok := any(q).(Question); ok && reflect.TypeFor[Q]().Kind() == reflect.Struct {
		return json.RawMessage(g.ElicitationSchema()), nil
	}
	return formSchema(reflect.TypeFor[Q]())
}

// formSchema is the requestedSchema of the question type t.
func formSchema(t reflect.Type) (json.RawMessage, error) {
	if v, ok := forms.Load(t); ok {
		if err, bad := v.(error); bad {
			return nil, err
		}
		return v.(json.RawMessage), nil
	}
	schema, err := buildForm(t)
	if err != nil {
		err = fmt.Errorf("mcp.Elicit: question type %v: %w", t, err)
		forms.Store(t, err)
		return nil, err
	}
	forms.Store(t, schema)
	return schema, nil
}

func buildForm(t reflect.Type) (json.RawMessage, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("not a struct")
	}
	f := form{Type: "object", Properties: map[string]*formField{}}
	for sf := range t.Fields() {
		if !sf.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(sf.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = sf.Name
		}
		ft := sf.Type
		optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		if ft.Kind() == reflect.Pointer {
			ft, optional = ft.Elem(), true
		}
		typ := primitiveType(ft.Kind())
		if typ == "" {
			return nil, fmt.Errorf("field %s is a %v: a form field is a string, a bool, an integer or a float", sf.Name, sf.Type)
		}
		if _, dup := f.Properties[name]; dup {
			return nil, fmt.Errorf("two fields named %q", name)
		}
		field := &formField{Type: typ, Description: sf.Tag.Get("description")}
		if enum := sf.Tag.Get("enum"); enum != "" {
			if typ != "string" {
				return nil, fmt.Errorf("field %s has an enum tag but is not a string", sf.Name)
			}
			field.Enum = strings.Split(enum, ",")
		}
		f.Properties[name] = field
		if !optional {
			f.Required = append(f.Required, name)
		}
	}
	return json.Marshal(f)
}

func primitiveType(k reflect.Kind) string {
	switch k {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "integer"
	case reflect.Float32, reflect.Float64:
		return "number"
	}
	return ""
}

// decodeForm decodes an accepted answer's content into q, checking it
// against the form: every required field there, each of its type (which
// the decoding checks), each enum value among the choices.
func decodeForm(content map[string]any, q any, schema json.RawMessage) error {
	var f form
	if err := json.Unmarshal(schema, &f); err != nil {
		return err
	}
	for _, name := range f.Required {
		if _, ok := content[name]; !ok {
			return fmt.Errorf("the required field %q is missing", name)
		}
	}
	for name, v := range content {
		field := f.Properties[name]
		if field == nil || field.Enum == nil {
			continue
		}
		if s, ok := v.(string); !ok || !slices.Contains(field.Enum, s) {
			return fmt.Errorf("the field %q is %v, not one of %q", name, v, field.Enum)
		}
	}
	b, err := json.Marshal(content)
	if err != nil {
		return err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	return d.Decode(q) // unknown fields are ignored, as the specification asks
}
