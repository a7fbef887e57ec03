// Command compaction shows what compaction does to a long run: a scripted
// model (agent/agenttest, no network) reads 15 parts of 20 KB, one
// a turn, then answers from the last part it read. The run is made twice,
// without compaction and with agent.WithCompaction(12000,
// agent.ElideToolResults(1, 1024)), and the program prints the estimated
// tokens of each request side by side, the compaction events, and the
// answers, which are the same:
//
//	go run ./examples/compaction
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

const (
	parts     = 15
	partBytes = 20 << 10
	budget    = 12000 // estimated tokens (agent.EstimateTokens): two parts and a bit
)

func main() {
	if _, _, err := compare(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

// runResult is what one run sent and answered.
type runResult struct {
	requests    []int // the estimated tokens of each request, in order
	compactions []agent.CompactionRecord
	answer      string
}

// compare makes the run without and with compaction and prints the
// comparison to w.
func compare(w io.Writer) (plain, compacted runResult, err error) {
	if plain, err = run(); err != nil {
		return plain, compacted, err
	}
	compacted, err = run(agent.WithCompaction(budget, agent.ElideToolResults(1, 1024)))
	if err != nil {
		return plain, compacted, err
	}
	fmt.Fprintf(w, "budget: %d estimated tokens a request\n\n", budget)
	fmt.Fprintf(w, "%-8s %18s %18s\n", "request", "without compaction", "with compaction")
	sum := [2]int{}
	for i := range max(len(plain.requests), len(compacted.requests)) {
		cell := func(r runResult, k int) string {
			if i >= len(r.requests) {
				return "-"
			}
			sum[k] += r.requests[i]
			mark := ""
			if r.requests[i] > budget {
				mark = " (over)"
			}
			return fmt.Sprintf("%d%s", r.requests[i], mark)
		}
		fmt.Fprintf(w, "%-8d %18s %18s\n", i+1, cell(plain, 0), cell(compacted, 1))
	}
	fmt.Fprintf(w, "%-8s %18d %18d\n\n", "total", sum[0], sum[1])
	for _, c := range compacted.compactions {
		fmt.Fprintf(w, "compaction before turn %d: %s, %d tokens -> %d (%d results elided)\n",
			c.Turn, c.Policy, c.TokensBefore, c.TokensAfter, c.ElidedResults)
	}
	fmt.Fprintf(w, "\nanswer without compaction: %s\nanswer with compaction:    %s\n", plain.answer, compacted.answer)
	return plain, compacted, nil
}

// run makes the scripted run with the options given.
func run(opts ...agent.Option) (runResult, error) {
	var out runResult
	model := agenttest.NewModel(script()...)
	opts = append([]agent.Option{
		agent.WithTools([]toolgen.Tool{readTool()}),
		agent.WithSystem("You read parts."),
		agent.WithObserver(func(e agent.Event) {
			if e.Kind == agent.EventCompaction {
				out.compactions = append(out.compactions, *e.Compaction)
			}
		}),
	}, opts...)
	a, err := agent.New(model, opts...)
	if err != nil {
		return out, err
	}
	s, err := a.Run(context.Background(), "Read the parts.", nil)
	if err != nil {
		return out, err
	}
	for _, req := range model.Requests() {
		out.requests = append(out.requests, agent.EstimateTokens(req))
	}
	out.answer = s.Output()
	return out, nil
}

// readTool returns 20 KB for each part, starting "part N: ".
func readTool() toolgen.Tool {
	return toolgen.Tool{
		Name: "read", Description: "reads a part", InputSchema: []byte(`{"type":"object"}`),
		Call: func(_ context.Context, args []byte) (toolgen.Result, error) {
			var in struct{ Part int }
			if err := json.Unmarshal(args, &in); err != nil {
				return toolgen.Result{}, err
			}
			head := fmt.Sprintf("part %d: ", in.Part)
			return toolgen.TextResult(head + strings.Repeat("x", partBytes-len(head))), nil
		},
	}
}

// script is the model's replies: a read a turn, then an answer naming the
// head of the last result it was sent.
func script() []agenttest.Reply {
	var replies []agenttest.Reply
	for i := range parts {
		replies = append(replies, agenttest.Calls(agenttest.Call(fmt.Sprint("c", i+1), "read", fmt.Sprintf(`{"part":%d}`, i+1))))
	}
	return append(replies, agenttest.Respond(func(req agent.Request) agent.Response {
		last := req.Messages[len(req.Messages)-1].Results[0].Result.Text()
		return agent.Response{Message: agent.Message{Text: "the last part was " + strings.TrimSuffix(last[:7], ":")}}
	}))
}
