package dialect

import "strings"

// Reason is a kind of thing a dialect cannot say.
type Reason int

// The reasons a schema has no form in a dialect.
const (
	// ReasonMap: an object whose keys the caller chooses
	// (additionalProperties with a schema). Neither dialect can say it.
	ReasonMap Reason = iota + 1
	// ReasonAny: a value of any JSON type (no type, and for strict mode no
	// $ref either).
	ReasonAny
	// ReasonDepth: objects nested deeper than strict mode allows.
	ReasonDepth
	// ReasonProperties: more properties in all than strict mode allows.
	ReasonProperties
	// ReasonEnumSize: an enum of more values than strict mode allows.
	ReasonEnumSize
	// ReasonEnumType: an enum whose values are not strings (Gemini).
	ReasonEnumType
	// ReasonRecursive: $ref or $defs, which toolgen writes for recursive
	// types (Gemini).
	ReasonRecursive
	// ReasonRootUnion: a union (anyOf) where the dialect takes only an
	// object.
	ReasonRootUnion
	// ReasonKeywords: keywords the dialect's table refuses.
	ReasonKeywords
)

// Gap is one place of a schema that a dialect cannot say.
type Gap struct {
	Reason Reason
	// Pointer is the JSON pointer (RFC 6901) of the place in the input
	// schema; "" for the whole schema.
	Pointer string
	// What says what is there, in plain English ("a map (an object whose
	// keys the caller chooses: additionalProperties with a schema)").
	What string
}

// String is the gap as "what at /pointer" ("what at the root").
func (g Gap) String() string {
	where := g.Pointer
	if where == "" {
		where = "the root"
	}
	return g.What + " at " + where
}

// Missing is the error Strict and Gemini return for a schema that has no
// form in their dialect: every place that dialect cannot say (up to
// maxGaps), in the order of the schema.
type Missing struct {
	Gaps []Gap
}

// maxGaps is how many places a Missing lists at most: a schema with more
// has its first maxGaps named, which is enough to start on.
const maxGaps = 20

func (m *Missing) Error() string {
	parts := make([]string, len(m.Gaps))
	for i, g := range m.Gaps {
		parts[i] = g.String()
	}
	return strings.Join(parts, "; ")
}

// gaps collects the gaps of one derivation.
type gaps struct {
	list []Gap
}

func (g *gaps) add(r Reason, path *pathStack, what string) {
	if len(g.list) >= maxGaps {
		return
	}
	ptr := ""
	if len(path.tokens) > 0 {
		ptr = path.String()
	}
	g.list = append(g.list, Gap{Reason: r, Pointer: ptr, What: what})
}

// err is the derivation's error, or nil when it found no gap.
func (g *gaps) err() error {
	if len(g.list) == 0 {
		return nil
	}
	return &Missing{Gaps: g.list}
}

// The texts of the gaps.
const (
	whatMap       = "a map (an object whose keys the caller chooses: additionalProperties with a schema)"
	whatAnyStrict = "a value of any JSON type (a schema with neither type nor $ref)"
	whatAnyGemini = "a value of any JSON type (a schema without type)"
	whatEnumType  = "an enum whose values are not all strings"
	whatRef       = "a reference ($ref) to a recursive type"
	whatDefs      = "definitions ($defs) of recursive types"
)
