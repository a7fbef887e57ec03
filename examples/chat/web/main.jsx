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
// A page loaded while an answer of the chat streams (a reload mid-answer, a
// second tab) reconnects to it (useChat's resume, which GETs
// /api/chat/<id>/stream) and gets the rest.
//
// A tool's progress comes as a preliminary output of its call (search_mail
// reports each folder it has read, with the hits so far), shown until the
// result replaces it.
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
      <p className="hint">Try “What's the weather in Paris?”, “Search my mail for invoice” or “Email ana@example.com that I am late.”</p>
      <Loader key={chatId} chatId={chatId} />
    </main>
  );
}

// Loader gets the chat's messages from the server, then shows the chat;
// while an answer of the chat is still streaming on the server, the chat
// reconnects to it.
function Loader({ chatId }) {
  const [loaded, setLoaded] = useState(freshIds.has(chatId) ? { messages: [] } : null);
  const [failure, setFailure] = useState(null);
  useEffect(() => {
    if (loaded) return;
    let cancelled = false;
    (async () => {
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
      if (!cancelled) setLoaded({ messages: h.messages, resume: h.streaming });
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
        <Messages messages={[]} />
        <p className="note" role="status">
          Loading the chat…
        </p>
      </>
    );
  }
  return <Chat chatId={chatId} initialMessages={loaded.messages} resume={loaded.resume} note={loaded.note} />;
}

function Chat({ chatId, initialMessages, resume, note }) {
  const [input, setInput] = useState('');
  const { messages, sendMessage, addToolApprovalResponse, status, error } = useChat({
    id: chatId,
    messages: initialMessages,
    resume: resume === true,
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
  const running = part.state === 'output-available' && part.preliminary === true;
  return (
    <div className="tool" data-tool={name} data-state={part.state} data-preliminary={running ? 'true' : undefined}>
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
      {part.state === 'output-available' &&
        (name === 'search_mail' ? (
          <MailSearch found={part.output} running={running} />
        ) : (
          <div className="output">→ {show(part.output)}</div>
        ))}
      {part.state === 'output-error' && <div className="output failed">failed: {part.errorText}</div>}
      {part.state === 'output-denied' && <div className="output denied">denied: not run</div>}
    </div>
  );
}

// MailSearch shows search_mail's output: while it runs, the folders read
// so far and the hits in them; then every hit.
function MailSearch({ found, running }) {
  const hits = found?.hits ?? [];
  return (
    <div className={running ? 'output progress' : 'output'}>
      {running ? (
        <span className="reading">
          Reading folders… {found?.read?.length ?? 0} of {found?.of ?? '?'} read ({(found?.read ?? []).join(', ')}),{' '}
          {hits.length} {hits.length === 1 ? 'hit' : 'hits'} so far
        </span>
      ) : (
        <span className="done">
          → {hits.length} {hits.length === 1 ? 'email' : 'emails'} in {found?.read?.length ?? 0} folders
        </span>
      )}
      <ul className="hits">
        {hits.map((h, i) => (
          <li key={i}>
            {h.subject} <span className="from">({h.from}, {h.folder})</span>
          </li>
        ))}
      </ul>
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
