// Connects the official TypeScript SDK's client to the MCP server at the
// URL given as the first argument, lists its tools, calls the tool named
// second with the JSON arguments third, and prints what it saw as JSON:
// the negotiated protocol version, the session id, the tools' names and
// the call's text. Run by TestTypeScriptClientInterop; the SDK is imported
// from the node_modules folder named by the environment's NPM_MODULES (ES
// modules do not read NODE_PATH).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const sdk = (p) => import(pathToFileURL(join(process.env.NPM_MODULES, '@modelcontextprotocol', 'sdk', 'dist', 'esm', p)).href);
const { Client } = await sdk('client/index.js');
const { StreamableHTTPClientTransport } = await sdk('client/streamableHttp.js');

const [url, tool, args] = process.argv.slice(2);
const transport = new StreamableHTTPClientTransport(new URL(url));
const client = new Client({ name: 'toolgen-interop', version: '1.0.0' });
await client.connect(transport);
const listed = await client.listTools();
const called = await client.callTool({ name: tool, arguments: JSON.parse(args) });
console.log(JSON.stringify({
  protocolVersion: transport.protocolVersion,
  sessionId: transport.sessionId ?? '',
  tools: listed.tools.map((t) => t.name),
  text: called.content.filter((c) => c.type === 'text').map((c) => c.text).join(''),
  isError: called.isError ?? false,
}));
await client.close();
