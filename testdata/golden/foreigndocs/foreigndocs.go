// Package foreigndocs covers descriptions of types declared in another
// package of the same module: type docs, field docs, trailing line comments
// and enum-constant comments are read from that package's source.
package foreigndocs

import (
	"image"

	"toolgen.test/golden/foreigndocs/shapes"
)

// Draw draws a shape.
//
//toolgen:tool
func Draw(s shapes.Shape) (string, error) { return "", nil }

// Paint paints a shape; its parameters have no items, so their types'
// docs describe them. image.Point is from the standard library, whose
// docs toolgen does not read.
//
//toolgen:tool
func Paint(kind shapes.Kind, color shapes.Color, at image.Point) (string, error) {
	return "", nil
}
