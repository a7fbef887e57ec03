package e2e

// Bounds has numbers bounded by their tags and by their width, for the
// boundary agreement test.
type Bounds struct {
	Narrow float32 `json:"narrow" toolgen:"min=0.1,max=0.7"`
	Wide   float64 `json:"wide" toolgen:"min=0.1,max=0.7"`
	Width  float32 `json:"width"`
	Neg    float32 `json:"neg" toolgen:"min=-0.3,max=-0.1"`
}

// Bound returns its arguments.
//
//toolgen:tool
func Bound(in Bounds) (Bounds, error) { return in, nil }
