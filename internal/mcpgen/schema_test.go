package mcpgen

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/toolgen-dev/toolgen/internal/keyword"
)

// The fields of schema are keywords of the table, each of a type that holds
// the keyword's kind of value.
func TestSchemaFieldsAreKeywords(t *testing.T) {
	holds := map[keyword.Kind]reflect.Type{
		keyword.KindType:          reflect.TypeFor[json.RawMessage](), // a name or a list, read by typeName
		keyword.KindString:        reflect.TypeFor[string](),
		keyword.KindSchemaMap:     reflect.TypeFor[map[string]*schema](),
		keyword.KindStrings:       reflect.TypeFor[[]string](),
		keyword.KindSchema:        reflect.TypeFor[*schema](),
		keyword.KindValues:        reflect.TypeFor[[]json.RawMessage](),
		keyword.KindCount:         reflect.TypeFor[*int](),            // absent is nil
		keyword.KindNumber:        reflect.TypeFor[json.Number](),     // absent is ""
		keyword.KindFalseOrSchema: reflect.TypeFor[json.RawMessage](), // read by closed and additional
	}
	st := reflect.TypeFor[schema]()
	for i := range st.NumField() {
		f := st.Field(i)
		name := f.Tag.Get("json")
		k, ok := keyword.Lookup(name)
		if !ok {
			t.Errorf("field %s: %q is not a keyword of the table", f.Name, name)
			continue
		}
		if want := holds[k.Kind()]; f.Type != want {
			t.Errorf("field %s: %s is %s, held in a %v, not %v", f.Name, name, k.Kind(), f.Type, want)
		}
	}
}
