package model

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen/internal/keyword"
)

// goTypes are the Go types model.Schema holds each kind of value in.
var goTypes = map[keyword.Kind][]reflect.Type{
	keyword.KindString:        {reflect.TypeFor[string]()},
	keyword.KindType:          {reflect.TypeFor[JSONType]()},
	keyword.KindCount:         {reflect.TypeFor[*int](), reflect.TypeFor[*int64]()},
	keyword.KindNumber:        {reflect.TypeFor[RawJSON]()},
	keyword.KindAny:           {reflect.TypeFor[RawJSON]()},
	keyword.KindValues:        {reflect.TypeFor[[]RawJSON]()},
	keyword.KindStrings:       {reflect.TypeFor[[]string]()},
	keyword.KindSchema:        {reflect.TypeFor[*Schema]()},
	keyword.KindSchemas:       {reflect.TypeFor[[]*Schema]()},
	keyword.KindSchemaMap:     {reflect.TypeFor[Properties](), reflect.TypeFor[*Properties]()},
	keyword.KindFalseOrSchema: {reflect.TypeFor[*Additional]()},
}

// Schema has one field per keyword of the table, in the table's order
// (encoding/json writes them in the order of the fields), each of a type
// that holds its kind of value and omitted when empty, but for those the
// table writes empty (a pointer then).
func TestSchemaFieldsAreTheKeywordTable(t *testing.T) {
	st := reflect.TypeFor[Schema]()
	require.Equal(t, keyword.Count, st.NumField(), "one field per keyword")
	for i := range st.NumField() {
		f := st.Field(i)
		k := keyword.Keyword(i)
		name, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
		assert.Equal(t, k.Name(), name, "field %s is keyword %d", f.Name, i)
		assert.Equal(t, "omitempty", opts, f.Name)
		assert.Contains(t, goTypes[k.Kind()], f.Type, "%s holds %s", f.Name, k.Kind())
		if k.Kind() == keyword.KindSchemaMap {
			assert.Equal(t, k.WritesEmpty(), f.Type.Kind() == reflect.Pointer, "%s: only a pointer writes an empty map", f.Name)
		}
	}
}

func TestSchemaWritesEmptyAsTheTableSays(t *testing.T) {
	empty := Properties{}
	s := &Schema{Properties: &empty, Defs: Properties{}, Enum: []RawJSON{}, Required: []string{}, AnyOf: []*Schema{}}
	out, err := s.Compact()
	require.NoError(t, err)
	var got map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	for name := range got {
		k, ok := keyword.Lookup(name)
		require.True(t, ok, name)
		assert.True(t, k.WritesEmpty(), "%s written empty", name)
	}
	assert.Contains(t, got, "properties")
}
