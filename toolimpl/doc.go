// Package toolimpl is for code that toolgen generates, and for this
// module's own adapters; not for programs.
//
// Generated tools files call it to read arguments ([Decoder]), write results
// ([Encoder]) and partial results ([PartialEncoder]), guard their version ([EnforceVersion]), survive a panicking
// tool ([Recover]), build permission rules ([Rule]) and derive their schema
// dialects at start-up ([Tools]). Package mcp's stateless fast path reads
// requests and writes responses with the same Decoder and Encoder, as
// protobuf-go's own packages use protoimpl. Its compatibility promise is to
// generated files of a version between [MinVersion] and [MaxVersion], and to
// the adapters that ship in the same module version; not to code written by
// hand: programs use package toolgen (tools, the Toolbox,
// [toolgen.Tool.CallSafely]) and package agent (the agent loop).
//
// The JSON reader lives in an internal package that the agent's permission
// matcher also uses; this package names it for generated code. The writer,
// the Encoder, is defined here: the compiler inlines a method into
// generated code only from a package that code imports itself, and the
// Encoder's small methods are what a result is written with.
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
