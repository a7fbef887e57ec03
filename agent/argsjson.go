package agent

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/toolgen-dev/toolgen"
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

// argsFields are the JSON members holding a call's arguments.
type argsFields struct {
	Args       json.RawMessage `json:"args,omitempty"`
	ArgsText   *string         `json:"args_text,omitempty"`
	ArgsBase64 []byte          `json:"args_base64,omitempty"` // encoding/json writes []byte as base64
}

// writeArgs is the members that keep raw exactly.
func writeArgs(raw []byte) argsFields {
	switch {
	case raw == nil:
		return argsFields{}
	case asWritten(raw):
		return argsFields{Args: raw}
	case utf8.Valid(raw):
		text := string(raw)
		return argsFields{ArgsText: &text}
	}
	return argsFields{ArgsBase64: raw}
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

// read is the arguments the members hold: nil when none is present.
func (f argsFields) read() (json.RawMessage, error) {
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

// toolCallJSON is ToolCall's JSON form.
type toolCallJSON struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	argsFields
}

// MarshalJSON writes c with its arguments exactly as the model sent them,
// whatever the bytes (see State for the form).
func (c ToolCall) MarshalJSON() ([]byte, error) {
	return json.Marshal(toolCallJSON{ID: c.ID, Name: c.Name, argsFields: writeArgs(c.Args)})
}

// UnmarshalJSON reads what MarshalJSON writes, and the form of states
// written before arguments had one ("args" only).
func (c *ToolCall) UnmarshalJSON(data []byte) error {
	var w toolCallJSON
	args, err := decodeCall(data, &w, &w.ID, &w.argsFields)
	if err != nil {
		return err
	}
	*c = ToolCall{ID: w.ID, Name: w.Name, Args: args}
	return nil
}

// pendingCallJSON is PendingCall's JSON form.
type pendingCallJSON struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	argsFields
	Reason string `json:"reason"`
}

// MarshalJSON writes p with its arguments exactly as the model sent them,
// as ToolCall does.
func (p PendingCall) MarshalJSON() ([]byte, error) {
	return json.Marshal(pendingCallJSON{ID: p.ID, Name: p.Name, argsFields: writeArgs(p.Args), Reason: p.Reason})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *PendingCall) UnmarshalJSON(data []byte) error {
	var w pendingCallJSON
	args, err := decodeCall(data, &w, &w.ID, &w.argsFields)
	if err != nil {
		return err
	}
	*p = PendingCall{ID: w.ID, Name: w.Name, Args: args, Reason: w.Reason}
	return nil
}

// callJSON is Call's JSON form: its ToolCall's members, then its own.
type callJSON struct {
	ID   string           `json:"id"`
	Name toolgen.ToolName `json:"name"`
	argsFields
	Turn           int    `json:"turn"`
	IdempotencyKey string `json:"idempotency_key"`
}

// MarshalJSON writes c with its arguments exactly as the model sent them,
// as ToolCall does (Call needs its own, or ToolCall's, promoted, would
// leave out Turn and IdempotencyKey).
func (c Call) MarshalJSON() ([]byte, error) {
	return json.Marshal(callJSON{ID: c.ID, Name: c.Name, argsFields: writeArgs(c.Args), Turn: c.Turn, IdempotencyKey: c.IdempotencyKey})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Call) UnmarshalJSON(data []byte) error {
	var w callJSON
	args, err := decodeCall(data, &w, &w.ID, &w.argsFields)
	if err != nil {
		return err
	}
	*c = Call{ToolCall: ToolCall{ID: w.ID, Name: w.Name, Args: args}, Turn: w.Turn, IdempotencyKey: w.IdempotencyKey}
	return nil
}

// decodeCall unmarshals data into w, the JSON form of a call whose id and
// argument fields are id and args, and returns the call's argument bytes.
func decodeCall(data []byte, w any, id *string, args *argsFields) (json.RawMessage, error) {
	if err := json.Unmarshal(data, w); err != nil {
		return nil, err
	}
	a, err := args.read()
	if err != nil {
		return nil, fmt.Errorf("agent: tool call %q: %w", *id, err)
	}
	return a, nil
}
