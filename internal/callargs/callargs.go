// Package callargs keeps a model's tool-call arguments exactly in JSON: the
// members ToolCall (package permission), and PendingCall and Call (package
// agent) write them in.
package callargs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"
)

// A model's arguments are bytes it sent, kept as they came: the transcript
// must show what the model said, and a resumed call must run with exactly
// the arguments a person approved. They need not be JSON (an empty string,
// a truncated object, two documents, a byte order mark, invalid UTF-8), and
// encoding/json would refuse such bytes in a json.RawMessage, or rewrite
// valid JSON it writes there (compacted, with <, >, & and U+2028 escaped).
// So ToolCall, PendingCall and Call write their arguments in one of three
// members, whichever keeps the bytes exactly:
//
//   - "args": the arguments as JSON, when they are valid JSON, valid UTF-8,
//     and already in the form encoding/json writes (compact, HTML-escaped):
//     what every well-behaved model sends, and what every state written
//     before these members existed holds;
//   - "args_text": a JSON string holding the bytes, when they are valid
//     UTF-8 (the empty arguments too);
//   - "args_base64": the bytes in standard base64, otherwise.
//
// Nil arguments write none of them. Reading takes the one present (more
// than one is an error); "args" is compacted first, so a state written
// with json.MarshalIndent reads back the same bytes too.

// Fields are the JSON members holding a call's arguments.
type Fields struct {
	Args       json.RawMessage `json:"args,omitempty"`
	ArgsText   *string         `json:"args_text,omitempty"`
	ArgsBase64 []byte          `json:"args_base64,omitempty"` // encoding/json writes []byte as base64
}

// Write is the members that keep raw exactly.
func Write(raw []byte) Fields {
	switch {
	case raw == nil:
		return Fields{}
	case asWritten(raw):
		return Fields{Args: raw}
	case utf8.Valid(raw):
		text := string(raw)
		return Fields{ArgsText: &text}
	}
	return Fields{ArgsBase64: raw}
}

// asWritten reports whether raw is valid JSON that encoding/json writes
// unchanged as a json.RawMessage: compact, HTML-escaped, valid UTF-8.
func asWritten(raw []byte) bool {
	if !json.Valid(raw) || !utf8.Valid(raw) {
		return false
	}
	var compact bytes.Buffer
	compact.Grow(len(raw))
	if err := json.Compact(&compact, raw); err != nil {
		return false
	}
	var escaped bytes.Buffer
	escaped.Grow(compact.Len())
	json.HTMLEscape(&escaped, compact.Bytes()) // also escapes U+2028 and U+2029, as encoding/json does
	return bytes.Equal(escaped.Bytes(), raw)
}

// Read is the arguments the members hold: nil when none is present.
func (f Fields) Read() (json.RawMessage, error) {
	present := 0
	for _, p := range []bool{f.Args != nil, f.ArgsText != nil, f.ArgsBase64 != nil} {
		if p {
			present++
		}
	}
	switch {
	case present > 1:
		return nil, errors.New(`a call's arguments are in one of "args", "args_text" and "args_base64", not several`)
	case f.ArgsText != nil:
		return json.RawMessage(*f.ArgsText), nil
	case f.ArgsBase64 != nil:
		return json.RawMessage(f.ArgsBase64), nil
	case f.Args != nil:
		var compact bytes.Buffer
		compact.Grow(len(f.Args))
		if err := json.Compact(&compact, f.Args); err != nil {
			return nil, err // never: the decoder checked it
		}
		return json.RawMessage(compact.Bytes()), nil
	}
	return nil, nil
}

// Decode unmarshals data into w, the JSON form of a call whose id and
// argument fields are id and args, and returns the call's argument bytes.
func Decode(data []byte, w any, id *string, args *Fields) (json.RawMessage, error) {
	if err := json.Unmarshal(data, w); err != nil {
		return nil, err
	}
	a, err := args.Read()
	if err != nil {
		return nil, fmt.Errorf("agent: tool call %q: %w", *id, err)
	}
	return a, nil
}
