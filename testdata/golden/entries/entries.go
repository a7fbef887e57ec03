// Package entries holds maps sent in the entries form (the entries option),
// beside a map sent as an object, which OpenAI's strict mode and Gemini
// cannot say: the generated file says so, and the way out.
package entries

// Room is a room of a house.
type Room string

// The rooms.
const (
	Kitchen Room = "kitchen"
	Hall    Room = "hall"
)

// Point is a place.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Plan is a floor plan.
type Plan struct {
	// Sizes are the rooms' areas, by room.
	Sizes map[Room]float64 `json:"sizes" toolgen:"entries"`
	// Marks are places, by name; nil ones are none.
	Marks map[string]*Point `json:"marks,omitempty" toolgen:"entries"`
	// Notes are free notes, sent as an object.
	Notes map[string]string `json:"notes"`
}

// Draw draws a plan and returns it.
//
//toolgen:tool
func Draw(p Plan) (Plan, error) { return p, nil }

// Tag tags a document.
//
// Parameters:
//   - labels entries: the labels, by name
//   - counts entries: how many, by word
//
//toolgen:tool
func Tag(labels map[string]string, counts *map[string]int) (map[string]string, error) {
	return labels, nil
}
