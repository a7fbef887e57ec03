package builtin

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
)

// revertScene is a workspace with one change of each kind made by the
// file tools: a.txt and b.txt modified, c.txt created, d.txt deleted.
type revertScene struct {
	root    string
	ws      *Workspace
	f       *files
	changes []toolgen.FileChange
}

func newRevertScene(t *testing.T) *revertScene {
	t.Helper()
	root := t.TempDir()
	for name, content := range map[string]string{"a.txt": "line a\n", "b.txt": "line b\n", "d.txt": "line d\n"} {
		writeTestFile(t, filepath.Join(root, name), content)
	}
	ws, err := NewWorkspace(root)
	require.NoError(t, err)
	t.Cleanup(func() { ws.Close() })
	s := &revertScene{root: root, ws: ws, f: &files{ws: ws, maxEdit: DefaultMaxEditBytes}}
	ctx := toolgen.WithFileChanges(context.Background(), func(c toolgen.FileChange) { s.changes = append(s.changes, c) })
	for _, step := range []func() error{
		func() error { _, err := s.f.WriteFile(ctx, "a.txt", "line A\n"); return err },
		func() error { _, err := s.f.WriteFile(ctx, "b.txt", "line B\n"); return err },
		func() error { _, err := s.f.WriteFile(ctx, "c.txt", "line C\n"); return err },
		func() error { _, err := s.f.DeleteFile(ctx, "d.txt"); return err },
	} {
		require.NoError(t, step())
	}
	require.Len(t, s.changes, 4)
	return s
}

// content is a file's content, or "(absent)".
func (s *revertScene) content(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(s.root, name))
	if errors.Is(err, fs.ErrNotExist) {
		return "(absent)"
	}
	require.NoError(t, err)
	return string(data)
}

// A write of the file tools acknowledged while Revert runs either came
// before Revert looked at its file (Revert then fails with ErrChangedSince
// for it, and writes nothing), or comes after Revert is done, and is kept:
// Revert never overwrites it. The write is made at the worst moment,
// deterministically: once Revert has checked every file and before it
// writes one (where it used to check, then write, and lose it).
func TestRevertNeverLosesAnAcknowledgedWrite(t *testing.T) {
	type write struct {
		name string
		do   func(ctx context.Context, f *files, path string) error
		// kept tells, from the file's content at the end, whether the
		// acknowledged write is there.
		kept func(content string) bool
	}
	writes := []write{
		{"write_file", func(ctx context.Context, f *files, path string) error {
			_, err := f.WriteFile(ctx, path, "acknowledged\n")
			return err
		}, func(c string) bool { return c == "acknowledged\n" }},
		{"edit_file", func(ctx context.Context, f *files, path string) error {
			_, err := f.EditFile(ctx, path, "line", "EDITED", nil)
			return err
		}, func(c string) bool { return strings.HasPrefix(c, "EDITED") }},
		{"delete_file", func(ctx context.Context, f *files, path string) error {
			_, err := f.DeleteFile(ctx, path)
			return err
		}, func(c string) bool { return c == "(absent)" }},
		{"Sandbox.WriteFile", func(ctx context.Context, f *files, path string) error {
			sb := &Sandbox{ws: f.ws}
			return sb.WriteFile(ctx, path, []byte("acknowledged\n"))
		}, func(c string) bool { return c == "acknowledged\n" }},
	}
	const trials = 3
	for _, wr := range writes {
		for _, target := range []string{"a.txt", "b.txt", "c.txt", "d.txt"} {
			t.Run(wr.name+" "+target, func(t *testing.T) {
				for trial := range trials {
					s := newRevertScene(t)
					// Another workspace of the directory, as a program's
					// file tools and its Revert have.
					other, err := NewWorkspace(s.root)
					require.NoError(t, err)
					defer other.Close()
					f := &files{ws: other, maxEdit: DefaultMaxEditBytes}

					waits := make(chan struct{}, 1)
					done := make(chan error, 1)
					testHookClaimWaits = func() {
						select {
						case waits <- struct{}{}:
						default:
						}
					}
					testHookRevertChecked = func() {
						go func() { done <- wr.do(context.Background(), f, target) }()
						select {
						case err := <-done: // it did not wait for Revert
							done <- err
						case <-waits: // it waits for Revert
						}
					}
					revertErr := s.ws.Revert(s.changes...)
					testHookRevertChecked, testHookClaimWaits = nil, nil
					writeErr := <-done
					if writeErr != nil {
						continue // not acknowledged: nothing to keep
					}
					end := s.content(t, target)
					if wr.kept(end) {
						continue
					}
					if !errors.Is(revertErr, ErrChangedSince) || !strings.Contains(revertErr.Error(), fmt.Sprintf("%q", target)) {
						t.Fatalf("trial %d: %s %s was acknowledged, then lost: the file holds %q, and Revert returned %v", trial, wr.name, target, end, revertErr)
					}
				}
			})
		}
	}
}

