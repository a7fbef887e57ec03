// A useChat client in Node: the `ai` package's own AbstractChat with its
// DefaultChatTransport, against the Go server at argv[2]; argv[4] is the
// node_modules holding `ai`. It sends a user message, answers the approval
// the answer asks for (approved when argv[3] is "approve", else denied,
// with a reason) the way useChat does
// (addToolApprovalResponse, sent by
// lastAssistantMessageIsCompleteWithApprovalResponses), and prints the
// chat's messages after each response, with the errors it saw and the
// version of `ai`, as JSON.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [api, mode, modules] = process.argv.slice(2);
// The package's ES module entry, as its exports name it (dist/index.mjs in
// ai 6, dist/index.js in ai 7).
const pkg = JSON.parse(readFileSync(join(modules, 'ai', 'package.json'), 'utf8'));
const {
  AbstractChat,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithApprovalResponses,
} = await import(pathToFileURL(join(modules, 'ai', pkg.exports['.'].import)).href);

class State {
  status = 'ready';
  error = undefined;
  messages = [];
  pushMessage(m) { this.messages = [...this.messages, m]; }
  popMessage() { this.messages = this.messages.slice(0, -1); }
  replaceMessage(i, m) { this.messages = this.messages.map((x, j) => (j === i ? m : x)); }
  snapshot(t) { return structuredClone(t); }
}

const finished = [];
let wake = () => {};
const errors = [];
const chat = new AbstractChat({
  id: 'chat-' + mode,
  state: new State(),
  transport: new DefaultChatTransport({ api }),
  sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
  onError: (e) => errors.push(String(e.message ?? e)),
  onFinish: ({ finishReason, isError }) => { finished.push({ finishReason, isError }); wake(); },
});

// nextFinish waits for the chat's next response to end (10 s at most).
async function nextFinish(n) {
  const deadline = Date.now() + 10000;
  while (finished.length < n) {
    if (Date.now() > deadline) throw new Error('no response ended within 10 s');
    await new Promise((resolve) => { wake = resolve; setTimeout(resolve, 100); });
  }
}

const out = { ai: pkg.version, steps: [] };
await chat.sendMessage({ text: 'Look up x, then write it.' });
await nextFinish(1);
out.steps.push({ messages: structuredClone(chat.messages), finish: finished[0] });

const last = chat.messages.at(-1);
const asking = last.parts.find((p) => p.state === 'approval-requested');
if (asking) {
  await chat.addToolApprovalResponse(
    mode === 'approve'
      ? { id: asking.approval.id, approved: true }
      : { id: asking.approval.id, approved: false, reason: 'not today' },
  );
  await nextFinish(2);
  out.steps.push({ messages: structuredClone(chat.messages), finish: finished[1] });
}
out.errors = errors;
out.status = chat.status;
console.log(JSON.stringify(out));
