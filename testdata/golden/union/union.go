// Package union covers sealed interfaces as unions: the tagged object form
// (//toolgen:union tag=kind), the untagged form told apart by JSON type,
// members with value and pointer receivers, a //toolgen:member name, and
// unions in arguments, struct fields, slices, results and partial results.
package union

import (
	"context"

	"github.com/toolgen-dev/toolgen"
)

// Shape is a figure to draw.
//
//toolgen:union tag=kind
type Shape interface{ isShape() }

// Circle is a round shape.
type Circle struct {
	Radius float64 `json:"radius" toolgen:"min=0"`
}

// Rect is a rectangle; its method has a pointer receiver, so it is stored
// as a *Rect.
type Rect struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
	Label  string  `json:"label,omitempty"`
}

// Polygon is named "poly" in the tag.
//
//toolgen:member name=poly
type Polygon struct {
	Points [][2]float64 `json:"points"`
}

func (Circle) isShape()  {}
func (*Rect) isShape()   {}
func (Polygon) isShape() {}

// Key finds a record: by name, by number, or by a compound key.
type Key interface{ isKey() }

// Name is a record's name.
type Name string

// ID is a record's number.
type ID int64

// Compound is a record's compound key.
type Compound struct {
	Table string `json:"table"`
	Row   int    `json:"row"`
}

func (Name) isKey()     {}
func (ID) isKey()       {}
func (Compound) isKey() {}

// Scene is what to draw.
type Scene struct {
	Title  string  `json:"title"`
	Shapes []Shape `json:"shapes"`
	// Focus is the shape to center on.
	Focus Shape `json:"focus,omitempty"`
}

// Draw draws one shape.
//
// Parameters:
//   - shape: the shape to draw
//
//toolgen:tool
func Draw(ctx context.Context, shape Shape, color string) (string, error) { return "", nil }

// Render draws a scene.
//
//toolgen:tool
func Render(ctx context.Context, scene Scene) (Scene, error) { return scene, nil }

// Lookup finds a record.
//
//toolgen:tool
func Lookup(ctx context.Context, key Key) (Key, error) { return key, nil }

// Largest returns the largest shape.
//
//toolgen:tool
func Largest(ctx context.Context, shapes []Shape) (Shape, error) { return nil, nil }

// Grow sends each shape as it grows.
//
//toolgen:tool
func Grow(ctx context.Context, steps toolgen.Partial[Shape], n int) error { return nil }
