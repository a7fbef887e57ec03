package keyword

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNamesRoundTrip(t *testing.T) {
	seen := map[string]Keyword{}
	for k := range Keyword(Count) {
		name := k.Name()
		assert.NotEmpty(t, name, "keyword %d has no name", k)
		if prev, dup := seen[name]; dup {
			t.Errorf("keywords %d and %d are both named %q", prev, k, name)
		}
		seen[name] = k
		got, ok := Lookup(name)
		assert.True(t, ok, name)
		assert.Equal(t, k, got, name)
		got, ok = Lookup([]byte(name))
		assert.True(t, ok, name)
		assert.Equal(t, k, got, name)
		assert.Equal(t, name, got.String())
	}
	assert.Len(t, seen, Count)
}

func TestUnknownNamesRefused(t *testing.T) {
	for _, name := range []string{"", "oneOf", "Type", "type ", "$Ref", "minlength", "additionalPropertie",
		"additionalPropertiesX", strings.Repeat("a", 300), "properties\x00"} {
		_, ok := Lookup(name)
		assert.False(t, ok, "%q", name)
		_, ok = Lookup([]byte(name))
		assert.False(t, ok, "%q", name)
	}
}

func TestLookupAllocatesNothing(t *testing.T) {
	names := make([][]byte, 0, Count+1)
	for k := range Keyword(Count) {
		names = append(names, []byte(k.Name()))
	}
	names = append(names, []byte("oneOf"))
	allocs := testing.AllocsPerRun(100, func() {
		for _, n := range names {
			Lookup(n)
		}
	})
	assert.Zero(t, allocs)
}

// The list a //toolgen:schema error gives (testdata/golden/errschema pins
// it in the generator's output).
func TestDirectiveKeywords(t *testing.T) {
	assert.Equal(t, "type, description, anyOf, enum, format, pattern, minimum, maximum, minLength, maxLength, "+
		"minItems, maxItems, items, properties, required, additionalProperties, contentEncoding, default, examples",
		InDirective().Names())
	for k := range Keyword(Count) {
		assert.Equal(t, k.Directive(), InDirective().Has(k), k.Name())
	}
}

func TestKinds(t *testing.T) {
	for k := range Keyword(Count) {
		kind := k.Kind()
		if !assert.NotZero(t, kind, "%s has no kind", k) {
			continue
		}
		assert.NotEmpty(t, kind.String(), k.Name())
		assert.True(t, json.Valid([]byte(kind.Example())), "%s: %s", k, kind.Example())
	}
}

// Every keyword has a fate in each dialect: a keyword added without one
// fails here.
func TestEveryKeywordHasAFate(t *testing.T) {
	for _, d := range []Dialect{Strict, Gemini} {
		var all Set
		for f := Kept; f <= Refused; f++ {
			assert.Zero(t, all&Fated(d, f), "a keyword with two fates in %s", d)
			all |= Fated(d, f)
		}
		for k := range Keyword(Count) {
			assert.True(t, all.Has(k), "%s has no fate in %s", k, d)
			assert.True(t, Fated(d, k.In(d)).Has(k), k.Name())
		}
	}
	assert.Equal(t, "$schema, minLength, maxLength, contentEncoding, default, examples, x-mcp-header", Fated(Strict, Dropped).Names())
	assert.Equal(t, "$ref, $defs", Fated(Gemini, Refused).Names())
}

func TestSet(t *testing.T) {
	var s Set
	s = s.With(Defs).With(SchemaURI).With(Items)
	assert.True(t, s.Has(Defs))
	assert.False(t, s.Has(Ref))
	assert.Equal(t, "$schema, items, $defs", s.Names(), "in writing order")
	assert.Equal(t, "$schema, $defs", s.Without(Items).Names())
}

func BenchmarkLookup(b *testing.B) {
	names := make([][]byte, 0, Count)
	for k := range Keyword(Count) {
		names = append(names, []byte(k.Name()))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			if _, ok := Lookup(n); !ok {
				b.Fatal(string(n))
			}
		}
	}
}
