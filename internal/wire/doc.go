// Package wire is the runtime's JSON reader: it reads JSON without
// reflection, checking RFC 8259 syntax with one byte-level scanner (scan.go)
// that bounds nesting. It is internal to the module; its exported names are
// for the runtime's packages (and generated code, through the aliases of
// toolimpl), not a general JSON API. It holds:
//
//   - Decoder, which reads a tool's arguments in one pass and collects every
//     problem with its JSON pointer, and Object and ObjectReader, the member
//     tables it reads objects by. A member name repeated in an object, at
//     any depth, is a problem (names.go); CheckNames finds them without a
//     reader (the agent loop and the MCP server refuse such calls before
//     any rule) and AppendRuleArgs reads arguments as permission rules
//     match them. Generated dispatch drives it through
//     toolimpl; agent's permission matcher reads arguments
//     with it. A tagged union's reader looks ahead for the tag with Tag
//     (the one look-ahead, union.go), then reads the member in one pass.
//     with it. Asked to (RepairIfAsked), it repairs malformed arguments
//     whose fix is certain from the type being read (repair.go).
//   - Scanner, which reads a JSON text token by token and leaves each value
//     as its text (a span of the input): internal/dialect derives the
//     OpenAI-strict and Gemini forms of input schemas with it.
//   - Helpers over checked or unchecked JSON text: CheckJSON and AppendCompact
//     (the encoder of toolimpl), AppendCanonicalNumber and
//     AppendCanonicalString (the spelling-proof numbers and strings of
//     permission rules, AppendRuleArgs, and of the digest of approved
//     arguments), AppendCanonicalJSON (the digest of approved arguments),
//     IsNumber and DecodeRune.
//
// The JSON writer is toolimpl's Encoder.
package wire
