// Package errquestions holds mistakes in //toolgen:question types.
package errquestions

// Point is a point: a nested struct is no form field.
type Point struct{ X, Y int }

// Nested has a struct field.
//
//toolgen:question
type Nested struct {
	Where Point `json:"where"`
}

// Lists has a slice field.
//
//toolgen:question
type Lists struct {
	Tags []string `json:"tags"`
	Name string   `json:"name"`
}

// NotStruct is a string.
//
//toolgen:question
type NotStruct string

// Empty has no fields.
//
//toolgen:question
type Empty struct{}

// Args has arguments.
//
//toolgen:question please
type Args struct {
	A string `json:"a"`
}

// Generic has a type parameter.
//
//toolgen:question
type Generic[T any] struct {
	V T `json:"v"`
}

// OnFunc is a function.
//
//toolgen:question
func OnFunc() {}

// Twice is marked twice.
//
//toolgen:question
//toolgen:question
type Twice struct {
	A string `json:"a"`
}
