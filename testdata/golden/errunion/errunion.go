// Package errunion holds unions toolgen refuses, each with its position.
package errunion

import (
	"context"

	"toolgen.test/golden/errunion/other"
)

// Label has two members that are both JSON strings, and no tag.
type Label interface{ isLabel() }

// Short is a short label.
type Short string

// Long is a long label.
type Long string

func (Short) isLabel() {}
func (Long) isLabel()  {}

// Orphan has no implementations.
type Orphan interface{ isOrphan() }

// Vehicle is tagged; one member is an interface, one is not a struct, one
// has a field named as the tag.
//
//toolgen:union tag=type
type Vehicle interface{ isVehicle() }

// Car is a vehicle.
type Car struct {
	Seats int `json:"seats"`
}

// Truck has a field named like the tag.
type Truck struct {
	Type string `json:"type"`
}

// Wheels is a number, not an object.
type Wheels int

// Motorized embeds Vehicle, so it implements it too.
type Motorized interface {
	Vehicle
	Engine() string
}

func (Car) isVehicle()    {}
func (*Truck) isVehicle() {}
func (Wheels) isVehicle() {}

// Node is a union that holds itself through a member.
//
//toolgen:union tag=kind
type Node interface{ isNode() }

// Leaf is a node without children.
type Leaf struct {
	Value int `json:"value"`
}

// Branch holds more nodes.
type Branch struct {
	Children []Node `json:"children"`
}

func (Leaf) isNode()   {}
func (Branch) isNode() {}

// Payload has a member that may be any JSON value, and no tag.
type Payload interface{ isPayload() }

// Blob is any JSON, read and written by its methods.
type Blob []byte

// MarshalJSON writes the JSON as it is.
func (b Blob) MarshalJSON() ([]byte, error) { return b, nil }

// UnmarshalJSON keeps the JSON.
func (b *Blob) UnmarshalJSON(data []byte) error {
	*b = append((*b)[:0], data...)
	return nil
}

// Count is a number.
type Count int

func (Blob) isPayload()  {}
func (Count) isPayload() {}

// Pet has two members with one tag value.
//
//toolgen:union tag=kind
type Pet interface{ isPet() }

// Dog is a pet.
//
//toolgen:member name=animal
type Dog struct {
	Name string `json:"name"`
}

// Bird is a pet.
//
//toolgen:member name=animal
type Bird struct {
	Wings int `json:"wings"`
}

func (Dog) isPet()  {}
func (Bird) isPet() {}

// NotAnInterface cannot be a union.
//
//toolgen:union tag=kind
type NotAnInterface struct{}

// Misspelled has an unknown option.
//
//toolgen:union tagg=kind
type Misspelled interface{ isMisspelled() }

// Open is an interface with exported methods only: not a union.
//
//toolgen:union tag=kind
type Open interface{ Area() float64 }

// Use takes every union above.
//
//toolgen:tool
func Use(ctx context.Context, label Label, orphan Orphan, vehicle Vehicle, node Node, payload Payload, pet Pet, animal other.Animal, open Open) error {
	return nil
}

// Stray is no member of any union.
//
//toolgen:member name=stray
type Stray struct{}
