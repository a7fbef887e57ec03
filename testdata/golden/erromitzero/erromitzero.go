package erromitzero

import "context"

// Bag holds a slice, so it cannot be compared with ==.
type Bag struct {
	Items []string `json:"items"`
}

// Out has an omitzero member toolgen cannot test.
type Out struct {
	Bag Bag `json:"bag,omitzero"`
}

// Pack packs.
//
//toolgen:tool
func Pack(ctx context.Context, n int) (Out, error) { return Out{}, nil }
