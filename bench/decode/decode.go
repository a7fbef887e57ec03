// Package decode holds the tools whose arguments the decoding benchmarks
// read: the five-parameter weather arguments and a nested thread of
// messages of about 2 KB. The generated decoders (tools_gen.go) check what
// the schemas say (enums, bounds, unknown and required members); the peer
// libraries decode into the same structs without those checks.
package decode

// The generator runs from the main module (this module's go.sum does not
// hold the generator's dependencies); internal/generate's
// TestCheckedInFilesAreFresh checks tools_gen.go.
//go:generate sh -c "cd ../.. && go run ./cmd/toolgen ./bench/decode"

import "context"

// Unit is a temperature unit.
type Unit string

const (
	Celsius    Unit = "c" // degrees Celsius
	Fahrenheit Unit = "f" // degrees Fahrenheit
)

// Weather are the weather tool's arguments.
type Weather struct {
	City string   `json:"city"`                                  // the city
	Unit Unit     `json:"unit,omitempty"`                        // the unit
	Days int      `json:"days,omitempty" toolgen:"min=1,max=14"` // days ahead
	Tags []string `json:"tags,omitempty"`                        // labels to echo
}

// Priority is how urgent a message is.
type Priority string

const (
	Low    Priority = "low"    // can wait
	Normal Priority = "normal" // the usual
	High   Priority = "high"   // now
)

// Person is a sender or recipient.
type Person struct {
	Name  string `json:"name"`
	Email string `json:"email"`
}

// Attachment is a file attached to a message.
type Attachment struct {
	Name     string `json:"name"`
	MimeType string `json:"mime_type"`
	Size     int64  `json:"size" toolgen:"min=0"`
}

// Message is one message of a thread.
type Message struct {
	ID          int64        `json:"id" toolgen:"min=1"`
	From        Person       `json:"from"`
	To          []Person     `json:"to"`
	Subject     string       `json:"subject"`
	Body        string       `json:"body"`
	Priority    Priority     `json:"priority"`
	Score       float64      `json:"score" toolgen:"min=0,max=1"`
	Read        bool         `json:"read"`
	Attachments []Attachment `json:"attachments,omitempty"`
}

// Thread are the archive tool's arguments: a thread of messages to file.
type Thread struct {
	Title    string    `json:"title"`
	Labels   []string  `json:"labels,omitempty"`
	Limit    int       `json:"limit" toolgen:"min=1,max=100"`
	Messages []Message `json:"messages"`
}

// Result is what the tools return.
type Result struct {
	Count int `json:"count"`
}

// GetWeather reads a forecast's arguments.
//
//toolgen:tool readonly
func GetWeather(ctx context.Context, in Weather) (Result, error) {
	return Result{Count: len(in.Tags)}, nil
}

// ArchiveThread files a thread of messages.
//
//toolgen:tool
func ArchiveThread(ctx context.Context, in Thread) (Result, error) {
	return Result{Count: len(in.Messages)}, nil
}
