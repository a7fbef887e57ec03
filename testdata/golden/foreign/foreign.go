// Package foreign covers types from other packages: structs with the same
// name as local ones get distinct helpers, and enums with unexported
// constants are converted from their values.
package foreign

import (
	"image"

	"toolgen.test/golden/foreign/shared"
)

// Point is local, and so is image_Point: the helper names still differ
// from those of shared.Point and image.Point.
type Point struct {
	Lat float64 `json:"lat"`
}

// image_Point claims the name toolgen would give image.Point.
type image_Point struct {
	Z int `json:"z"`
}

// Place uses all of them.
type Place struct {
	Here  Point           `json:"here"`
	There shared.Point    `json:"there"`
	Pixel image.Point     `json:"pixel"`
	Box   image.Rectangle `json:"box"`
	Odd   image_Point     `json:"odd"`
	Level shared.Level    `json:"level"`
	Mode  *shared.Mode    `json:"mode,omitempty"`
}

// Locate returns a place.
//
//toolgen:tool
func Locate(p Place) (Place, error) { return p, nil }

// Move takes a foreign struct as its struct parameter.
//
//toolgen:tool
func Move(p shared.Point) (image.Point, error) { return image.Point{}, nil }
