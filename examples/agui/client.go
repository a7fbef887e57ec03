package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/toolgen-dev/toolgen/agui"
	"github.com/toolgen-dev/toolgen/examples/internal/demo"
)

// Client is a small AG-UI client: it posts RunAgentInputs to URL and
// prints the runs to Out as a person reads them. It sends only the user's
// new message: the server keeps the thread's transcript.
type Client struct {
	URL string
	Out io.Writer
}

// maxResumes bounds the runs of one question: a model that asks again
// and again is stopped.
const maxResumes = 10

// Ask sends text on the thread, prints the run, and answers each interrupt
// a run ends with (approve decides) in a resume run, until a run ends
// without one.
func (c *Client) Ask(thread, text string, approve func(agui.Interrupt) bool) error {
	content, _ := json.Marshal(text)
	in := agui.RunAgentInput{ThreadID: thread, RunID: newID("run-"), Messages: []agui.Message{{ID: newID("user-"), Role: "user", Content: content}}}
	for range maxResumes {
		interrupts, err := c.run(in)
		if err != nil || len(interrupts) == 0 {
			return err
		}
		in = agui.RunAgentInput{ThreadID: thread, RunID: newID("run-")}
		for _, i := range interrupts {
			answer := agui.ApprovalAnswer{Approved: new(approve(i))}
			if *answer.Approved {
				fmt.Fprintf(c.Out, "? %s approved\n", i.Message)
			} else {
				answer.Reason = "the user said no"
				fmt.Fprintf(c.Out, "? %s denied\n", i.Message)
			}
			payload, _ := json.Marshal(answer)
			in.Resume = append(in.Resume, agui.ResumeEntry{InterruptID: i.ID, Status: agui.ResumeResolved, Payload: payload})
		}
	}
	return fmt.Errorf("still asking after %d runs", maxResumes)
}

// event is an AG-UI event, as far as the client prints it.
type event struct {
	Type         string          `json:"type"`
	Delta        json.RawMessage `json:"delta"`
	Content      json.RawMessage `json:"content"`
	ToolCallName string          `json:"toolCallName"`
	Message      string          `json:"message"`
	Outcome      struct {
		Interrupts []agui.Interrupt `json:"interrupts"`
	} `json:"outcome"`
}

// run posts in, prints its events, and returns the interrupts it ended
// with.
func (c *Client) run(in agui.RunAgentInput) ([]agui.Interrupt, error) {
	body, err := json.Marshal(in)
	if err != nil {
		return nil, err
	}
	resp, err := http.Post(c.URL, "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return nil, fmt.Errorf("%s: %s", resp.Status, strings.TrimSpace(string(b)))
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var e event
		if err := json.Unmarshal([]byte(data), &e); err != nil {
			return nil, err
		}
		switch e.Type {
		case agui.EventRunError:
			return nil, errors.New(e.Message)
		case agui.EventRunFinished:
			return e.Outcome.Interrupts, nil
		}
		c.print(e)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return nil, errors.New("the stream ended without RUN_FINISHED")
}

// print writes what a person reads of an event.
func (c *Client) print(e event) {
	text := func(raw json.RawMessage) string {
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	}
	switch e.Type {
	case agui.EventTextMessageStart:
		fmt.Fprint(c.Out, "assistant: ")
	case agui.EventTextMessageContent, agui.EventToolCallArgs:
		fmt.Fprint(c.Out, text(e.Delta))
	case agui.EventTextMessageEnd, agui.EventToolCallEnd:
		fmt.Fprintln(c.Out)
	case agui.EventToolCallStart:
		fmt.Fprintf(c.Out, "call %s ", e.ToolCallName)
	case agui.EventToolCallResult:
		fmt.Fprintf(c.Out, "result: %s\n", text(e.Content))
	case agui.EventActivitySnapshot:
		var p agui.ToolProgress
		_ = json.Unmarshal(e.Content, &p)
		fmt.Fprintf(c.Out, "... %s (%g/%g)\n", p.Message, p.Progress, p.Total)
	}
}

// newID is a random id with a prefix.
func newID(prefix string) string { return prefix + demo.CallID()[len("call_"):] }
