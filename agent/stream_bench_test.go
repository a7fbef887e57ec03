package agent_test

import (
	"context"
	"iter"
	"runtime"
	"testing"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
)

// partsModel streams the same parts to every request.
type partsModel struct{ parts []agent.Part }

func (m partsModel) Generate(ctx context.Context, req agent.Request) (agent.Response, error) {
	return agent.Collect(m.Stream(ctx, req))
}

func (m partsModel) Stream(context.Context, agent.Request) iter.Seq2[agent.Part, error] {
	return func(yield func(agent.Part, error) bool) {
		for _, p := range m.parts {
			if !yield(p, nil) {
				return
			}
		}
	}
}

// BenchmarkStreamOverhead is what RunStream adds to each part of a
// model's stream: a response of streamParts text parts read straight from
// the model's Stream (impl=model), put together by a Collector as the run
// does (impl=collect), and through RunStream to a consumer that does
// nothing (impl=runstream: the run's own cost, a state, its run id and
// three more events, is spread over the parts). ns/part and allocs/part are
// per part.
func BenchmarkStreamOverhead(b *testing.B) {
	const streamParts = 1000
	parts := make([]agent.Part, streamParts)
	for i := range parts {
		parts[i] = agent.Part{Kind: agent.PartText, Text: "tok "}
	}
	model := partsModel{parts: parts}
	ctx := context.Background()
	var sink int
	perPart := func(b *testing.B, loop func()) {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		n := 0
		for b.Loop() {
			loop()
			n++
		}
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*streamParts), "ns/part")
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(n*streamParts), "allocs/part")
	}
	b.Run("impl=model", func(b *testing.B) {
		b.ReportAllocs()
		perPart(b, func() {
			for p, err := range model.Stream(ctx, agent.Request{}) {
				if err != nil {
					b.Fatal(err)
				}
				sink += len(p.Text)
			}
		})
	})
	b.Run("impl=collect", func(b *testing.B) {
		b.ReportAllocs()
		perPart(b, func() {
			resp, err := agent.Collect(model.Stream(ctx, agent.Request{}))
			if err != nil {
				b.Fatal(err)
			}
			sink += len(resp.Message.Text)
		})
	})
	b.Run("impl=runstream", func(b *testing.B) {
		ag, err := agent.New(model)
		if err != nil {
			b.Fatal(err)
		}
		consume := func(agent.Event) error { return nil }
		b.ReportAllocs()
		perPart(b, func() {
			s, err := ag.RunStream(ctx, "go", nil, consume)
			if err != nil || len(s.Output()) != 4*streamParts {
				b.Fatal(err)
			}
		})
	})
	_ = sink
}

// BenchmarkToolProgress is what a tool's progress report costs in a run:
// a tool reporting reports times in one call, the run's own cost spread
// over them, with nobody listening (listener=none: a plain Run, the tool
// has no receiver) and through RunStream to a consumer that does nothing
// (listener=runstream: an EventToolProgress per report). ns/report and
// allocs/report are per report; compare BenchmarkStreamOverhead's
// impl=runstream, a text part through the same run.
func BenchmarkToolProgress(b *testing.B) {
	const reports = 1000
	pages := toolgen.Tool{Name: "pages", Description: "Reads pages.", InputSchema: []byte(`{"type":"object"}`),
		Call: func(ctx context.Context, _ []byte) (toolgen.Result, error) {
			c := toolgen.CtxFrom(ctx)
			for i := range reports {
				c.Report(toolgen.Progress{Message: "reading page", Progress: float64(i + 1), Total: reports})
			}
			return toolgen.TextResult("done"), nil
		}}
	ctx := context.Background()
	perReport := func(b *testing.B, run func(ag *agent.Agent) error) (runs int) {
		b.ReportAllocs()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		n := 0
		for b.Loop() {
			ag, err := agent.New(agenttest.NewModel(agenttest.Calls(agenttest.Call("c1", "pages", `{}`)), agenttest.Text("done")), agent.WithTools([]toolgen.Tool{pages}))
			if err != nil {
				b.Fatal(err)
			}
			if err := run(ag); err != nil {
				b.Fatal(err)
			}
			n++
		}
		runtime.ReadMemStats(&after)
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n*reports), "ns/report")
		b.ReportMetric(float64(after.Mallocs-before.Mallocs)/float64(n*reports), "allocs/report")
		return n
	}
	b.Run("listener=none", func(b *testing.B) {
		perReport(b, func(ag *agent.Agent) error {
			_, err := ag.Run(ctx, "go", nil)
			return err
		})
	})
	b.Run("listener=runstream", func(b *testing.B) {
		progress := 0
		runs := perReport(b, func(ag *agent.Agent) error {
			_, err := ag.RunStream(ctx, "go", nil, func(e agent.Event) error {
				if e.Kind == agent.EventToolProgress {
					progress++
				}
				return nil
			})
			return err
		})
		if progress != runs*reports {
			b.Fatalf("%d progress events", progress)
		}
	})
}
