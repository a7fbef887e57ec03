// Package constraints covers toolgen options: in a toolgen:"..." struct tag
// and in a flat parameter's doc item, on every type they apply to.
package constraints

import "net/netip"

// Size is an enum, for defaults and examples.
type Size string

const (
	Small Size = "s"
	Large Size = "l"
)

// Level is an integer enum.
type Level int

const (
	One Level = 1
	Two Level = 2
)

// Signup has a constraint of every kind.
type Signup struct {
	// Name is between 2 and 40 characters.
	Name string `json:"name" toolgen:"minLength=2,maxLength=40"`
	// Handle needs no escaping for the comma inside {1,3}.
	Handle string   `json:"handle" toolgen:"pattern=^[a-z]{1,3}$,maxLength=5"`
	Code   string   `json:"code" toolgen:"pattern=^[A-Z]+$"`
	Age    int      `json:"age" toolgen:"min=13,max=130"`
	Score  float64  `json:"score" toolgen:"min=-1.5,max=1e3"`
	Ratio  float32  `json:"ratio" toolgen:"min=0,max=1,default=0.5"`
	Count  uint16   `json:"count" toolgen:"max=1000,default=10,example=5"`
	Delta  int8     `json:"delta" toolgen:"min=-5"`
	Tags   []string `json:"tags" toolgen:"minItems=1,maxItems=5"`
	Grid   [][]int  `json:"grid" toolgen:"maxItems=3"`

	When  string `json:"when" toolgen:"format=date-time"`
	Day   string `json:"day" toolgen:"format=date"`
	At    string `json:"at" toolgen:"format=time"`
	Email string `json:"email" toolgen:"format=email,example=a@example.com,example=b@example.org"`
	URL   string `json:"url" toolgen:"format=uri"`
	ID    string `json:"id" toolgen:"format=uuid"`
	IPv4  string `json:"ipv4" toolgen:"format=ipv4"`
	IPv6  string `json:"ipv6" toolgen:"format=ipv6"`
	Host  string `json:"host" toolgen:"format=hostname"`

	Greeting string     `json:"greeting" toolgen:"default=hello, world"`
	Quote    string     `json:"quote" toolgen:"default=say \"hi\" <now>"`
	Enabled  bool       `json:"enabled" toolgen:"default=true"`
	Size     Size       `json:"size" toolgen:"default=l,example=s"`
	Level    Level      `json:"level" toolgen:"default=2"`
	MaybeInt *int       `json:"maybe_int" toolgen:"min=0,default=7"`
	Maybe    *string    `json:"maybe" toolgen:"minLength=1,default=x"`
	MaybeSz  *Size      `json:"maybe_size,omitempty" toolgen:"default=s"`
	Addr     netip.Addr `json:"addr" toolgen:"maxLength=39,pattern=:"`
}

// Register signs someone up.
//
//toolgen:tool
func Register(s Signup) error { return nil }

// Book takes constraints from its doc items.
//
// Parameters:
//   - guests min=1,max=8: how many people.
//   - name minLength=1,maxLength=20,example=Ada: who books.
//   - day format=date: the day, as 2006-01-02.
//   - nights default=1: how many nights.
//   - size default=s: the room size.
//   - code pattern=^[A-Z]{3}(,[A-Z]{3})*$: airport codes, comma separated.
//   - extras maxItems=3: extra services.
//   - note maxLength=200:
//   - budget min=0.5:    spaces before the description.
//
//toolgen:tool
func Book(guests int, name string, day string, nights uint8, size Size, code *string, extras []string, note *string, budget *float64) (string, error) {
	return "", nil
}
