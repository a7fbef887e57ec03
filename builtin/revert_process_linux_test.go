//go:build linux

package builtin_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/builtin"
)

// revertTrialsVar sets how many trials TestRevertNeverLosesAnotherProcesssWrite
// runs (default revertTrials); TOOLGEN_REVERT_TRIALS=100000 is the long run.
const (
	revertTrialsVar = "TOOLGEN_REVERT_TRIALS"
	revertTrials    = 2000
)

// The ways the writer process writes a file: a new file renamed over it
// (an editor's save), os.WriteFile (truncated and written in place), and
// in place through a descriptor it holds open for a while first.
var writerModes = []string{"rename", "inplace", "inplace-held"}

// TestRevertNeverLosesAnotherProcesssWrite races Revert against a real
// second process (this test binary, as the revert writer) that writes the
// file once, at a random moment around the revert, by each of
// writerModes, for a modified file (restored) and a created one (removed).
// Whatever Revert answers, the other process's write must be the file's
// content in the end: Revert either finds it and leaves it
// (ErrChangedSince), or runs before it. A trial where the file ends as
// Revert made it lost the other process's write.
func TestRevertNeverLosesAnotherProcesssWrite(t *testing.T) {
	trials := revertTrials
	if n, err := strconv.Atoi(os.Getenv(revertTrialsVar)); err == nil && n > 0 {
		trials = n
	}
	root := t.TempDir()
	ws, err := builtin.NewWorkspace(root)
	require.NoError(t, err)
	w := startRevertWriter(t)

	var lost []string
	var reverted, refused, keptApart int
	for trial := range trials {
		name := fmt.Sprintf("f%d.txt", trial%4)
		path := filepath.Join(root, name)
		change := revertableChange(t, path, name, trial)
		mode := writerModes[trial%len(writerModes)]
		theirs := fmt.Sprintf("the other process's write %d\n", trial)
		w.write(t, mode, path, theirs, rand.IntN(400))
		spin(time.Duration(rand.IntN(150)) * time.Microsecond)
		revertErr := ws.Revert(change)
		w.wait(t)
		switch {
		case revertErr == nil:
			reverted++
		case errors.Is(revertErr, builtin.ErrChangedSince):
			refused++
		default:
			t.Fatalf("trial %d: %v", trial, revertErr)
		}
		got := readOrAbsent(t, path)
		if aside := keptAside(t, root, name, revertErr); aside != "" {
			// Revert could not tell which of two files another process
			// wrote: it left one at the name and moved the other aside,
			// and said where.
			if got != theirs && readOrAbsent(t, filepath.Join(root, aside)) == theirs {
				got = theirs
			}
			require.NoError(t, os.Remove(filepath.Join(root, aside)))
			keptApart++
		}
		if got != theirs {
			lost = append(lost, fmt.Sprintf("trial %d (%s, %s): the file holds %q; Revert said %v", trial, change.Kind, mode, got, revertErr))
		}
		if err := os.Remove(path); !errors.Is(err, fs.ErrNotExist) {
			require.NoError(t, err)
		}
	}
	t.Logf("%d trials: %d reverted before the other process wrote, %d left to it (ErrChangedSince; %d of them with a file kept aside), %d lost its write", trials, reverted, refused, keptApart, len(lost))
	for _, l := range lost[:min(len(lost), 10)] {
		t.Error(l)
	}
	leftovers, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, e := range leftovers {
		t.Errorf("left behind: %s", e.Name())
	}
}

// keptAside is the file other than name in root that Revert's error
// names, if there is one.
func keptAside(t *testing.T, root, name string, revertErr error) string {
	t.Helper()
	entries, err := os.ReadDir(root)
	require.NoError(t, err)
	for _, e := range entries {
		if e.Name() != name && revertErr != nil && strings.Contains(revertErr.Error(), e.Name()) {
			return e.Name()
		}
	}
	return ""
}

