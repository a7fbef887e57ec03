// An MCP server written with the official TypeScript SDK, for the Go
// client's interop tests (mcp/interop_sdk_test.go):
//
//	node server.mjs SDK_DIR stdio
//	node server.mjs SDK_DIR stdio-silent    (never answers server/discover)
//	node server.mjs SDK_DIR http            (one session per initialize)
//	node server.mjs SDK_DIR http-stateless  (no sessions)
//	node server.mjs SDK_DIR versions        (prints the versions it speaks)
//
// SDK_DIR is the installed @modelcontextprotocol/sdk. Over HTTP it listens
// on 127.0.0.1 at a free port and prints "listening on URL" once ready.
// It lists two tools: echo, whose input schema uses the keywords of JSON
// Schema 2020-12 that a client must pass on as written, and which answers
// its arguments as text and as structured content; and fail, which fails.
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [sdkDir, mode] = process.argv.slice(2);
const load = (p) => import(pathToFileURL(join(sdkDir, 'dist', 'esm', p)).href);
const { Server } = await load('server/index.js');
const { StdioServerTransport } = await load('server/stdio.js');
const { StreamableHTTPServerTransport } = await load('server/streamableHttp.js');
const { ListToolsRequestSchema, CallToolRequestSchema, SUPPORTED_PROTOCOL_VERSIONS } = await load('types.js');

// echoInput is sent exactly as written: the Go test compares bytes.
const echoInput = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  $defs: {
    word: { $anchor: 'word', type: 'string', minLength: 1 },
    times: { type: 'integer', minimum: 1 },
  },
  properties: {
    text: { $ref: '#/$defs/word' },
    times: { $ref: '#/$defs/times' },
    profile: { $ref: 'http://127.0.0.1:1/profile.json' },
  },
  required: ['text'],
  allOf: [{ anyOf: [{ required: ['text'] }, { required: ['times'] }] }],
  if: { required: ['times'] },
  then: { properties: { times: { maximum: 3 } } },
  else: {},
  additionalProperties: false,
};

const echoOutput = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
};

function newServer() {
  const server = new Server({ name: 'ts-interop', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: 'echo', description: 'Says the text back.', inputSchema: echoInput, outputSchema: echoOutput,
        annotations: { readOnlyHint: true } },
      { name: 'fail', description: 'Always fails.', inputSchema: { type: 'object' } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const args = req.params.arguments ?? {};
    if (req.params.name === 'echo') {
      const text = String(args.text ?? '').repeat(args.times ?? 1);
      return { content: [{ type: 'text', text }], structuredContent: { text } };
    }
    if (req.params.name === 'fail') {
      return { content: [{ type: 'text', text: 'failed on purpose' }], isError: true };
    }
    throw new Error(`unknown tool ${req.params.name}`);
  });
  return server;
}

async function readBody(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body ? JSON.parse(body) : undefined;
}

// serveStateful keeps one transport per session, made by initialize.
function serveStateful() {
  const sessions = new Map();
  return async (req, res) => {
    const id = req.headers['mcp-session-id'];
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    let transport = id ? sessions.get(id) : undefined;
    if (!transport && !id && body?.method === 'initialize') {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => sessions.set(sid, transport),
      });
      transport.onclose = () => transport.sessionId && sessions.delete(transport.sessionId);
      await newServer().connect(transport);
    }
    if (!transport) {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Bad Request: no valid session' } }));
      return;
    }
    await transport.handleRequest(req, res, body);
  };
}

// serveStateless answers each request with a server of its own.
function serveStateless() {
  return async (req, res) => {
    const body = req.method === 'POST' ? await readBody(req) : undefined;
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = newServer();
    res.on('close', () => { transport.close(); server.close(); });
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  };
}

if (mode === 'versions') {
  console.log(JSON.stringify(SUPPORTED_PROTOCOL_VERSIONS));
} else if (mode === 'stdio' || mode === 'stdio-silent') {
  const transport = new StdioServerTransport();
  await newServer().connect(transport);
  if (mode === 'stdio-silent') {
    // As a server of an older version may do with a request before
    // initialize: say nothing.
    const handle = transport.onmessage;
    transport.onmessage = (msg, extra) => {
      if (msg.method !== 'server/discover') handle(msg, extra);
    };
  }
  process.stdin.on('end', () => process.exit(0));
} else if (mode === 'http' || mode === 'http-stateless') {
  const handle = mode === 'http' ? serveStateful() : serveStateless();
  const http = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(err));
    });
  });
  http.listen(0, '127.0.0.1', () => {
    console.log(`listening on http://127.0.0.1:${http.address().port}/mcp`);
  });
} else {
  console.error('usage: node server.mjs SDK_DIR stdio|stdio-silent|http|http-stateless|versions');
  process.exit(2);
}
