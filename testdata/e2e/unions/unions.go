// Package unions holds tools that take and return sealed interfaces as
// unions, tagged and untagged; its tests call them through the generated
// dispatch and compare with encoding/json.
package unions

//go:generate go tool toolgen

import (
	"context"
	"fmt"
	"math"
)

// Shape is a figure.
//
//toolgen:union tag=kind
type Shape interface{ area() float64 }

// Circle is round.
type Circle struct {
	Radius float64 `json:"radius" toolgen:"min=0"`
}

// Rect has its method on the pointer, so it is stored as a *Rect.
type Rect struct {
	Width  float64 `json:"width" toolgen:"min=0"`
	Height float64 `json:"height" toolgen:"min=0"`
	Label  string  `json:"label,omitempty" toolgen:"maxLength=8"`
}

// Polygon is named "poly".
//
//toolgen:member name=poly
type Polygon struct {
	Sides  int     `json:"sides" toolgen:"min=3"`
	Length float64 `json:"length"`
}

func (c Circle) area() float64 { return math.Pi * c.Radius * c.Radius }
func (r *Rect) area() float64  { return r.Width * r.Height }
func (p Polygon) area() float64 {
	return float64(p.Sides) * p.Length * p.Length / (4 * math.Tan(math.Pi/float64(p.Sides)))
}

// Key finds a record by name, number or compound key.
type Key interface{ isKey() }

// Name is a record's name.
type Name string

// Number is a record's number.
type Number int32

// Compound is a compound key.
type Compound struct {
	Table string `json:"table"`
	Row   int    `json:"row"`
}

// Flag is a boolean key.
type Flag bool

// Path is a list key.
type Path []string

func (Name) isKey()     {}
func (Number) isKey()   {}
func (Compound) isKey() {}
func (Flag) isKey()     {}
func (Path) isKey()     {}

// Scene holds shapes.
type Scene struct {
	Title  string  `json:"title"`
	Shapes []Shape `json:"shapes"`
	Focus  Shape   `json:"focus,omitempty"`
}

// Area sums the areas of the shapes.
//
//toolgen:tool
func Area(ctx context.Context, shapes []Shape) (float64, error) {
	total := 0.0
	for _, s := range shapes {
		total += s.area()
	}
	return total, nil
}

// Echo returns the scene it is given.
//
//toolgen:tool
func Echo(ctx context.Context, scene Scene) (Scene, error) { return scene, nil }

// Biggest returns the biggest shape.
//
//toolgen:tool
func Biggest(ctx context.Context, shapes []Shape) (Shape, error) {
	var best Shape
	for _, s := range shapes {
		if best == nil || s.area() > best.area() {
			best = s
		}
	}
	return best, nil
}

// Describe says which key it was given.
//
//toolgen:tool
func Describe(ctx context.Context, key Key) (string, error) {
	return fmt.Sprintf("%T %v", key, key), nil
}

// Lookup returns the key it is given.
//
//toolgen:tool
func Lookup(ctx context.Context, key Key) (Key, error) { return key, nil }
