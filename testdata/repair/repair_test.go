package repair

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"text/tabwriter"

	"github.com/toolgen-dev/toolgen"
)

// The outcomes of a corpus entry.
type outcome string

const (
	repaired outcome = "repaired" // ran with the arguments meant, with a note saying what was changed
	bounced  outcome = "bounced"  // refused, with the error the arguments as sent get
	asSent   outcome = "as sent"  // valid as sent: ran with them, nothing repaired
	wrong    outcome = "wrong"    // ran with arguments the model did not mean
)

// entry is one call of the corpus (corpus_test.go).
type entry struct {
	class string
	tool  toolgen.ToolName
	args  string  // as the model sent them
	want  outcome // repaired, bounced or asSent
	read  string  // repaired and asSent: the arguments meant, as the tool returns what it read
	note  string  // repaired: what the model is told, after notePrefix
	why   string  // where models send it, or why it must not be repaired
}

const notePrefix = "arguments repaired before the call: "

// TestCorpus calls each tool of the corpus with its malformed arguments,
// asking for repairs, and checks the outcome the entry says: the arguments
// the call ran with, and the note the model reads, for a repaired call; the
// very error a call without repairs gets, for a refused one. It prints how
// many calls of each class were repaired, refused, valid as sent, and run
// with arguments the model did not mean (which must be none), and fails on
// any entry whose outcome is not the one it says.
func TestCorpus(t *testing.T) {
	tools := map[toolgen.ToolName]toolgen.Tool{}
	for _, tl := range Tools() {
		tools[tl.Name] = tl
	}
	counts := map[string]map[outcome]int{}
	var classes []string
	for i, e := range corpus {
		if counts[e.class] == nil {
			counts[e.class] = map[outcome]int{}
			classes = append(classes, e.class)
		}
		got, why := run(t, tools[e.tool], e)
		counts[e.class][got]++
		if got != e.want || why != "" {
			t.Errorf("corpus[%d] (%s, %s) %s\n  args: %s\n  want %s, got %s: %s", i, e.class, e.tool, e.why, e.args, e.want, got, why)
		}
	}
	t.Log("\n" + table(classes, counts))
	for _, c := range classes {
		if n := counts[c][wrong]; n > 0 {
			t.Errorf("%s: %d calls ran with arguments the model did not mean", c, n)
		}
	}
}

// run makes e's call with and without repairs and returns its outcome,
// and what is wrong with it when it is not all the entry says.
func run(t *testing.T, tool toolgen.Tool, e entry) (outcome, string) {
	t.Helper()
	if tool.Call == nil {
		t.Fatalf("no tool %s", e.tool)
	}
	ctx := context.Background()
	plain, err := tool.CallSafely(ctx, []byte(e.args))
	if err != nil {
		t.Fatal(err)
	}
	res, err := tool.CallRepairing(ctx, []byte(e.args))
	if err != nil {
		t.Fatal(err)
	}
	if res.IsError {
		if res.Text() != plain.Text() {
			return bounced, fmt.Sprintf("refused with %q, not with the error as sent, %q", res.Text(), plain.Text())
		}
		return bounced, ""
	}
	note := ""
	if n := len(res.Content); n > 0 && strings.HasPrefix(res.Content[n-1].Text, notePrefix) {
		note = strings.TrimPrefix(res.Content[n-1].Text, notePrefix)
	}
	switch {
	case e.want == bounced:
		return wrong, fmt.Sprintf("ran with %s (%s)", res.Structured, note)
	case !sameJSON(res.Structured, e.read):
		return wrong, fmt.Sprintf("ran with %s, not %s (%s)", res.Structured, e.read, note)
	case note == "" && !plain.IsError:
		return asSent, ""
	case note == "" || !plain.IsError:
		return wrong, fmt.Sprintf("ran with a note %q, where the call without repairs came to %q", note, plain.Text())
	case note != e.note:
		return repaired, fmt.Sprintf("told the model %q, not %q", note, e.note)
	case len(res.Content) != 2 || res.Content[0].Text != string(res.Structured):
		return repaired, fmt.Sprintf("the result lost its text: %+v", res.Content)
	}
	return repaired, ""
}

// sameJSON reports whether got and want are the same JSON value.
func sameJSON(got []byte, want string) bool {
	var g, w any
	return json.Unmarshal(got, &g) == nil && json.Unmarshal([]byte(want), &w) == nil && reflect.DeepEqual(g, w)
}

// table renders the counts per class, in the corpus's order, and their
// totals, as a Markdown table.
func table(classes []string, counts map[string]map[outcome]int) string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 1, ' ', 0)
	line := func(name string, n map[outcome]int) {
		fmt.Fprintf(w, "| %s\t| %d\t| %d\t| %d\t| %d\t| %d\t|\n", name, n[repaired]+n[bounced]+n[asSent]+n[wrong], n[repaired], n[bounced], n[asSent], n[wrong])
	}
	fmt.Fprintln(w, "| class\t| calls\t| repaired\t| bounced\t| as sent\t| repaired wrongly\t|")
	fmt.Fprintln(w, "|---\t|--:\t|--:\t|--:\t|--:\t|--:\t|")
	total := map[outcome]int{}
	for _, c := range classes {
		line(c, counts[c])
		for k, v := range counts[c] {
			total[k] += v
		}
	}
	line("all", total)
	w.Flush()
	return b.String()
}
