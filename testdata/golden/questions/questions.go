// Package questions has //toolgen:question types: forms a tool asks the
// client's user to fill in, whose schemas toolgen writes.
package questions

// Speed is how fast to ship.
type Speed string

// The speeds.
const (
	Standard Speed = "standard" // in a week
	Express  Speed = "express"  // tomorrow
)

// Shipping is where and how to send an order.
//
//toolgen:question
type Shipping struct {
	// Address is the street and number.
	Address string `json:"address" toolgen:"minLength=3"`
	// Quantity is how many to send.
	Quantity int     `json:"quantity" toolgen:"min=1,max=10"`
	Speed    Speed   `json:"speed"`
	Gift     bool    `json:"gift,omitempty"`
	Note     *string `json:"note"`
	Weight   float64 `json:"weight,omitempty"`
}

// Ship sends an order (it asks where with mcp.Elicit[Shipping]).
//
//toolgen:tool
func Ship(order string) string { return order }
