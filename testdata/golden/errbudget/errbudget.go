// Package errbudget has more tools sent up front than its budget allows:
// the message names the dialects over it and the tools to defer or trim.
package errbudget

// The definitions of the tools below, which a model is sent with every
// request, take at most this many tokens.
//
//toolgen:budget 200

// Lookup finds a contact by its id.
//
//toolgen:tool readonly
func Lookup(id string) (string, error) { return id, nil }

// UpdateArgs are a contact's new details.
type UpdateArgs struct {
	ID    string `json:"id"`
	Name  string `json:"name,omitempty" toolgen:"minLength=1,maxLength=200"`
	Email string `json:"email,omitempty" toolgen:"format=email"`
	// Phone is in E.164 form, such as +33123456789.
	Phone string `json:"phone,omitempty" toolgen:"pattern=^\\+[1-9][0-9]{6,14}$"`
	// Tags replace the contact's tags; absent, they are kept.
	Tags []string `json:"tags,omitempty"`
}

// Update changes a contact's details; absent ones are kept.
//
//toolgen:tool idempotent
func Update(args UpdateArgs) error { return nil }

// Purge deletes every archived contact, for good.
//
//toolgen:tool destructive requires_approval defer
func Purge() error { return nil }