// revertableChange writes the file as a change left it, and returns the
// change: a modification of "before" for even trials, a creation for odd
// ones.
func revertableChange(t *testing.T, path, name string, trial int) toolgen.FileChange {
	t.Helper()
	after := fmt.Sprintf("after %d\n", trial)
	require.NoError(t, os.WriteFile(path, []byte(after), 0o644))
	change := toolgen.FileChange{Path: name, Kind: toolgen.FileCreated, SizeAfter: int64(len(after)), HashAfter: sha(after)}
	if trial%2 == 0 {
		before := "before\n"
		change.Kind, change.SizeBefore, change.HashBefore, change.Before = toolgen.FileModified, int64(len(before)), sha(before), []byte(before)
	}
	return change
}

func readOrAbsent(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "(absent)"
	}
	require.NoError(t, err)
	return string(data)
}

// spin waits d without sleeping, which on Linux rounds up to far more than
// the few microseconds a race lives in.
func spin(d time.Duration) {
	for start := time.Now(); time.Since(start) < d; {
	}
}

// revertWriterProc is the writer process and its pipes.
type revertWriterProc struct {
	cmd  *exec.Cmd
	in   io.WriteCloser
	out  *bufio.Reader
	done chan string
}

func startRevertWriter(t *testing.T) *revertWriterProc {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), roleVar+"=revertwriter")
	in, err := cmd.StdinPipe()
	require.NoError(t, err)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	cmd.Stderr = os.Stderr
	require.NoError(t, cmd.Start())
	w := &revertWriterProc{cmd: cmd, in: in, out: bufio.NewReader(out), done: make(chan string, 1)}
	t.Cleanup(func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("the writer process: %v", err)
		}
	})
	return w
}

// write asks the writer to write content to path by mode after spinning
// delayMicros microseconds; wait waits for it to have written.
func (w *revertWriterProc) write(t *testing.T, mode, path, content string, delayMicros int) {
	t.Helper()
	_, err := fmt.Fprintf(w.in, "%s %d %s %s\n", mode, delayMicros, path, strconv.Quote(content))
	require.NoError(t, err)
}

func (w *revertWriterProc) wait(t *testing.T) {
	t.Helper()
	go func() {
		line, _ := w.out.ReadString('\n')
		w.done <- line
	}()
	select {
	case line := <-w.done:
		require.Equal(t, "ok\n", line, "the writer process")
	case <-time.After(time.Minute):
		w.cmd.Process.Kill()
		t.Fatal("the writer process did not answer within a minute")
	}
}

// revertWriter is the writer process: for each line "MODE DELAY PATH
// CONTENT" of in, it spins DELAY microseconds, writes the quoted CONTENT to
// PATH by MODE, and answers "ok" (or the error).
func revertWriter(in io.Reader, out io.Writer) int {
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		f := strings.SplitN(lines.Text(), " ", 4)
		if len(f) != 4 {
			return 2
		}
		delay, _ := strconv.Atoi(f[1])
		content, err := strconv.Unquote(f[3])
		if err != nil {
			return 2
		}
		if err := writeAs(f[0], f[2], content, time.Duration(delay)*time.Microsecond); err != nil {
			fmt.Fprintln(out, err)
			continue
		}
		fmt.Fprintln(out, "ok")
	}
	return 0
}

func writeAs(mode, path, content string, delay time.Duration) error {
	switch mode {
	case "rename":
		tmp := path + ".writer"
		if err := os.WriteFile(tmp, []byte(content), 0o644); err != nil {
			return err
		}
		spin(delay)
		return os.Rename(tmp, path)
	case "inplace":
		spin(delay)
		return os.WriteFile(path, []byte(content), 0o644)
	case "inplace-held":
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		spin(delay)
		_, err = f.WriteAt([]byte(content), 0)
		if err == nil {
			err = f.Truncate(int64(len(content)))
		}
		return errors.Join(err, f.Close())
	}
	return fmt.Errorf("unknown mode %q", mode)
}
