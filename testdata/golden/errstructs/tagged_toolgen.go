//go:build toolgen

// go vet reports repeated json tags as well, so this file is only built
// where toolgen looks: the corpus vets clean.

package errstructs

// First and Second have tagged members of one name.
type First struct {
	V string `json:"x"`
}

// Second is embedded beside First.
type Second struct {
	W string `json:"x"`
}

// TaggedClash embeds First and Second: their members have the same JSON
// name at the same depth, both tagged.
type TaggedClash struct {
	First
	Second
}

// Tagged takes a struct with two tagged members of one name.
//
//toolgen:tool
func Tagged(in TaggedClash) error { return nil }
