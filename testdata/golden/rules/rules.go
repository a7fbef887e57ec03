// Package rules covers the names of the fields of the generated permission
// rule types: parameters exported, promoted fields by their own name, and
// the fallbacks when two members share a name or one is named Rule.
package rules

// Ping takes no arguments: its rule type has no fields.
//
//toolgen:tool
func Ping() error { return nil }

// Copy has flat parameters, exported in the rule type; _tmp loses its
// underscore.
//
//toolgen:tool
func Copy(from, to string, _tmp bool, n int) error { return nil }

// Owner is embedded twice over: its Name clashes with Team's.
type Owner struct {
	Name string `json:"owner_name"`
}

// Team is embedded too.
type Team struct {
	Name string `json:"team_name"`
	// Size is promoted and keeps its name.
	Size int `json:"size"`
}

// Assign's arguments: promoted fields, a field named like the rule type's
// method, and JSON names that need a suffix to be told apart.
type Assign struct {
	Owner
	Team
	// Rule would clash with the method Rule; it falls back to its JSON
	// name, which also says rule, and so takes a suffix.
	Rule string `json:"rule"`
	// OwnerName is an ordinary field whose name the clashing Owner.Name
	// would take from its JSON name.
	OwnerName string   `json:"owner"`
	Tags      []string `json:"tags,omitempty"`
	Weird     string   `json:"2-step"`
}

// DoAssign assigns work.
//
//toolgen:tool name=assign
func DoAssign(in Assign) error { return nil }

// Counter counts; its tool's rule type is named after the method.
type Counter struct{ n int }

// Add adds.
//
//toolgen:tool
func (c *Counter) Add(by int) int { c.n += by; return c.n }
