// Package repair holds the corpus of malformed tool arguments as models
// send them (corpus.json) and the tools it is run against: parameters of
// every kind a generated decoder reads (integers of several widths and
// bounds, floats, booleans, slices, fixed arrays, structs, maps, string and
// integer enums, times, pointers, optional members, strings with a
// pattern, a format or a length, any, json.RawMessage and a union), each
// tool returning what it read, so
// that a test can compare the arguments a repaired call ran with to those
// the model meant.
package repair

//go:generate go tool toolgen

import (
	"encoding/json"
	"time"
)

// Priority is how urgent a task is.
type Priority string

const (
	Low  Priority = "low"
	High Priority = "high"
)

// Level is a log level.
type Level int

const (
	Debug Level = 1
	Info  Level = 2
	Warn  Level = 3
)

// Person is who a task is for.
type Person struct {
	UserID int64  `json:"user_id"`
	Name   string `json:"name,omitempty"`
}

// Task is a task to create.
type Task struct {
	Title    string            `json:"title" toolgen:"minLength=1,maxLength=80"`
	Count    int               `json:"count" toolgen:"min=1,max=100"`
	Ratio    float64           `json:"ratio,omitempty" toolgen:"min=0,max=1"`
	Weight   float32           `json:"weight,omitempty"`
	Urgent   bool              `json:"urgent,omitempty"`
	Tags     []string          `json:"tags,omitempty" toolgen:"maxItems=5"`
	IDs      []int             `json:"ids,omitempty"`
	Priority Priority          `json:"priority,omitempty"`
	Level    Level             `json:"level,omitempty"`
	Due      *time.Time        `json:"due,omitempty"`
	Labels   map[string]string `json:"labels,omitempty"`
	Scores   map[string]int    `json:"scores,omitempty"`
	Owner    *Person           `json:"owner,omitempty"`
	Watchers []Person          `json:"watchers,omitempty"`
	Retries  *uint8            `json:"retries,omitempty"`
	Project  string            `json:"project_id,omitempty"`
}

// CreateTask creates a task and returns what it read.
//
//toolgen:tool
func CreateTask(t Task) (Task, error) { return t, nil }

// Search is what search_files read.
type Search struct {
	Query         string   `json:"query"`
	Paths         []string `json:"paths"`
	Limit         int      `json:"limit"`
	CaseSensitive bool     `json:"case_sensitive"`
	MaxSizeMB     *float64 `json:"max_size_mb,omitempty"`
}

// SearchFiles searches files and returns what it read.
//
// Parameters:
//   - query minLength=1: what to look for.
//   - paths: where to look.
//   - limit min=1,max=100: at most this many matches.
//   - caseSensitive: match case.
//   - maxSizeMB: skip larger files.
//
//toolgen:tool
func SearchFiles(query string, paths []string, limit int, caseSensitive bool, maxSizeMB *float64) (Search, error) {
	return Search{query, paths, limit, caseSensitive, maxSizeMB}, nil
}

// Point is a point in the plane.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Shape is what move_points read.
type Shape struct {
	Points  []Point `json:"points"`
	Origin  Point   `json:"origin"`
	Matrix  [][]int `json:"matrix,omitempty"`
	Corners [2]int  `json:"corners"`
	Scale   float32 `json:"scale"`
}

// MovePoints moves points and returns what it read.
//
// Parameters:
//   - points: the points.
//   - origin: where they move from.
//   - matrix: a transform, rows of integers.
//   - corners: two corner indexes.
//   - scale: a factor.
//
//toolgen:tool
func MovePoints(points []Point, origin Point, matrix [][]int, corners [2]int, scale float32) (Shape, error) {
	return Shape{points, origin, matrix, corners, scale}, nil
}

// Profile is what update_user read.
type Profile struct {
	UserID  int64     `json:"user_id"`
	Name    string    `json:"display_name,omitempty"`
	Zip     string    `json:"zip_code,omitempty"`
	Phone   *string   `json:"phone,omitempty"`
	Email   string    `json:"email,omitempty"`
	Code    string    `json:"code,omitempty"`
	Level   Level     `json:"level,omitempty"`
	Since   time.Time `json:"since,omitzero"`
	Retries uint8     `json:"retries,omitempty"`
	Notes   string    `json:"notes,omitempty"`
}

// UpdateUser updates a user's profile and returns what it read.
//
// Parameters:
//   - userID: the user.
//   - displayName maxLength=40: the name shown.
//   - zipCode pattern=^[0-9]{5}$: a postal code.
//   - phone: a phone number.
//   - email format=email: an address.
//   - code maxLength=12: a short code.
//   - level: the log level.
//   - since: since when.
//   - retries: how many times to try.
//   - notes: free text.
//
//toolgen:tool
func UpdateUser(userID int64, displayName *string, zipCode *string, phone *string, email *string, code *string,
	level *Level, since *time.Time, retries *uint8, notes *string) (Profile, error) {
	p := Profile{UserID: userID, Phone: phone}
	for dst, src := range map[*string]*string{&p.Name: displayName, &p.Zip: zipCode, &p.Email: email, &p.Code: code, &p.Notes: notes} {
		if src != nil {
			*dst = *src
		}
	}
	if level != nil {
		p.Level = *level
	}
	if since != nil {
		p.Since = *since
	}
	if retries != nil {
		p.Retries = *retries
	}
	return p, nil
}

// Transfer is what transfer read.
type Transfer struct {
	To     string `json:"to"`
	Amount int    `json:"amount"`
}

// SendMoney transfers money, and never repairs its arguments: a model that
// sends "100" for the amount is told to send a number.
//
// Parameters:
//   - to: the recipient.
//   - amount min=1: in cents.
//
//toolgen:tool norepair destructive
func SendMoney(to string, amount int) (Transfer, error) { return Transfer{to, amount}, nil }

// Figure is a figure: a tagged union.
//
//toolgen:union tag=kind
type Figure interface{ isFigure() }

// Circle is round.
type Circle struct {
	Radius float64 `json:"radius"`
}

// Square has four sides.
type Square struct {
	Side float64 `json:"side"`
}

func (Circle) isFigure() {}
func (Square) isFigure() {}

// Event is what log_event read: members whose type gives a value no
// certain meaning (any, json.RawMessage) and a union.
type Event struct {
	Name   string          `json:"name"`
	Data   map[string]any  `json:"data,omitempty"`
	Extra  any             `json:"extra,omitempty"`
	Raw    json.RawMessage `json:"raw,omitempty"`
	Figure Figure          `json:"figure,omitempty"`
	Flag   *bool           `json:"flag,omitempty"`
}

// LogEvent logs an event and returns what it read.
//
//toolgen:tool
func LogEvent(e Event) (Event, error) { return e, nil }
