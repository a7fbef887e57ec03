package errembedded

type inner struct {
	X int `json:"x"`
}

// Other has an x too.
type Other struct {
	X int `json:"x"`
}

// Shadowing embeds a pointer to an unexported struct whose x would make
// encoding/json drop Other's x.
type Shadowing struct {
	*inner
	Other
}

// Tagged embeds one under a name: encoding/json panics reading it.
type Tagged struct {
	*inner `json:"in,omitempty"`
}

type empty struct{ n int }

// Harmless embeds a pointer to an unexported struct with no members: fine.
type Harmless struct {
	*empty
	Y int `json:"y"`
}

// UseShadowing reads one.
//
//toolgen:tool
func UseShadowing(in Shadowing) error { return nil }

// UseTagged reads one.
//
//toolgen:tool
func UseTagged(in Tagged) error { return nil }

// UseHarmless reads one.
//
//toolgen:tool
func UseHarmless(in Harmless) error { return nil }
