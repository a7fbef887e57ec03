package agui_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/toolgen-dev/toolgen/agent"
	"github.com/toolgen-dev/toolgen/agent/agenttest"
	"github.com/toolgen-dev/toolgen/agui"
)

// An agent served over AG-UI: the request is the RunAgentInput an AG-UI
// client (HttpAgent) POSTs, the answer its events, one per SSE event.
func ExampleNewHandler() {
	model := agenttest.NewModel(agenttest.StreamText("Sunny ", "in ", "Paris."))
	a, err := agent.New(model)
	if err != nil {
		panic(err)
	}
	h, err := agui.NewHandler(a)
	if err != nil {
		panic(err)
	}
	srv := httptest.NewServer(h) // http.Handle("/agent", h) in a program
	defer srv.Close()

	in, _ := json.Marshal(agui.RunAgentInput{ThreadID: "thread-1", RunID: "run-1", Messages: []agui.Message{
		{ID: "m1", Role: "user", Content: json.RawMessage(`"Weather in Paris?"`)},
	}})
	resp, err := http.Post(srv.URL, "application/json", strings.NewReader(string(in)))
	if err != nil {
		panic(err)
	}
	defer resp.Body.Close()
	events := bufio.NewScanner(resp.Body)
	for events.Scan() {
		data, ok := strings.CutPrefix(events.Text(), "data: ")
		if !ok {
			continue
		}
		var e struct {
			Type   string
			Delta  any
			Result any
		}
		_ = json.Unmarshal([]byte(data), &e)
		switch {
		case e.Type == agui.EventStateDelta:
			d, _ := json.Marshal(e.Delta)
			fmt.Println(e.Type, string(d))
		case e.Delta != nil:
			fmt.Printf("%s %q\n", e.Type, e.Delta)
		case e.Result != nil:
			fmt.Printf("%s %q\n", e.Type, e.Result)
		default:
			fmt.Println(e.Type)
		}
	}
	// Output:
	// RUN_STARTED
	// STATE_SNAPSHOT
	// STEP_STARTED
	// TEXT_MESSAGE_START
	// TEXT_MESSAGE_CONTENT "Sunny "
	// TEXT_MESSAGE_CONTENT "in "
	// TEXT_MESSAGE_CONTENT "Paris."
	// TEXT_MESSAGE_END
	// STATE_DELTA [{"op":"replace","path":"/turns","value":1},{"op":"replace","path":"/usage","value":{"inputTokens":10,"outputTokens":5}}]
	// STEP_FINISHED
	// RUN_FINISHED "Sunny in Paris."
}
