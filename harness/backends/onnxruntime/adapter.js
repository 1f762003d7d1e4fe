#!/usr/bin/env node
'use strict';
// touchstone process adapter for ONNX Runtime (onnxruntime-node). Speaks the
// touchstone backend protocol, version 1 (../../PROTOCOL.md): a hello line,
// then one JSON request per stdin line answered by one JSON line on stdout.
// stdout carries protocol lines only; everything else goes to stderr.

const { quietConsole, serve } = require('./lib/serve');

quietConsole();

// `runtime` (onnxruntime-node or onnxruntime-web) and the folder whose node_modules holds it.
async function main(backend = 'onnxruntime', runtime = 'onnxruntime-node', dir = __dirname) {
  const { useRuntime, sessionOptionsFromEnv, optionsSummary } = require('./lib/ort_session');
  const { handleRequest } = require('./lib/handle_request');
  const { version } = useRuntime(runtime, dir);
  const options = sessionOptionsFromEnv();
  await serve({
    hello: 'touchstone-backend',
    protocol: 1,
    backend,
    version,
    runtime: `${runtime} ${version}`,
    node: process.version,
    options: optionsSummary(options),
  }, (req) => handleRequest(req, options));
}

process.on('unhandledRejection', (e) => {
  process.stderr.write(`touchstone-ort: unhandled rejection: ${e && e.stack ? e.stack : e}\n`);
});

function start(...args) {
  main(...args).catch((e) => {
    // Only start-up failures get here (the ORT module does not load, bad
    // options); per-request failures are answered as `error`.
    process.stderr.write(`touchstone-ort: cannot start: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
  });
}

if (require.main === module) start();
module.exports = { start };
