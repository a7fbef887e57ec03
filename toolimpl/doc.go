// Package toolimpl is for code that toolgen generates, and for this
// module's own adapters; not for programs.
//
// Generated tools files call it to read arguments ([Decoder]), write results
// ([Encoder]) and partial results ([PartialEncoder]), guard their version ([EnforceVersion]), survive a panicking
// tool ([Recover]), build permission rules ([Rule], [RuleOf]) and derive their schema
// dialects at start-up ([StaticTools], [Tools]).
//
// # Tables
//
// Most struct types are read and written without code of their own: a
// generated file declares a [Struct] per type, a static table of its
// members' offsets (from unsafe.Offsetof), kinds and constraints, and
// [ReadStruct] and [WriteStruct] walk it; a tool whose arguments and result
// are such types is dispatched by [Dispatch]. A function per type and per
// tool cost the compiler and the binary several times what go-sdk's
// reflection costs per tool; a table is data. Tools made from one template,
// whose argument and result types differ only in name, share more: one
// table per layout (the file converts each type to the other, so that it
// compiles only while they have one layout), and one dispatch function,
// [Caller] or [CallerOK], which the compiler compiles once per layout as it
// does go-sdk's AddTool. Types with members a [Field]
// does not describe (maps, unions, defaults, embedded structs, text and JSON
// methods...) keep generated readers and writers, which call ReadStruct and
// WriteStruct for their tabled members. Nothing reads the tables by
// reflection: the offsets and sizes are the compiler's constants. Package mcp's stateless fast path reads
// requests and writes responses with the same Decoder and Encoder, as
// protobuf-go's own packages use protoimpl. Its compatibility promise is to
// generated files of a version between [MinVersion] and [MaxVersion], and to
// the adapters that ship in the same module version; not to code written by
// hand: programs use package toolgen (tools, the Toolbox,
// [toolgen.Tool.CallSafely]) and package agent (the agent loop).
//
// The JSON reader lives in an internal package that the agent's permission
// matcher also uses; this package names it for generated code.
//
// # What the decoder promises about names
//
// Member names are matched exactly, case included: "City" is not "city"
// but an unknown member, refused (unless a repair is asked for, below). A
// name may come once in an object: a second "kind", plain or spelled with
// escapes ("\u006bind"), is refused ("invalid arguments: /shape/kind:
// duplicate member ..."), null or not, at any depth: in the arguments, a
// nested struct, an array's elements, a union's member (its tag too), a map,
// a value read as any or as json.RawMessage (whose bytes the tool would
// read its own way). The tables find a repeated member with the bit they
// keep per member; a map, an any and a json.RawMessage are looked through
// once, with everything in them. So the values a tool gets are the only
// reading of its arguments, which package agent's permission rules and
// the person asked to approve the call see too. The writer,
// the Encoder, is defined here: the compiler inlines a method into
// generated code only from a package that code imports itself, and the
// Encoder's small methods are what a result is written with.
//
// # Repairs of malformed arguments
//
// Generated dispatch calls [Decoder.RepairIfAsked] with the call's context
// right after Reset (unless the tool has the directive option norepair).
// When the context asks it of that call ([toolgen.Tool.CallRepairing], which
// the agent loop uses by default), the Decoder repairs malformed arguments
// whose fix is certain from the Go type being read, in the read method that
// meets them: a generic JSON repair cannot know that a parameter is a
// []string, the method reading it can. Nothing else is repaired:
//
//   - A string holding exactly one JSON array or object, where an array
//     (slice, fixed array) or object (struct, map) is read:
//     "tags": "[\"a\",\"b\"]" is ["a","b"]; white space around the value
//     is allowed, nothing else ("[a, b]", "['a']", "[1,]" are refused). The
//     whole arguments may be such a string.
//   - A string holding exactly a JSON number literal, where a number is read:
//     "3" is 3. No white space, no +, hex, leading zeros, NaN or Infinity;
//     the number is then checked as if sent unquoted: "3.0" is the integer 3
//     (3.0 is an integer in JSON Schema, and unquoted it reads so), "3.5" for
//     an int, "1e999", "256" for a uint8 and "5" for an enum without 5 are
//     refused.
//   - "true" or "false" where a boolean is read ("True", "yes", "1" are
//     refused).
//   - A number where a plain string is read (a string or named string type
//     without an enum, not a time, bytes, or a text type read by
//     UnmarshalText), when its literal is the canonical one (42, -7, 0.5,
//     12345678901234567890): read as that text, digit for digit. 1e3, 1.50,
//     1.0 and -0 are refused: the model may mean another text. A string with
//     a pattern or a format refuses the repair even when the text would
//     match: such a string has a structure (a zip code, a phone number) that
//     a number may have lost (02134 is not JSON, 2134 is). A maximum or
//     minimum length is checked as usual.
//   - A single string, number, boolean or object where an array is read as
//     an object's member: "tags": "a" is ["a"], "points": {"x":1} is
//     [{"x":1}]. Not as an element of an array ([1,2] for a [][]int may mean
//     [[1,2]] or [[1],[2]]), not null, and not a string that may be a list in
//     another spelling: empty, starting with [, { or ", or holding white
//     space, a comma, a semicolon or a |.
//   - A member name that is not known but whose snake_case form is exactly
//     one known name's (userId, UserID, USER_ID, user-id for user_id;
//     HTTPServer for http_server), when the object has neither that name nor
//     another spelling of it: {"user_id":1,"userId":2} and
//     {"userId":1,"UserID":2} are refused. userid, uid, user_id2 are other
//     names. Map keys are never renamed.
//   - A trailing comma before the } or ] of a value read as an object or
//     array.
//   - Python's True or False where a boolean is read. Not where a string,
//     number or array is read ("query": True is refused: the model wrote
//     no string), and not TRUE, Yes or "True".
//   - Python's None as an object's member: read as null, it stands where
//     null does (a pointer, an optional member that reads null as absent,
//     an any); None for a required int, string or array, or as an array's
//     element, is refused.
//   - A string in single quotes where a string is read, and a member name
//     in single quotes, as Python prints a dict: {'city': 'Paris'}. Within
//     it \' is a quote and a double quote stays one ('say "hi"' is
//     say "hi"); an apostrophe in a string in double quotes stays as it is.
//     The string ends at the first quote not escaped: 'it's here' is
//     refused, as are '3' for an int (two repairs), 'src' for an array, and
//     an escape JSON has not (\x41).
//   - A member name without quotes, as JavaScript writes it ({city:
//     "Paris"}), when it is exactly one of the names of the struct being
//     read. A map's key, an unknown name, a variant (userId for user_id)
//     or a name JavaScript would quote (case-sensitive) is refused.
//   - Control characters (a line break, a tab) written as themselves in a
//     string read as a string: escaped; and \' in such a string, read as '
//     (JavaScript's escape of an apostrophe). Another escape JSON has not
//     (\d: d to JavaScript, \d to Python) is refused. A string that never closes, or
//     closes early so that what follows is no JSON ("a\n"b": 1, two strings
//     missing a comma), is refused, as is such a string read as an enum,
//     a time or a name.
//   - Text around the arguments: one Markdown code fence (a line ```json
//     or ```, the arguments, a line ```), or one object, with prose or
//     nothing but white space before and after it ("Here are the
//     arguments: {...} Let me know."). Prose holds no bracket or brace (two
//     objects, a fence and an object, or an array around the object are
//     refused), no backquote, <, > or | (<|call|>, <tool_call>), no
//     backslash, and no quoted name followed by a colon; text before the
//     arguments must not start as a JSON value does (with t, f, n, a
//     digit, a minus sign or a quote: "the arguments: {...}" is refused),
//     and text after them holds a letter or only ends a sentence ("{...}."
//     but not "{...},").
//
// These repairs of the syntax are made by the read that meets them, never
// within a value skipped (an unknown member, a json.RawMessage, the object
// of a union while its tag is looked for); within an any, only None as a
// member, names in single quotes and control characters in strings, which
// need no type to be certain.
//
// Within a repaired value nothing more is repaired (a string holding an
// array of quoted numbers is refused), and a value that fails a check of its
// own once repaired (a bound, an enum, maxItems, a missing or unknown
// member) undoes the repair. At most 50 repairs are made in one call. Arguments
// the repairs do not make whole are refused with the error they get without
// repairs, byte for byte: every problem as sent, or the syntax error a repair
// of the syntax avoided. A repaired call runs, and Close reports the repairs
// to the context's receiver, which CallRepairing adds to the result as a
// note for the model:
//
//	arguments repaired before the call: /tags: a string holding a JSON array, read as the array; /days: the string "3", read as the number 3
//
// On valid arguments this costs nothing: the Decoder looks at the context
// only when it meets something to repair, and allocates only then.
package toolimpl

import "github.com/toolgen-dev/toolgen/internal/wire"

// Decoder reads a tool's arguments in one pass, validating as it goes; see
// the generated dispatch functions for how it is driven.
type Decoder = wire.Decoder

// Kind is the JSON kind of the next value a Decoder reads.
type Kind = wire.Kind

// ArgsError is the verdict on arguments that could not be read.
type ArgsError = wire.ArgsError

// Problem is one thing wrong with a tool's arguments.
type Problem = wire.Problem

// Object describes the members of a JSON object type for an ObjectReader.
type Object = wire.Object

// ObjectReader reads the members of an object, reporting unknown and
// missing members itself.
type ObjectReader = wire.ObjectReader

// The kinds of JSON values, as Decoder.Kind reports them (an untagged
// union's reader switches on them).
const (
	KindNull   = wire.KindNull
	KindBool   = wire.KindBool
	KindNumber = wire.KindNumber
	KindString = wire.KindString
	KindArray  = wire.KindArray
	KindObject = wire.KindObject
)
