//go:build !toolgen

package errtypecheck

// Hidden is declared where toolgen does not look.
type Hidden int

// Missing is used in a tool's body.
const Missing = 1
