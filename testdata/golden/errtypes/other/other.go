// Package other declares an exported struct with a member of an unexported
// type, which generated code in another package cannot name.
package other

type secret struct {
	Value string
}

// Holder has an exported field of an unexported type.
type Holder struct {
	Secret secret
}
