// Package shapes declares the types of the foreigndocs case: their doc
// comments, field docs, line comments and enum-constant comments describe
// the tools of another package.
package shapes

// Shape is a figure to draw.
type Shape struct {
	// Kind says which figure it is.
	Kind Kind `json:"kind"`
	W, H int  // width and height, for rectangles
	// Size is the side or radius, in pixels.
	Size   int    `json:"size" toolgen:"min=1"`
	Label  string `json:"label,omitempty"` // a caption under the figure
	Anchor        // where it is pinned
}

// Kind is a kind of figure.
type Kind string

const (
	// Circle is round.
	Circle Kind = "circle"
	Square Kind = "square" // four equal sides
	// Unlisted has a doc but is unexported: it is no value of the enum.
	unlisted Kind = "unlisted"
)

// Anchor pins a figure.
type Anchor struct {
	// Corner is the corner it is pinned by.
	Corner string `json:"corner,omitempty"`
}

// Color is a color name; it is described by this comment alone.
type Color string

var _ = unlisted
