'use strict';
// The protocol's framing for a Node.js adapter (../../../PROTOCOL.md): stdout carries
// protocol lines only (console output goes to stderr), the hello line, then one JSON
// request per stdin line answered by one line, until shutdown or end of input.
// Shared by the ONNX Runtime, onnxruntime-web and onnxjs adapters.

const readline = require('readline');

// Anything that would print to stdout through console goes to stderr instead.
function quietConsole() {
  for (const level of ['log', 'info', 'debug', 'warn', 'trace', 'dir', 'table']) {
    console[level] = (...args) => process.stderr.write(`${args.map(String).join(' ')}\n`);
  }
}

function send(message) {
  // Writes to pipes and files are synchronous on Linux, so a line is out
  // before the next request is read and before process.exit.
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

// Says hello, then answers each request with `await handle(request)`, in order; exits 0 at
// the end. Requests are read line by line as they arrive, so the hello says "pipelining":
// the runner may write the next request before this one is answered (PROTOCOL.md).
async function serve(hello, handle) {
  send({ ...hello, pipelining: true });
  const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let req;
    try {
      req = JSON.parse(line);
      if (req === null || typeof req !== 'object' || Array.isArray(req)) throw new Error('not a JSON object');
    } catch (e) {
      send({ id: null, status: 'error', message: `bad request: ${e.message}` });
      continue;
    }
    if (req.shutdown === true) break;
    send(await handle(req));
  }
  process.exit(0);
}

module.exports = { quietConsole, send, serve };