// The same, with no hook: writes of another workspace of the directory
// race Revert for real, many times. Every acknowledged write is kept, or
// Revert says its file changed since.
func TestRevertRacingWrites(t *testing.T) {
	const trials = 40
	for trial := range trials {
		s := newRevertScene(t)
		other, err := NewWorkspace(s.root)
		require.NoError(t, err)
		f := &files{ws: other, maxEdit: DefaultMaxEditBytes}
		target := []string{"a.txt", "b.txt", "c.txt", "d.txt"}[trial%4]
		content := fmt.Sprintf("acknowledged %d\n", trial)
		done := make(chan error, 1)
		go func() { _, err := f.WriteFile(context.Background(), target, content); done <- err }()
		revertErr := s.ws.Revert(s.changes...)
		writeErr := <-done
		other.Close()
		require.NoError(t, writeErr)
		if end := s.content(t, target); end != content {
			require.ErrorIs(t, revertErr, ErrChangedSince, "trial %d: the write to %s was lost (%q)", trial, target, end)
			assert.Contains(t, revertErr.Error(), fmt.Sprintf("%q", target))
		}
	}
}

// Another process is not held up by the workspace's claims: a file it
// changes between Revert's check and its write is left as it made it, and
// the error says ErrChangedSince for that file; the others are reverted.
func TestRevertLeavesWhatAnotherProcessChanged(t *testing.T) {
	outside := map[string]func(t *testing.T, path string){
		"rewritten in place": func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, []byte("outside, longer\n"), 0o644))
		},
		"replaced by a rename": func(t *testing.T, path string) {
			tmp := path + ".new"
			require.NoError(t, os.WriteFile(tmp, []byte("outside, longer\n"), 0o644))
			require.NoError(t, os.Rename(tmp, path))
		},
		"removed": func(t *testing.T, path string) {
			err := os.Remove(path)
			if !errors.Is(err, fs.ErrNotExist) {
				require.NoError(t, err)
			}
		},
		"created": func(t *testing.T, path string) {
			require.NoError(t, os.WriteFile(path, []byte("outside, longer\n"), 0o644))
		},
	}
	for how, change := range outside {
		for _, target := range []string{"a.txt", "c.txt", "d.txt"} {
			t.Run(how+" "+target, func(t *testing.T) {
				s := newRevertScene(t)
				path := filepath.Join(s.root, target)
				testHookRevertChecked = func() { change(t, path) }
				defer func() { testHookRevertChecked = nil }()
				err := s.ws.Revert(s.changes...)
				testHookRevertChecked = nil
				if how == "removed" && target == "d.txt" {
					// Removing an absent file leaves it as Revert found it.
					require.NoError(t, err)
					return
				}
				require.ErrorIs(t, err, ErrChangedSince)
				assert.Contains(t, err.Error(), fmt.Sprintf("%q", target))
				switch how {
				case "removed":
					assert.Equal(t, "(absent)", s.content(t, target), "not brought back")
				default:
					assert.Equal(t, "outside, longer\n", s.content(t, target), "the other process's content is kept")
				}
				for name, want := range map[string]string{"a.txt": "line a\n", "b.txt": "line b\n", "c.txt": "(absent)", "d.txt": "line d\n"} {
					if name != target {
						assert.Equal(t, want, s.content(t, name), "%s is reverted all the same", name)
					}
				}
				assert.Contains(t, err.Error(), "revert incomplete")
				assertNoWorkspaceTemp(t, s.root)
			})
		}
	}
}

