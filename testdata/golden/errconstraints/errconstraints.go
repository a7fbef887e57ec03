// Package errconstraints holds toolgen options that cannot apply: in struct tags
// and in doc items.
package errconstraints

// Size is an enum.
type Size string

const (
	Small Size = "s"
	Large Size = "l"
)

// Level is an integer enum.
type Level int

const (
	Low  Level = 1
	High Level = 2
)

// Bad has one mistake per member.
type Bad struct {
	Junk      string         `json:"junk" toolgen:"required"`
	Prefix    string         `json:"prefix" toolgen:"oops,min=1"`
	Spaced    int            `json:"spaced" toolgen:"min = 1"`
	Twice     int            `json:"twice" toolgen:"min=1,min=2"`
	Overflow  int8           `json:"overflow" toolgen:"max=128"`
	NotInt    int            `json:"not_int" toolgen:"min=1.5"`
	Negative  uint           `json:"negative" toolgen:"min=-1"`
	Infinite  float64        `json:"infinite" toolgen:"max=1e999"`
	NotNum    float32        `json:"not_num" toolgen:"min=abc"`
	StrMin    string         `json:"str_min" toolgen:"min=1"`
	EnumMax   Level          `json:"enum_max" toolgen:"max=2"`
	IntLen    int            `json:"int_len" toolgen:"minLength=1"`
	LenCount  string         `json:"len_count" toolgen:"maxLength=-1"`
	LenWord   string         `json:"len_word" toolgen:"minLength=ten"`
	StrItems  string         `json:"str_items" toolgen:"minItems=1"`
	ArrItems  [2]int         `json:"arr_items" toolgen:"maxItems=2"`
	ItemCount []string       `json:"item_count" toolgen:"maxItems=x"`
	IntPat    int            `json:"int_pat" toolgen:"pattern=^1$"`
	BadPat    string         `json:"bad_pat" toolgen:"pattern=(a"`
	IntFmt    int            `json:"int_fmt" toolgen:"format=date"`
	UnkFmt    string         `json:"unk_fmt" toolgen:"format=phone"`
	BoolDef   bool           `json:"bool_def" toolgen:"default=yes"`
	IntDef    int            `json:"int_def" toolgen:"default=ten"`
	UintDef   *uint8         `json:"uint_def" toolgen:"default=256"`
	SliceDef  []string       `json:"slice_def" toolgen:"default=a"`
	EnumDef   Size           `json:"enum_def" toolgen:"default=m"`
	IntEnum   Level          `json:"int_enum" toolgen:"example=3"`
	TwoDef    string         `json:"two_def" toolgen:"default=a,default=b"`
	Several   uint8          `json:"several" toolgen:"min=-1,max=300,pattern=x"`
	NotMap    []string       `json:"not_map" toolgen:"entries"`
	LateEnt   map[string]int `json:"late_ent" toolgen:"min=1,entries"`
}

// Tags takes a struct with bad tags.
//
//toolgen:tool
func Tags(in Bad) error { return nil }

// Items has bad options in its doc items.
//
// Parameters:
//   - count min=x: how many.
//   - name format=phone: who.
//   - size default=xl: how big.
//   - tags minLength=1: labels.
//   - note junk: what else.
//   - flag entries: not a map.
//
//toolgen:tool
func Items(count int, name string, size Size, tags []string, note string, flag bool) error {
	return nil
}

// Defaults has defaults that its own constraints reject.
//
// Parameters:
//   - low min=1,default=0: too low.
//   - high max=10,default=11: too high.
//   - short minLength=3,default=ab: too short.
//   - long maxLength=2,default=abc: too long.
//   - code pattern=^[A-Z]+$,default=abc: wrong shape.
//
//toolgen:tool
func Defaults(low, high int, short, long, code string) error { return nil }
