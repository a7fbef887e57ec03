// Package panics turns a recovered panic value into text, for the results
// that tell a model a tool panicked.
package panics

import "fmt"

// Text formats a panic value as %v does. fmt survives an Error or String
// method that panics, but not one whose panic value panics again when
// printed: that panic would escape the recover that called Text and end the
// program. Then only the value's type is given, which fmt reads without
// calling methods.
func Text(p any) (text string) {
	defer func() {
		if recover() != nil {
			text = fmt.Sprintf("a %T whose description panics", p)
		}
	}()
	return fmt.Sprintf("%v", p)
}
