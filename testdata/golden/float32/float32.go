// Package float32 covers float32 bounds, defaults and examples: the schema
// shows them in the shortest text that reads back as the same float32 (0.1,
// not 0.10000000149011612), and the decoder compares with exactly that.
package float32

// Mix has float32 and float64 numbers with bounds, defaults and examples.
type Mix struct {
	Ratio  float32   `json:"ratio" toolgen:"min=0.1,max=0.7,default=0.3,example=0.2"`
	Wide   float64   `json:"wide" toolgen:"min=0.1,max=0.7,default=0.3"`
	Plain  float32   `json:"plain"`
	Low    float32   `json:"low" toolgen:"min=-1e-7"`
	Long   float32   `json:"long" toolgen:"max=0.1000000001"`
	Maybe  *float32  `json:"maybe" toolgen:"max=1.1,default=1.1"`
	Values []float32 `json:"values"`
}

// Mix takes float bounds.
//
//toolgen:tool
func Take(m Mix) error { return nil }
