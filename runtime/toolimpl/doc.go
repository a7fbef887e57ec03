// Package toolimpl is for code that toolgen generates, and nothing else.
//
// Generated tools files call it to read arguments ([Decoder]), write results
// ([Encoder]), guard their version ([EnforceVersion]), survive a panicking
// tool ([Recover]), build permission rules ([Rule]) and derive their schema
// dialects at start-up ([Tools]). Its compatibility promise is to generated
// files of a version between [MinVersion] and [MaxVersion], not to code
// written by hand: programs use package runtime (tools, the Toolbox) and
// package agent (the agent loop).
//
// The JSON reader lives in an internal package that the agent's permission
// matcher also uses; this package names it for generated code. The writer,
// the Encoder, is defined here: the compiler inlines a method into
// generated code only from a package that code imports itself, and the
// Encoder's small methods are what a result is written with.
package toolimpl

import "github.com/toolgen-dev/toolgen/runtime/internal/wire"

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
