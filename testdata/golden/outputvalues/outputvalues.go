// Package outputvalues returns values outside the constraints its
// arguments have: output schemas say what the encoder writes, which is
// what the value holds, as encoding/json writes it.
package outputvalues

// Perm is a set of permission bits: its constants are examples of what a
// result holds.
type Perm uint8

// The permissions.
const (
	Read  Perm = 1 // may read
	Write Perm = 2 // may write
)

// Grant has constrained members.
type Grant struct {
	Perm Perm   `json:"perm"`
	User string `json:"user" toolgen:"minLength=1,pattern=^[a-z]+$"`
	Days int    `json:"days,omitempty" toolgen:"min=1,max=30,default=7"`
}

// Widen returns a grant with every permission.
//
//toolgen:tool
func Widen(g Grant) (Grant, error) {
	g.Perm, g.Days = Read|Write, 365
	return g, nil
}

// Combine returns the union of permissions, which may be no constant.
//
//toolgen:tool
func Combine(perms []Perm) (Perm, error) {
	var p Perm
	for _, x := range perms {
		p |= x
	}
	return p, nil
}
