package aisdk

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/toolgen-dev/toolgen/internal/chatcore"
)

// A client that lost its connection mid-answer (a reload, a network
// change) reconnects with GET <endpoint>/<chat id>/stream, the URL the AI
// SDK's DefaultChatTransport builds (reconnectToStream; useChat's resume
// option calls it as the page loads). The handler answers the chat's
// latest answer from its first chunk, as the transport expects by default
// (resumeStreamIsReplay: the client builds the message anew from the
// whole stream), then each chunk as it comes, until the answer ends; or
// 204 when the chat has no answer running or recently ended.

// resumePath is the chat id a GET of <endpoint>/<chat id>/stream names.
func resumePath(r *http.Request) (chatID string, ok bool) {
	rest, ok := strings.CutSuffix(r.URL.EscapedPath(), "/stream")
	if !ok {
		return "", false
	}
	i := strings.LastIndexByte(rest, '/')
	if i < 0 {
		return "", false
	}
	chatID, err := url.PathUnescape(rest[i+1:])
	return chatID, err == nil && chatID != ""
}

// serveResume answers a reconnect. It passes the checks a chat's request
// passes (ServeHTTP checked the Host and the Origin); with principals, a
// chat that is not the request's principal's is answered as a chat with
// nothing to resume (204): a reconnect tells nothing of another's chat.
func (h *handler) serveResume(w http.ResponseWriter, r *http.Request, chatID string) {
	ctx := r.Context()
	if err := h.mayRead(r, chatID); err != nil {
		if errors.Is(err, chatcore.ErrNotFound) {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		http.Error(w, "aisdk: "+err.Error(), http.StatusUnauthorized)
		return
	}
	streamID, err := h.streams.Latest(ctx, chatID)
	if err != nil {
		http.Error(w, "aisdk: chat "+chatID+"'s answer: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if streamID == "" {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	if running := h.runningAnswerOf(chatID, streamID); running != nil {
		running.attach() // the run goes on while this client reads
		defer running.detach()
	}
	chunks, done, err := h.streams.Read(ctx, streamID, 0)
	if err != nil {
		w.WriteHeader(http.StatusNoContent) // gone since Latest: nothing to resume
		return
	}
	h.replay(ctx, newWriter(w, h.WriteStall), streamID, chunks, done)
}

// replay writes a stream's chunks, from its first, and then the rest as
// it comes, until it ends, the client goes away, or the stream is gone.
func (h *handler) replay(ctx context.Context, out *writer, streamID string, chunks [][]byte, done bool) {
	var frames []byte
	for offset := 0; ; {
		frames = frames[:0]
		for _, c := range chunks {
			frames = append(append(append(frames, "data: "...), c...), "\n\n"...)
		}
		if done {
			frames = append(frames, "data: [DONE]\n\n"...)
		}
		if out.write(frames) != nil || done {
			return
		}
		offset += len(chunks)
		var err error
		chunks, done, err = h.streams.Read(ctx, streamID, offset)
		if err != nil {
			if !errors.Is(err, ctx.Err()) {
				b, _ := json.Marshal(Chunk{Type: ChunkError, ErrorText: "The answer can no longer be resumed."}) // always marshals
				_ = out.write(append(append([]byte("data: "), b...), "\n\n"...))
			}
			return
		}
	}
}

// replayOf are the chunks that build m's parts anew: the beginning of the
// stored stream of an answer that continues m (an approval answered), so
// that a client that reconnects, which builds the message from the replay
// alone, gets it whole. Each part comes back in the state the request
// gave it, but an approval the request answered comes back asked (ai 6
// has no chunk for an answer): the answer's own chunks then give the call
// its output, or its denial.
func replayOf(m UIMessage) []Chunk {
	var out []Chunk
	for i, p := range m.Parts {
		id := "replay-" + strconv.Itoa(i)
		switch {
		case p.Type == "step-start":
			out = append(out, Chunk{Type: ChunkStartStep})
		case p.Type == "text":
			out = append(out, Chunk{Type: ChunkTextStart, ID: id}, Chunk{Type: ChunkTextDelta, ID: id, Delta: p.Text}, Chunk{Type: ChunkTextEnd, ID: id})
		case p.Type == "reasoning":
			out = append(out, Chunk{Type: ChunkReasoningStart, ID: id}, Chunk{Type: ChunkReasoningDelta, ID: id, Delta: p.Text}, Chunk{Type: ChunkReasoningEnd, ID: id})
		case p.Type == ChunkSourceURL:
			out = append(out, Chunk{Type: ChunkSourceURL, SourceID: p.SourceID, URL: p.URL, Title: p.Title})
		case strings.HasPrefix(p.Type, "data-"):
			out = append(out, Chunk{Type: p.Type, ID: p.ID, Data: validJSONOrNull(p.Data)})
		default:
			out = append(out, replayTool(p)...)
		}
	}
	return out
}

// replayTool are the chunks that build a tool part anew.
func replayTool(p UIPart) []Chunk {
	name, ok := toolName(p)
	if !ok || p.ToolCallID == "" {
		return nil
	}
	dynamic := p.Type == "dynamic-tool"
	in := Chunk{Type: ChunkToolInputAvailable, ToolCallID: p.ToolCallID, ToolName: string(name), Input: p.Input,
		Dynamic: dynamic, ProviderExecuted: p.ProviderExecuted, ProviderMetadata: p.CallProviderMetadata}
	if p.State == StateInputStreaming {
		in.Type, in.Input = ChunkToolInputStart, nil
		return []Chunk{in}
	}
	out := []Chunk{in}
	if p.Approval != nil && p.Approval.ID != "" {
		out = append(out, Chunk{Type: ChunkToolApprovalRequest, ToolCallID: p.ToolCallID, ApprovalID: p.Approval.ID})
	}
	result := Chunk{ToolCallID: p.ToolCallID, Dynamic: dynamic, ProviderExecuted: p.ProviderExecuted, ProviderMetadata: p.ResultProviderMetadata}
	switch p.State {
	case StateOutputAvailable:
		result.Type, result.Output, result.Preliminary = ChunkToolOutputAvailable, validJSONOrNull(p.Output), p.Preliminary
	case StateOutputError:
		result.Type, result.ErrorText = ChunkToolOutputError, p.ErrorText
	case StateOutputDenied:
		result = Chunk{Type: ChunkToolOutputDenied, ToolCallID: p.ToolCallID}
	default:
		return out
	}
	return append(out, result)
}

// validJSONOrNull is b, or null when b is empty.
func validJSONOrNull(b json.RawMessage) json.RawMessage {
	if len(b) == 0 {
		return json.RawMessage("null")
	}
	return b
}
