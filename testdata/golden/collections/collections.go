// Package collections covers slices, arrays, maps with string keys and
// nested named structs, alone and within each other.
package collections

// Key is a named string used as a map key.
type Key string

// IDs is a named slice type.
type IDs []int64

// Point is a nested struct: inlined wherever it is used.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Grid is a fixed-size board.
type Grid [3][3]bool

// Shapes holds every kind of collection.
type Shapes struct {
	Names    []string                   `json:"names"`
	IDs      IDs                        `json:"ids"`
	Matrix   [][]int                    `json:"matrix"`
	Pair     [2]string                  `json:"pair"`
	Grid     Grid                       `json:"grid"`
	Points   []Point                    `json:"points"`
	Origin   Point                      `json:"origin"`
	Best     *Point                     `json:"best,omitempty"`
	Optional []*Point                   `json:"optional"`
	Scores   map[string]int             `json:"scores"`
	ByKey    map[Key][]string           `json:"by_key"`
	Nested   map[string]map[string]bool `json:"nested"`
	Places   map[string]Point           `json:"places"`
	Empty    [0]int                     `json:"empty"`
	Tags     []string                   `json:"tags,omitempty"`
	Counts   map[string]uint8           `json:"counts,omitempty"`
}

// Measure reads and writes every collection.
//
//toolgen:tool
func Measure(s Shapes) (*Shapes, error) { return &s, nil }

// Flat takes collections as flat parameters.
//
//toolgen:tool
func Flat(points []Point, lookup map[string]*Point, pair [2]int, keys []Key) (map[string][]Point, error) {
	return nil, nil
}

// Arrays returns an array, wrapped.
//
//toolgen:tool
func Arrays() ([4]byte, error) { return [4]byte{}, nil }
