// An AG-UI client in Node: the official @ag-ui/client's HttpAgent, against
// the Go handler at argv[2]; argv[4] is the node_modules holding it. In
// mode "approve" or "deny" (argv[3]) it sends a user message, answers the
// interrupt the run ends with (approved, or denied with a reason) in a
// resume run, then sends another message on the thread; in mode
// "program" it answers the interrupts of each run that ends with some
// (approved; a program's calls ask one after another, at most 5 runs),
// then sends another message; in mode "error"
// it sends one message, which the server fails. It prints, as JSON, each
// run's event types and end, the agent's messages and state after each
// run, its pending interrupts, and every warning or error the client
// logged (the client warns about events it strips or cannot apply).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [url, mode, modules] = process.argv.slice(2);
const dir = join(modules, '@ag-ui', 'client');
const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const { HttpAgent, buildResumeArray } = await import(pathToFileURL(join(dir, pkg.exports['.'].import)).href);

const logged = [];
for (const level of ['warn', 'error']) {
  console[level] = (...args) => logged.push(`${level}: ${args.map(String).join(' ')}`);
}

const agent = new HttpAgent({ url, threadId: 'thread-' + mode });
const out = { client: pkg.version, runs: [] };

// run runs the agent once (within 10 s) and records what it saw.
async function run(parameters) {
  const seen = { types: [], end: null };
  const subscriber = {
    onEvent: ({ event }) => { seen.types.push(event.type); },
    onRunFinishedEvent: ({ outcome, result, interrupts, pendingToolCallIds }) => {
      seen.end = { outcome, result, interrupts, pendingToolCallIds };
    },
    onRunErrorEvent: ({ event }) => { seen.end = { outcome: 'error', message: event.message, code: event.code }; },
  };
  let timer;
  const timeout = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('no run ended within 10 s')), 10000); });
  try {
    const result = await Promise.race([agent.runAgent(parameters, subscriber), timeout]);
    seen.result = result.result;
  } catch (e) {
    seen.thrown = String(e.message ?? e);
  } finally {
    clearTimeout(timer);
  }
  seen.messages = structuredClone(agent.messages);
  seen.state = structuredClone(agent.state);
  seen.pendingInterrupts = structuredClone(agent.pendingInterrupts);
  out.runs.push(seen);
}

agent.addMessage({ id: 'u1', role: 'user', content: mode === 'error' ? 'Hello?' : 'Look up x, then write it.' });
await run();
if (mode === 'program') {
  for (let n = 0; n < 5 && agent.pendingInterrupts.length > 0; n++) {
    const answers = {};
    for (const i of agent.pendingInterrupts) answers[i.id] = { status: 'resolved', payload: { approved: true } };
    await run({ resume: buildResumeArray(agent.pendingInterrupts, answers) });
  }
  agent.addMessage({ id: 'u2', role: 'user', content: 'Thanks.' });
  await run();
} else if (mode !== 'error' && agent.pendingInterrupts.length > 0) {
  const answers = {};
  for (const i of agent.pendingInterrupts) {
    answers[i.id] = mode === 'approve'
      ? { status: 'resolved', payload: { approved: true } }
      : { status: 'resolved', payload: { approved: false, reason: 'not today' } };
  }
  await run({ resume: buildResumeArray(agent.pendingInterrupts, answers) });
  agent.addMessage({ id: 'u2', role: 'user', content: 'Thanks.' });
  await run();
}
out.logged = logged;
process.stdout.write(JSON.stringify(out) + '\n');
