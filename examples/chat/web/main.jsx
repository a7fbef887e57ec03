import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useChat } from '@ai-sdk/react';
import { DefaultChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import './style.css';

// The Go server streams the agent's answer at /api/chat (package aisdk). A
// call that needs approval comes as a tool part in the state
// "approval-requested"; answering it with addToolApprovalResponse makes
// useChat send the chat again (sendAutomaticallyWhen), and the server
// resumes the paused run.
//
// The chat's id is in the URL (#chat=<id>), and the server keeps each
// chat's messages (GET /api/chat?id=<id>): a reload shows the chat again,
// an approval it waits for included, and the approval can be answered then.
const API = '/api/chat';

// freshIds are the chat ids this page made: the server has nothing of them
// yet, so there is nothing to load.
const freshIds = new Set();

function newChatId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  freshIds.add(id);
  return id;
}

// chatIdOfURL is the chat id in the URL's hash; without one, a new chat's
// id, written there (without a new history entry).
function chatIdOfURL() {
  const m = /^#chat=([\w-]{1,100})$/.exec(location.hash);
  if (m) return m[1];
  const id = newChatId();
  history.replaceState(null, '', '#chat=' + id);
  return id;
}

function Root() {
  const [chatId, setChatId] = useState(chatIdOfURL);
  useEffect(() => {
    const onHashChange = () => setChatId(chatIdOfURL());
    addEventListener('hashchange', onHashChange);
    return () => removeEventListener('hashchange', onHashChange);
  }, []);
  return (
    <main>
      <header>
        <h1>toolgen chat</h1>
        <button className="new-chat" onClick={() => (location.hash = '#chat=' + newChatId())}>
          New chat
        </button>
      </header>
      <p className="hint">Try “What's the weather in Paris?” or “Email ana@example.com that I am late.”</p>
      <Loader key={chatId} chatId={chatId} />
    </main>
  );
}

// Loader gets the chat's messages from the server, then shows the chat.
// While an answer of the chat is still streaming on the server (a reload
// mid-answer), it shows what came so far and asks again until it has
// ended.
function Loader({ chatId }) {
  const [loaded, setLoaded] = useState(freshIds.has(chatId) ? { messages: [] } : null);
  const [partial, setPartial] = useState(null);
  const [failure, setFailure] = useState(null);
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    (async () => {
      // Bounded: an answer streams for minutes at most.
      for (let attempt = 0; attempt < 600 && !cancelled; attempt++) {
        let res;
        try {
          res = await fetch(`${API}?id=${encodeURIComponent(chatId)}`, { cache: 'no-store' });
        } catch (e) {
          if (!cancelled) setFailure(`the server did not answer (${e.message})`);
          return;
        }
        if (cancelled) return;
        if (res.status === 404) {
          setLoaded({ messages: [], note: 'The server has no messages of this chat (it may have restarted): it starts empty.' });
          return;
        }
        if (!res.ok) {
          setFailure(`${res.status} ${(await res.text()).trim()}`);
          return;
        }
        const h = await res.json();
        if (cancelled) return;
        if (!h.streaming) {
          setLoaded({ messages: h.messages });
          return;
        }
        setPartial(h.messages);
        await new Promise((r) => setTimeout(r, 500));
      }
      if (!cancelled) setFailure('the chat is still answering after 5 minutes: reload later');
    })();
    return () => {
      cancelled = true;
    };
  }, [chatId, loaded]);

  if (failure) {
    return (
      <p className="error" role="alert">
        This chat could not be loaded: {failure}
      </p>
    );
  }
  if (!loaded) {
    return (
      <>
        <Messages messages={partial ?? []} />
        <p className="note" role="status">
          {partial ? 'An answer of this chat is still being written; it shows here when it has ended.' : 'Loading the chat…'}
        </p>
      </>
    );
  }
  return <Chat chatId={chatId} initialMessages={loaded.messages} note={loaded.note} />;
}

function Chat({ chatId, initialMessages, note }) {
  const [input, setInput] = useState('');
  const { messages, sendMessage, addToolApprovalResponse, status, error } = useChat({
    id: chatId,
    messages: initialMessages,
    transport: new DefaultChatTransport({ api: API }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  });
  const busy = status === 'submitted' || status === 'streaming';

  // A message is sent when no answer is on its way: while one is, Send is
  // off and a note says so; the text stays in the box for later.
  function submit(e) {
    e.preventDefault();
    const text = input.trim();
    if (!text || busy) return;
    sendMessage({ text });
    setInput('');
  }

  return (
    <>
      {note && <p className="note">{note}</p>}
      <Messages messages={messages} answer={addToolApprovalResponse} />
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
      {busy && input.trim() && (
        <p className="note busy-note" role="status">
          The assistant is still answering: send this when the answer has ended. Your text stays here.
        </p>
      )}
      <p className="status" data-status={status}>{status}</p>
    </>
  );
}

// Messages shows a chat's messages; answer (absent while a chat loads)
// answers an approval.
function Messages({ messages, answer }) {
  return (
    <ol className="messages">
      {messages.map((m) => (
        <li key={m.id} className={'message ' + m.role} data-role={m.role}>
          <span className="who">{m.role === 'user' ? 'You' : 'Assistant'}</span>
          {m.parts.map((p, i) => (
            <Part key={i} part={p} answer={answer} />
          ))}
        </li>
      ))}
    </ol>
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
      {part.state === 'approval-requested' && answer && (
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
    <Root />
  </StrictMode>,
);
