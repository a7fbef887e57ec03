// A useChat client in Node: the `ai` package's own AbstractChat with its
// DefaultChatTransport, against the Go server at argv[2]; argv[4] is the
// node_modules holding the package, argv[5] the package's name there
// ("ai", the default, or "ai6", an alias of ai 6). It prints the chat's
// messages after each response, with the errors it saw, the version of
// the package, and every state a tool part went through, as JSON. What it
// does is argv[3]:
//
//   - approve, deny: send a message, and answer the approval the answer
//     asks for (approved, or denied with a reason) the way useChat does
//     (addToolApprovalResponse, sent by
//     lastAssistantMessageIsCompleteWithApprovalResponses);
//   - approve-resume: approve, and the answer's stream loses its connection
//     after RESUME_AFTER chunks; then reconnect (resumeStream);
//   - program: send a message, answer every approval the answer asks for
//     (approved; a program's calls ask one after another on its run_code
//     part, at most 5 times), then send a second message;
//   - send: send a message, then a second one (the server gets the chat's
//     messages as this client built them);
//   - resume: send a message whose stream the connection loses after
//     RESUME_AFTER chunks (a network error), then reconnect
//     (resumeStream), as a page does after a drop; and, meanwhile, a
//     second client loads the chat as a reloaded page does (the server's
//     messages, GET ?id=) and reconnects too.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [api, mode, modules, name = 'ai'] = process.argv.slice(2);
const RESUME_AFTER = 5;
// The package's ES module entry, as its exports name it (dist/index.mjs in
// ai 6, dist/index.js in ai 7).
const pkg = JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8'));
const {
  AbstractChat,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
} = await import(pathToFileURL(join(modules, name, pkg.exports['.'].import)).href);

// toolStates are the states of each tool part, by call id, in the order
// the client showed them.
const toolStates = {};

class State {
  status = 'ready';
  error = undefined;
  messages = [];
  pushMessage(m) { this.messages = [...this.messages, m]; see(m); }
  popMessage() { this.messages = this.messages.slice(0, -1); }
  replaceMessage(i, m) { this.messages = this.messages.map((x, j) => (j === i ? m : x)); see(m); }
  snapshot(t) { return structuredClone(t); }
}

function see(m) {
  for (const p of m.parts) {
    if (!p.toolCallId) continue;
    const s = JSON.stringify({ state: p.state, preliminary: p.preliminary ?? false, output: p.output ?? null });
    const seen = (toolStates[p.toolCallId] ??= []);
    if (seen.at(-1) !== s) seen.push(s);
  }
}

// cutFetch is fetch whose next cutPosts chat POSTs lose their connection
// after RESUME_AFTER events: the body errors as a dropped connection does,
// and the request is aborted.
let cutPosts = mode === 'resume' ? 1 : 0;
async function cutFetch(url, init) {
  if (init?.method !== 'POST' || cutPosts === 0) return fetch(url, init);
  cutPosts--;
  const abort = new AbortController();
  init.signal?.addEventListener('abort', () => abort.abort());
  const res = await fetch(url, { ...init, signal: abort.signal });
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let text = '';
  let events = 0;
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      text += decoder.decode(value, { stream: true });
      let end;
      while ((end = text.indexOf('\n\n')) >= 0) {
        controller.enqueue(encoder.encode(text.slice(0, end + 2)));
        text = text.slice(end + 2);
        if (++events === RESUME_AFTER) {
          abort.abort();
          controller.error(new TypeError('network error'));
          return;
        }
      }
    },
  });
  return new Response(body, { status: res.status, headers: res.headers });
}

function newChat(id, messages, fetch) {
  const chat = {
    finished: [],
    errors: [],
    wake: () => {},
  };
  const state = new State();
  state.messages = messages;
  chat.chat = new AbstractChat({
    id,
    state,
    transport: new DefaultChatTransport({ api, fetch }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onError: (e) => chat.errors.push(String(e.message ?? e)),
    onFinish: ({ finishReason, isError, isDisconnect }) => {
      chat.finished.push({ finishReason, isError, isDisconnect: isDisconnect ?? false });
      chat.wake();
    },
  });
  // nextFinish waits for the chat's nth response to end (10 s at most).
  chat.nextFinish = async (n) => {
    const deadline = Date.now() + 10000;
    while (chat.finished.length < n) {
      if (Date.now() > deadline) throw new Error('no response ended within 10 s');
      await new Promise((resolve) => { chat.wake = resolve; setTimeout(resolve, 100); });
    }
  };
  chat.step = () => ({ messages: structuredClone(chat.chat.messages), finish: chat.finished.at(-1) });
  return chat;
}

const out = { ai: pkg.version, steps: [] };
const first = newChat('chat-' + mode, [], cutFetch);
await first.chat.sendMessage({ text: 'Look up x, then write it.' });
await first.nextFinish(1);
out.steps.push(first.step());

if (mode === 'approve' || mode === 'deny' || mode === 'approve-resume') {
  const last = first.chat.messages.at(-1);
  const asking = last.parts.find((p) => p.state === 'approval-requested');
  if (asking) {
    cutPosts = mode === 'approve-resume' ? 1 : 0;
    await first.chat.addToolApprovalResponse(
      mode === 'deny'
        ? { id: asking.approval.id, approved: false, reason: 'not today' }
        : { id: asking.approval.id, approved: true },
    );
    await first.nextFinish(2);
    out.steps.push(first.step());
  }
  if (mode === 'approve-resume') {
    await first.chat.resumeStream();
    await first.nextFinish(3);
    out.steps.push(first.step());
  }
} else if (mode === 'program') {
  for (let n = 2; n <= 6; n++) {
    const asking = first.chat.messages.at(-1).parts.find((p) => p.state === 'approval-requested');
    if (!asking) break;
    await first.chat.addToolApprovalResponse({ id: asking.approval.id, approved: true });
    await first.nextFinish(n);
    out.steps.push(first.step());
  }
  await first.chat.sendMessage({ text: 'Thanks.' });
  await first.nextFinish(out.steps.length + 1);
  out.steps.push(first.step());
} else if (mode === 'send') {
  await first.chat.sendMessage({ text: 'And again.' });
  await first.nextFinish(2);
  out.steps.push(first.step());
} else if (mode === 'resume') {
  // A reloaded page: the chat's messages from the server, then a
  // reconnect.
  const res = await fetch(`${api}?id=${encodeURIComponent('chat-' + mode)}`);
  const history = await res.json();
  out.history = history;
  const reloaded = newChat('chat-' + mode, history.messages);
  await Promise.all([first.chat.resumeStream(), reloaded.chat.resumeStream()]);
  await first.nextFinish(2);
  await reloaded.nextFinish(1);
  out.steps.push(first.step());
  out.reloaded = reloaded.step();
  out.reloadedErrors = reloaded.errors;
}
out.errors = first.errors;
out.status = first.chat.status;
out.toolStates = toolStates;
console.log(JSON.stringify(out));
