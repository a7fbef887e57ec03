package toolgen

import "context"

// FileChangeKind is what a change did to a file.
type FileChangeKind string

// The kinds of file change.
const (
	FileCreated  FileChangeKind = "created"
	FileModified FileChangeKind = "modified"
	FileDeleted  FileChangeKind = "deleted"
)

// FileChange is a change a tool made to a file, reported while it runs
// (ReportFileChange) so that the program sees it (the agent loop emits it as
// an event) and can undo it.
type FileChange struct {
	// Path names the file as the tool's workspace does: relative to its
	// root, slash-separated.
	Path string
	Kind FileChangeKind
	// SizeBefore and SizeAfter are the file's sizes in bytes; 0 when it did
	// not exist.
	SizeBefore, SizeAfter int64
	// HashBefore and HashAfter are the SHA-256 of the file's content, in
	// hex; "" when it did not exist.
	HashBefore, HashAfter string
	// Before is the content the file had, when it was small enough to keep
	// (the tool's bound), so that the change can be undone; nil otherwise,
	// and for a created file.
	Before []byte `json:",omitempty"`
	// Diff is a unified diff of the change, when both sides were small
	// text; "" otherwise.
	Diff string `json:",omitempty"`
}

type fileChangesKey struct{}

// WithFileChanges returns a context whose tool calls report their file
// changes to receive, in the order they make them, from the goroutine
// making them. The agent loop installs one in every call's context.
//
// A change is reported by the call that made it, and only by it: tools
// that run at the same time must not report each other's changes (builtin's
// run_command and file tools keep apart for that). receive is called while
// the tool is at work (builtin's tools hold their workspace): it must not
// wait for another change of the same files.
func WithFileChanges(ctx context.Context, receive func(FileChange)) context.Context {
	return context.WithValue(ctx, fileChangesKey{}, receive)
}

// ReportFileChange reports a change a tool made, to the receiver ctx
// carries (see WithFileChanges); it does nothing without one.
func ReportFileChange(ctx context.Context, c FileChange) {
	if receive, _ := ctx.Value(fileChangesKey{}).(func(FileChange)); receive != nil {
		receive(c)
	}
}

// ReportsFileChanges reports whether ctx carries a receiver of file
// changes: a tool may skip the work of describing a change nobody hears of.
func ReportsFileChanges(ctx context.Context) bool {
	receive, _ := ctx.Value(fileChangesKey{}).(func(FileChange))
	return receive != nil
}
