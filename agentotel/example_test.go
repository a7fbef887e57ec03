package agentotel_test

import (
	"context"
	"fmt"

	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/toolgen-dev/toolgen"
	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/agentotel"
)

func ExampleObserver() {
	// A program sends spans to its collector (an OTLP exporter); here
	// they stay in memory to be printed.
	exporter := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(exporter))
	defer tp.Shutdown(context.Background())

	weather := toolgen.Tool{Name: "get_weather", InputSchema: []byte(`{"type":"object"}`),
		Call: func(context.Context, []byte) (toolgen.Result, error) { return toolgen.TextResult("sunny"), nil }}
	model := agenttest.NewModel(
		agenttest.Calls(agenttest.Call("c1", "get_weather", `{"city":"Paris"}`)),
		agenttest.Text("It is sunny in Paris."),
	)
	a, err := agent.New(model, agent.WithName("forecaster"), agent.WithTools([]toolgen.Tool{weather}),
		agent.WithObserver(agentotel.Observer(tp.Tracer("example"), agentotel.WithModel("", "openai", "gpt-4o"))))
	if err != nil {
		panic(err)
	}
	if _, err := a.Run(context.Background(), "Weather in Paris?", nil); err != nil {
		panic(err)
	}

	// Spans are exported as they end: children first.
	spans := exporter.GetSpans()
	names := map[trace.SpanID]string{}
	for _, s := range spans {
		names[s.SpanContext.SpanID()] = s.Name
	}
	for _, s := range spans {
		fmt.Printf("%-24s under %q\n", s.Name, names[s.Parent.SpanID()])
	}
	// Output:
	// chat gpt-4o              under "invoke_agent forecaster"
	// execute_tool get_weather under "invoke_agent forecaster"
	// chat gpt-4o              under "invoke_agent forecaster"
	// invoke_agent forecaster  under ""
}
