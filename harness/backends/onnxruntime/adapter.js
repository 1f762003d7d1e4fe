#!/usr/bin/env node
'use strict';
// touchstone process adapter for ONNX Runtime (onnxruntime-node). Speaks the
// touchstone backend protocol, version 1 (../../PROTOCOL.md): a hello line,
// then one JSON request per stdin line answered by one JSON line on stdout.
// stdout carries protocol lines only; everything else goes to stderr.

// Anything that would print to stdout through console goes to stderr instead.
for (const level of ['log', 'info', 'debug', 'warn', 'trace', 'dir', 'table']) {
  console[level] = (...args) => process.stderr.write(`${args.map(String).join(' ')}\n`);
}

const readline = require('readline');

function send(message) {
  // Writes to pipes and files are synchronous on Linux, so a line is out
  // before the next request is read and before process.exit.
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

async function main() {
  const { sessionOptionsFromEnv, ortVersion } = require('./lib/ort_session');
  const { handleRequest } = require('./lib/handle_request');
  const options = sessionOptionsFromEnv();
  const version = ortVersion();
  send({
    hello: 'touchstone-backend',
    protocol: 1,
    backend: 'onnxruntime',
    version,
    runtime: `onnxruntime-node ${version}`,
    node: process.version,
    options: { threads: options.intraOpNumThreads, opt_level: options.graphOptimizationLevel },
  });

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
    send(await handleRequest(req, options));
  }
  process.exit(0);
}

process.on('unhandledRejection', (e) => {
  process.stderr.write(`touchstone-ort: unhandled rejection: ${e && e.stack ? e.stack : e}\n`);
});

main().catch((e) => {
  // Only start-up failures get here (the ORT module does not load, bad
  // options); per-request failures are answered as `error`.
  process.stderr.write(`touchstone-ort: cannot start: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
