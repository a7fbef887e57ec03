import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import './style.css';

// The Go server streams the agent's answer at /api/chat (package aisdk). A
// call that needs approval comes as a tool part in the state
// "approval-requested"; answering it with addToolApprovalResponse makes
// useChat send the chat again (sendAutomaticallyWhen), and the server
// resumes the paused run.
function App() {
  const [input, setInput] = useState('');
  const { messages, sendMessage, addToolApprovalResponse, status, error } = useChat({
    transport: new DefaultChatTransport({ api: '/api/chat' }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const busy = status === 'submitted' || status === 'streaming';

  function submit(e) {
    e.preventDefault();
    const text = input.trim();
    if (!text || busy) return;
    sendMessage({ text });
    setInput('');
  }

  return (
    <main>
      <h1>toolgen chat</h1>
      <p className="hint">
        Try “What's the weather in Paris?” or “Email ana@example.com that I am late.”
      </p>
      <ol className="messages">
        {messages.map((m) => (
          <li key={m.id} className={'message ' + m.role} data-role={m.role}>
            <span className="who">{m.role === 'user' ? 'You' : 'Assistant'}</span>
            {m.parts.map((p, i) => (
              <Part key={i} part={p} answer={addToolApprovalResponse} />
            ))}
          </li>
        ))}
      </ol>
      {error && <p className="error" role="alert">Error: {error.message}</p>}
      <form onSubmit={submit}>
        <input
          aria-label="Message"
          placeholder="Ask something"
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <button type="submit" disabled={busy || !input.trim()}>Send</button>
      </form>
      <p className="status" data-status={status}>{status}</p>
    </main>
  );
}

function Part({ part, answer }) {
  if (part.type === 'text') {
    return <p className="text">{part.text}</p>;
  }
  if (!part.type.startsWith('tool-')) {
    return null;
  }
  const name = part.type.slice('tool-'.length);
  return (
    <div className="tool" data-tool={name} data-state={part.state}>
      <div>
        <code>{name}</code> <code className="args">{JSON.stringify(part.input)}</code>
      </div>
      {part.state === 'approval-requested' && (
        <div className="approval">
          <span>This call needs your approval.</span>
          <button onClick={() => answer({ id: part.approval.id, approved: true })}>Approve</button>
          <button onClick={() => answer({ id: part.approval.id, approved: false, reason: 'the user said no' })}>
            Deny
          </button>
        </div>
      )}
      {part.state === 'output-available' && <div className="output">→ {show(part.output)}</div>}
      {part.state === 'output-error' && <div className="output failed">failed: {part.errorText}</div>}
      {part.state === 'output-denied' && <div className="output denied">denied: not run</div>}
    </div>
  );
}

function show(output) {
  return typeof output === 'string' ? output : JSON.stringify(output);
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
