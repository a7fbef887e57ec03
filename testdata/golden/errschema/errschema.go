// Package errschema holds mistakes in //toolgen:schema directives and types
// with methods encoding/json would not call.
package errschema

// Plain has no methods, so toolgen derives its schema.
//
//toolgen:schema {"type":"string"}
type Plain string

// Temp decodes itself.
type Temp float64

// UnmarshalJSON reads a temperature.
func (t *Temp) UnmarshalJSON([]byte) error { return nil }

// Broken has invalid JSON.
//
//toolgen:schema {"type":"string",}
type Broken Temp

// UnmarshalJSON reads it.
func (b *Broken) UnmarshalJSON([]byte) error { return nil }

// NotObject is an array.
//
//toolgen:schema ["string"]
type NotObject Temp

// UnmarshalJSON reads it.
func (b *NotObject) UnmarshalJSON([]byte) error { return nil }

// Keyword uses a keyword toolgen does not carry.
//
//toolgen:schema {"oneOf":[{"type":"string"}]}
type Keyword Temp

// UnmarshalJSON reads it.
func (b *Keyword) UnmarshalJSON([]byte) error { return nil }

// BadType names no JSON type.
//
//toolgen:schema {"type":"float"}
type BadType Temp

// UnmarshalJSON reads it.
func (b *BadType) UnmarshalJSON([]byte) error { return nil }

// BadPattern has a pattern JSON Schema cannot say.
//
//toolgen:schema {"type":"string","pattern":"(?i)^c$"}
type BadPattern Temp

// UnmarshalJSON reads it.
func (b *BadPattern) UnmarshalJSON([]byte) error { return nil }

// Empty has no schema.
//
//toolgen:schema
type Empty Temp

// UnmarshalJSON reads it.
func (b *Empty) UnmarshalJSON([]byte) error { return nil }

// Twice has two.
//
//toolgen:schema {"type":"string"}
//toolgen:schema {"type":"number"}
type Twice Temp

// UnmarshalJSON reads it.
func (b *Twice) UnmarshalJSON([]byte) error { return nil }

// Limit is a constant.
//
//toolgen:schema {"type":"integer"}
const Limit = 3

// Other is a directive toolgen does not know on a type.
//
//toolgen:tool
type Other Temp

// UnmarshalJSON reads it.
func (b *Other) UnmarshalJSON([]byte) error { return nil }

// Holder has a field with a directive.
type Holder struct {
	//toolgen:schema {"type":"string"}
	Field string
}

// Flag writes itself through a pointer receiver.
type Flag bool

// MarshalJSON writes on or off.
func (f *Flag) MarshalJSON() ([]byte, error) { return []byte(`"on"`), nil }

// ByValue returns a Flag by value: encoding/json would not call MarshalJSON.
//
//toolgen:tool
func ByValue() Flag { return true }

// InMap returns Flags in a map: map values are not addressable.
//
//toolgen:tool
func InMap() (map[string]Flag, error) { return nil, nil }

// Fine returns Flags where encoding/json takes their address.
//
//toolgen:tool
func Fine() ([]Flag, error) { return nil, nil }

// Schema puts the type directive on a function.
//
//toolgen:schema {"type":"string"}
func Schema() error { return nil }
