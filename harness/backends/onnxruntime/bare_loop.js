#!/usr/bin/env node
'use strict';
// Baseline for the runner's speed: every case of a suite (ONNX backend-test
// layout) through onnxruntime-node in one process, in a bare loop — load the
// session, feed test_data_set_0's inputs, run, touch the outputs. No protocol,
// no output files, no comparison. Prints one JSON object on stdout.
//
//   node bare_loop.js <suite-dir> [--verbose] [--shard K/N]
// --verbose prints one line per failed case (status and ORT's message) on stderr.
// --shard K/N runs the cases whose place in the sorted list is K modulo N (0 <= K < N),
// so that N loops side by side share a suite as `touchstone run --jobs N` would.

const path = require('path');
const { createSession, sessionOptionsFromEnv, feedTensor, checkExpressible, ortVersion, optionsSummary, UnsupportedError } = require('./lib/ort_session');
const { hasNonTensor } = require('./lib/non_tensor');
const { readTensorFile, readRegularFile } = require('./lib/tensor_proto');
const { modelInfo } = require('./lib/model_info');
const { listCases, dataFiles } = require('./lib/suite');
const { classifyLoadError, classifyRunError } = require('./lib/classify');

async function runCase(caseDir, options) {
  const modelPath = path.join(caseDir, 'model.onnx');
  const modelBytes = readRegularFile(modelPath);
  const info = modelInfo(modelBytes);
  let session;
  try {
    // As the adapter loads it: from the bytes read, by path when there is external data.
    session = await createSession(modelPath, modelBytes, [], options, info.externalLocations.length === 0);
  } catch (e) {
    return classifyLoadError(e);
  }
  try {
    const files = dataFiles(path.join(caseDir, 'test_data_set_0'), 'input');
    checkExpressible(info.feeds.slice(0, files.length), 'input');
    checkExpressible(info.outputs, 'output');
    // The speed baseline feeds tensors only (the adapter's rewrite for sequences is not timed here).
    if (hasNonTensor(info)) throw new UnsupportedError('bare_loop.js runs tensor-only cases');
    const feeds = {};
    files.forEach((file, i) => {
      const input = info.feeds[i];
      if (!input) throw new Error(`more input files than graph inputs`);
      feeds[input.name] = feedTensor(readTensorFile(file), input.elemType);
    });
    const results = await session.run(feeds);
    for (const name of session.outputNames) void results[name].data;
    return { status: 'ok' };
  } catch (e) {
    return classifyRunError(e);
  } finally {
    await session.release();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const verbose = args.includes('--verbose');
  const shardAt = args.indexOf('--shard');
  const shard = shardAt >= 0 ? /^(\d+)\/(\d+)$/.exec(args[shardAt + 1] || '') : [null, '0', '1'];
  const suite = args.find((a, i) => !a.startsWith('--') && (shardAt < 0 || i !== shardAt + 1));
  if (!suite || !shard || Number(shard[1]) >= Number(shard[2])) {
    process.stderr.write('usage: node bare_loop.js <suite-dir> [--verbose] [--shard K/N]\n');
    process.exit(2);
  }
  const options = sessionOptionsFromEnv();
  const cases = listCases(suite).filter((_, i) => i % Number(shard[2]) === Number(shard[1]));
  const counts = { ok: 0, unsupported: 0, rejected: 0, error: 0 };
  const start = process.hrtime.bigint();
  for (const name of cases) {
    let result;
    try {
      result = await runCase(path.join(suite, name), options);
    } catch (e) {
      result = { status: 'error', message: e.message };
    }
    counts[result.status] += 1;
    if (verbose && result.status !== 'ok') {
      process.stderr.write(`${name}\t${result.status}\t${String(result.message).split('\n')[0]}\n`);
    }
  }
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  process.stdout.write(JSON.stringify({
    suite: path.resolve(suite),
    runtime: `onnxruntime-node ${ortVersion()}`,
    options: optionsSummary(options),
    cases: cases.length,
    ok: counts.ok,
    failed: cases.length - counts.ok,
    by_status: counts,
    wall_ms: Math.round(wallMs),
    ms_per_case: Number((wallMs / Math.max(cases.length, 1)).toFixed(3)),
  }) + '\n');
}

main().catch((e) => {
  process.stderr.write(`${e.stack}\n`);
  process.exit(1);
});
