#!/usr/bin/env node
'use strict';
// Smoke test of the onnxjs adapter through the protocol, on both onnxjs backends:
// ONNX node tests it runs (outputs equal the stored ones), one it cannot resolve
// (BitShift: unsupported), a sequence-valued graph (unsupported before loading),
// element types it lacks (unsupported), a file that is not a model (rejected), a bad
// request (error), and a clean shutdown. Exits 77 (skipped) when onnxjs is not installed.
//
//   node selftest.js [node-test-dir]     (default /usr/share/libonnx-testdata/data/node)

const { spawn } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const readline = require('readline');
const { readTensorFile } = require('../onnxruntime/lib/tensor_proto');
const { dataFiles } = require('../onnxruntime/lib/suite');
const { compareTensors } = require('../onnxruntime/selftest');

const kNodeTests = process.argv[2] || '/usr/share/libonnx-testdata/data/node';

function nodeTest(name, expect) {
  const dir = path.join(kNodeTests, name);
  return {
    name, expect,
    request: { model: path.join(dir, 'model.onnx'), inputs: dataFiles(path.join(dir, 'test_data_set_0'), 'input') },
    expected: expect === 'ok' ? dataFiles(path.join(dir, 'test_data_set_0'), 'output') : [],
  };
}

async function runBackend(backend, work, report) {
  const adapter = spawn(process.execPath, [path.join(__dirname, 'adapter.js')], {
    stdio: ['pipe', 'pipe', 'inherit'], env: { ...process.env, TOUCHSTONE_ONNXJS_BACKEND: backend },
  });
  const lines = readline.createInterface({ input: adapter.stdout })[Symbol.asyncIterator]();
  const nextLine = async () => {
    const { value, done } = await lines.next();
    if (done) throw new Error('adapter closed stdout');
    return JSON.parse(value);
  };
  const hello = await nextLine();
  report(hello.backend === 'onnxjs' && hello.options.backend === backend, `${backend}: hello line`, hello.runtime);
  const notModel = path.join(work, 'not_a_model.onnx');
  fs.writeFileSync(notModel, 'not a model');
  const checks = [
    nodeTest('test_add', 'ok'),
    nodeTest('test_relu', 'ok'),
    nodeTest('test_matmul_2d', 'ok'),
    nodeTest('test_and2d', 'ok'),
    nodeTest('test_bitshift_left_uint16', 'unsupported'),
    nodeTest('test_identity_sequence', 'unsupported'),
    nodeTest('test_cast_FLOAT_to_DOUBLE', 'unsupported'),
    { name: 'not a model', expect: 'rejected', request: { model: notModel, inputs: [] }, expected: [] },
    { name: 'bad request', expect: 'error', request: { model: 3 }, expected: [] },
  ];
  for (const [i, check] of checks.entries()) {
    const id = `${backend}${i}`;
    adapter.stdin.write(`${JSON.stringify({ id, ...check.request, output_dir: path.join(work, id) })}\n`);
    const res = await nextLine();
    if (res.status !== check.expect) {
      report(false, `${backend}: ${check.name}`, `expected ${check.expect}, got ${res.status}: ${res.message || ''}`);
      continue;
    }
    let problem = '';
    if (res.status === 'ok') {
      if (res.outputs.length !== check.expected.length) problem = `${res.outputs.length} outputs, ${check.expected.length} expected`;
      res.outputs.forEach((file, k) => {
        if (!problem) problem = compareTensors(readTensorFile(file), readTensorFile(check.expected[k]));
      });
    }
    report(!problem, `${backend}: ${check.name}`, problem || res.status);
  }
  adapter.stdin.write('{"id":"end","shutdown":true}\n');
  const code = await new Promise((resolve) => adapter.on('exit', resolve));
  report(code === 0, `${backend}: clean shutdown`, `exit ${code}`);
}

async function main() {
  if (!fs.existsSync(path.join(__dirname, 'node_modules', 'onnxjs'))) {
    process.stdout.write('onnxjs is not installed (harness/backends/install.sh onnxjs): skipped\n');
    process.exit(77);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'touchstone-onnxjs-selftest-'));
  let passed = 0;
  let failed = 0;
  const report = (ok, name, detail) => {
    if (ok) passed += 1; else failed += 1;
    process.stdout.write(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? `  (${detail})` : ''}\n`);
  };
  for (const backend of ['cpu', 'wasm']) await runBackend(backend, work, report);
  fs.rmSync(work, { recursive: true, force: true });
  process.stdout.write(`${passed} passed, ${failed} failed\n`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  process.stderr.write(`selftest: ${e.stack}\n`);
  process.exit(1);
});
