// Package other declares a sealed interface that another package's tools
// use.
package other

// Animal is sealed.
type Animal interface{ isAnimal() }

// Cat is an Animal.
type Cat struct {
	Name string `json:"name"`
}

func (Cat) isAnimal() {}