func assertNoWorkspaceTemp(t *testing.T, root string) {
	t.Helper()
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, e := range entries {
		assert.False(t, isWorkspaceTemp(e.Name()), "left behind: %s", e.Name())
	}
}

func TestWorkspaceTempNames(t *testing.T) {
	root := t.TempDir()
	ws, err := NewWorkspace(root)
	require.NoError(t, err)
	defer ws.Close()
	name, f, err := ws.createTemp(".", strings.Repeat("long-name.", 20), 0o600)
	require.NoError(t, err)
	f.Close()
	assert.True(t, isWorkspaceTemp(name), name)
	assert.True(t, isWorkspaceTemp(filepath.Base(asideName("."))))
	for _, name := range []string{
		"a.txt", ".a.txt.tmp", "a.txt.toolgen-abc.tmp", ".toolgen-abc.tmp", ".a.toolgen-.tmp",
		".a.toolgen-ABC.tmp", ".a.toolgen-abcdefghijklmn.tmp", ".toolgen-delete-x", ".toolgen-delete-" + strings.Repeat("a", 26),
	} {
		assert.False(t, isWorkspaceTemp(name), name)
	}
}

// A write of the file tools never loses what another process wrote while
// it was writing: a file made meanwhile where write_file creates one, or
// a file edit_file or write_file replaces, changed meanwhile (in place or
// replaced). The call fails with ErrChangedSince and the other content is
// kept, with no temporary file left.
func TestWritesKeepWhatAnotherProcessWroteMeanwhile(t *testing.T) {
	cases := []struct {
		name     string
		existing bool
		call     func(ctx context.Context, f *files) error
		outside  func(path string) error
	}{
		{"write_file creating, a file made meanwhile", false,
			func(ctx context.Context, f *files) error { _, err := f.WriteFile(ctx, "n.txt", "mine\n"); return err },
			func(path string) error { return os.WriteFile(path, []byte("theirs, longer\n"), 0o644) }},
		{"write_file replacing, rewritten in place", true,
			func(ctx context.Context, f *files) error { _, err := f.WriteFile(ctx, "n.txt", "mine\n"); return err },
			func(path string) error { return os.WriteFile(path, []byte("theirs, longer\n"), 0o644) }},
		{"edit_file, rewritten in place", true,
			func(ctx context.Context, f *files) error {
				_, err := f.EditFile(ctx, "n.txt", "old", "mine", nil)
				return err
			},
			func(path string) error { return os.WriteFile(path, []byte("theirs, longer\n"), 0o644) }},
		{"edit_file, replaced", true,
			func(ctx context.Context, f *files) error {
				_, err := f.EditFile(ctx, "n.txt", "old", "mine", nil)
				return err
			},
			func(path string) error {
				if err := os.WriteFile(path+".x", []byte("theirs, longer\n"), 0o644); err != nil {
					return err
				}
				return os.Rename(path+".x", path)
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			path := filepath.Join(root, "n.txt")
			if tc.existing {
				writeTestFile(t, path, "old\n")
			}
			ws, err := NewWorkspace(root)
			require.NoError(t, err)
			defer ws.Close()
			f := &files{ws: ws, maxEdit: DefaultMaxEditBytes}
			var once bool
			testHookWrite = func(w io.Writer) io.Writer {
				if !once {
					once = true
					require.NoError(t, tc.outside(path))
				}
				return w
			}
			defer func() { testHookWrite = nil }()
			err = tc.call(context.Background(), f)
			require.ErrorIs(t, err, ErrChangedSince)
			assert.Contains(t, err.Error(), "changed while it was being written")
			data, rerr := os.ReadFile(path)
			require.NoError(t, rerr)
			assert.Equal(t, "theirs, longer\n", string(data))
			assertNoWorkspaceTemp(t, root)
		})
	}
}
