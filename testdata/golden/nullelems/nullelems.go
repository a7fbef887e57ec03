// Package nullelems has pointers as elements and map values: null there is
// refused, as the schema says, while null for a pointer member is nil.
package nullelems

import "context"

// Point is a place.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Route is a list of stops.
type Route struct {
	Stops  []*Point          `json:"stops"`
	Named  map[string]*Point `json:"named"`
	Ends   [2]*Point         `json:"ends"`
	Detour *Point            `json:"detour,omitempty"` // null reads as nil
}

// Plan plans a route.
//
//toolgen:tool
func Plan(ctx context.Context, in Route) (Route, error) { return in, nil }
