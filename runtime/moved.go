package runtime

import (
	"context"

	toolgen "github.com/toolgen-dev/toolgen"
)

// Deprecated: use [github.com/toolgen-dev/toolgen.Annotations]; removed in v0.3.0.
//
//go:fix inline
type Annotations = toolgen.Annotations

// Deprecated: use [github.com/toolgen-dev/toolgen.CommandResult]; removed in v0.3.0.
//
//go:fix inline
type CommandResult = toolgen.CommandResult

// Deprecated: use [github.com/toolgen-dev/toolgen.Content]; removed in v0.3.0.
//
//go:fix inline
type Content = toolgen.Content

// Deprecated: use [github.com/toolgen-dev/toolgen.ContentAudio]; removed in v0.3.0.
//
//go:fix inline
const ContentAudio = toolgen.ContentAudio

// Deprecated: use [github.com/toolgen-dev/toolgen.ContentImage]; removed in v0.3.0.
//
//go:fix inline
const ContentImage = toolgen.ContentImage

// Deprecated: use [github.com/toolgen-dev/toolgen.ContentResource]; removed in v0.3.0.
//
//go:fix inline
const ContentResource = toolgen.ContentResource

// Deprecated: use [github.com/toolgen-dev/toolgen.ContentText]; removed in v0.3.0.
//
//go:fix inline
const ContentText = toolgen.ContentText

// Deprecated: use [github.com/toolgen-dev/toolgen.ContentType]; removed in v0.3.0.
//
//go:fix inline
type ContentType = toolgen.ContentType

// Deprecated: use [github.com/toolgen-dev/toolgen.Ctx]; removed in v0.3.0.
//
//go:fix inline
type Ctx = toolgen.Ctx

// Deprecated: use [github.com/toolgen-dev/toolgen.CtxFrom]; removed in v0.3.0.
//
//go:fix inline
func CtxFrom(ctx context.Context) toolgen.Ctx { return toolgen.CtxFrom(ctx) }

// Deprecated: use [github.com/toolgen-dev/toolgen.DepsAs]; removed in v0.3.0.
//
//go:fix inline
func DepsAs[T any](c toolgen.Ctx) (T, bool) { return toolgen.DepsAs[T](c) }

// Deprecated: use [github.com/toolgen-dev/toolgen.DirEntry]; removed in v0.3.0.
//
//go:fix inline
type DirEntry = toolgen.DirEntry

// Deprecated: use [github.com/toolgen-dev/toolgen.ErrNoSandbox]; removed in v0.3.0.
var ErrNoSandbox = toolgen.ErrNoSandbox

// Deprecated: use [github.com/toolgen-dev/toolgen.ErrOutsideSandbox]; removed in v0.3.0.
var ErrOutsideSandbox = toolgen.ErrOutsideSandbox

// Deprecated: use [github.com/toolgen-dev/toolgen.ErrorResult]; removed in v0.3.0.
//
//go:fix inline
func ErrorResult(msg string) toolgen.Result { return toolgen.ErrorResult(msg) }

// Deprecated: use [github.com/toolgen-dev/toolgen.FileChange]; removed in v0.3.0.
//
//go:fix inline
type FileChange = toolgen.FileChange

// Deprecated: use [github.com/toolgen-dev/toolgen.FileChangeKind]; removed in v0.3.0.
//
//go:fix inline
type FileChangeKind = toolgen.FileChangeKind

// Deprecated: use [github.com/toolgen-dev/toolgen.FileCreated]; removed in v0.3.0.
//
//go:fix inline
const FileCreated = toolgen.FileCreated

// Deprecated: use [github.com/toolgen-dev/toolgen.FileDeleted]; removed in v0.3.0.
//
//go:fix inline
const FileDeleted = toolgen.FileDeleted

// Deprecated: use [github.com/toolgen-dev/toolgen.FileModified]; removed in v0.3.0.
//
//go:fix inline
const FileModified = toolgen.FileModified

// Deprecated: use [github.com/toolgen-dev/toolgen.NewToolbox]; removed in v0.3.0.
//
//go:fix inline
func NewToolbox(sets ...[]toolgen.Tool) (*toolgen.Toolbox, error) { return toolgen.NewToolbox(sets...) }

// Deprecated: use [github.com/toolgen-dev/toolgen.ReportFileChange]; removed in v0.3.0.
//
//go:fix inline
func ReportFileChange(ctx context.Context, c toolgen.FileChange) { toolgen.ReportFileChange(ctx, c) }

// Deprecated: use [github.com/toolgen-dev/toolgen.ReportsFileChanges]; removed in v0.3.0.
//
//go:fix inline
func ReportsFileChanges(ctx context.Context) bool { return toolgen.ReportsFileChanges(ctx) }

// Deprecated: use [github.com/toolgen-dev/toolgen.Result]; removed in v0.3.0.
//
//go:fix inline
type Result = toolgen.Result

// Deprecated: use [github.com/toolgen-dev/toolgen.Rule]; removed in v0.3.0.
//
//go:fix inline
type Rule = toolgen.Rule

// Deprecated: use [github.com/toolgen-dev/toolgen.Sandbox]; removed in v0.3.0.
//
//go:fix inline
type Sandbox = toolgen.Sandbox

// Deprecated: use [github.com/toolgen-dev/toolgen.TextResult]; removed in v0.3.0.
//
//go:fix inline
func TextResult(text string) toolgen.Result { return toolgen.TextResult(text) }

// Deprecated: use [github.com/toolgen-dev/toolgen.Tool]; removed in v0.3.0.
//
//go:fix inline
type Tool = toolgen.Tool

// Deprecated: use [github.com/toolgen-dev/toolgen.ToolName]; removed in v0.3.0.
//
//go:fix inline
type ToolName = toolgen.ToolName

// Deprecated: use [github.com/toolgen-dev/toolgen.Toolbox]; removed in v0.3.0.
//
//go:fix inline
type Toolbox = toolgen.Toolbox

// Deprecated: use [github.com/toolgen-dev/toolgen.WithCtx]; removed in v0.3.0.
//
//go:fix inline
func WithCtx(ctx context.Context, c toolgen.Ctx) context.Context { return toolgen.WithCtx(ctx, c) }

// Deprecated: use [github.com/toolgen-dev/toolgen.WithFileChanges]; removed in v0.3.0.
//
//go:fix inline
func WithFileChanges(ctx context.Context, receive func(toolgen.FileChange)) context.Context {
	return toolgen.WithFileChanges(ctx, receive)
}
