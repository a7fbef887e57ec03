package repair

import (
	"context"
	"strings"
	"testing"

	"github.com/toolgen-dev/toolgen"
)

// FuzzRepairTools calls the corpus's tools with arbitrary arguments, with
// and without repairs. A call refused with repairs gets the error it gets
// without; arguments valid as sent run as sent, with no note; and a
// repaired call ran with arguments that are valid as they are: what the
// tool read (its result, which echoes its arguments), sent again without
// repairs, is accepted and read the same.
func FuzzRepairTools(f *testing.F) {
	tools := Tools()
	for i, e := range corpus {
		for j, tl := range tools {
			if tl.Name == e.tool {
				f.Add(uint8(j), []byte(e.args))
			}
		}
		if i%3 == 0 { // each arguments also to another tool
			f.Add(uint8(i), []byte(e.args))
		}
	}
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, which uint8, args []byte) {
		tool := tools[int(which)%len(tools)]
		plain, err := tool.CallSafely(ctx, args)
		if err != nil {
			t.Fatal(err)
		}
		res, err := tool.CallRepairing(ctx, args)
		if err != nil {
			t.Fatal(err)
		}
		note := repairNote(res)
		switch {
		case res.IsError:
			if res.Text() != plain.Text() {
				t.Fatalf("refused with %q, not as sent: %q", res.Text(), plain.Text())
			}
		case !plain.IsError:
			if note != "" || string(res.Structured) != string(plain.Structured) {
				t.Fatalf("valid arguments changed: %s, note %q", res.Structured, note)
			}
		case note == "":
			t.Fatalf("ran without a note where the call as sent is refused: %s", plain.Text())
		case tool.Name == ToolMovePoints:
			// Its result leaves out an empty matrix, which its arguments
			// require: it is no input.
		default:
			again, err := tool.CallSafely(ctx, res.Structured)
			if err != nil || again.IsError || string(again.Structured) != string(res.Structured) {
				t.Fatalf("what the repaired call read, %s, reads as %s (%v)", res.Structured, again.Text(), err)
			}
		}
	})
}

// repairNote is the note a repaired call's result ends with, or "".
func repairNote(res toolgen.Result) string {
	if n := len(res.Content); n > 0 && strings.HasPrefix(res.Content[n-1].Text, notePrefix) {
		return res.Content[n-1].Text
	}
	return ""
}
