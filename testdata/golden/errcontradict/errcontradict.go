// Package errcontradict holds options that contradict each other: bounds
// out of order, a format no allowed string can match, and defaults and
// examples that the tool would reject.
package errcontradict

// Size is an enum.
type Size string

const (
	Small Size = "s"
	Large Size = "l"
)

// Bad has one contradiction per member.
type Bad struct {
	Bounds    int      `json:"bounds" toolgen:"min=10,max=1"`
	Exact     int64    `json:"exact" toolgen:"min=9007199254740993,max=9007199254740992"`
	Floats    float32  `json:"floats" toolgen:"min=0.5,max=0.25"`
	Lengths   string   `json:"lengths" toolgen:"minLength=5,maxLength=2"`
	Items     []int    `json:"items" toolgen:"minItems=3,maxItems=1"`
	Fixed     [2]int   `json:"fixed" toolgen:"minItems=3"`
	ShortDate string   `json:"short_date" toolgen:"format=date,maxLength=8"`
	LongUUID  string   `json:"long_uuid" toolgen:"format=uuid,minLength=40"`
	BadDate   string   `json:"bad_date" toolgen:"format=date,default=2024-02-30"`
	BadEmail  string   `json:"bad_email" toolgen:"format=email,example=nobody"`
	LowEx     float64  `json:"low_ex" toolgen:"min=0.1,example=0.0999"`
	HighEx    uint8    `json:"high_ex" toolgen:"max=9,example=10"`
	PatEx     string   `json:"pat_ex" toolgen:"pattern=^a.c$,example=a\rc"`
	LongEx    string   `json:"long_ex" toolgen:"maxLength=3,example=abcd"`
	Width     float32  `json:"width" toolgen:"default=1e39"`
	EnumEx    Size     `json:"enum_ex" toolgen:"example=m"`
	Fine      *float32 `json:"fine" toolgen:"min=0.1,max=0.1,default=0.1,example=0.1"`
}

// Tags takes a struct with contradictions.
//
//toolgen:tool
func Tags(in Bad) error { return nil }

// Items has contradictions in doc items.
//
// Parameters:
//   - count min=5,max=4: how many.
//   - day format=date,default=tomorrow: when.
//
//toolgen:tool
func Items(count int, day string) error { return nil }
