#!/usr/bin/env node
'use strict';
// touchstone process adapter for onnxjs 0.1.8, an independent JavaScript ONNX
// runtime (no longer developed), on its `cpu` backend (plain JavaScript
// kernels) or its `wasm` backend (a few WebAssembly kernels, the rest on cpu):
// TOUCHSTONE_ONNXJS_BACKEND=cpu|wasm (default cpu). Speaks the touchstone
// backend protocol v1 (../../PROTOCOL.md); the TensorProto codec and the model
// reader are the ONNX Runtime adapter's (../onnxruntime/lib).

const { quietConsole, serve } = require('../onnxruntime/lib/serve');

quietConsole();
// Node's global fetch makes onnxjs's Emscripten loader try to fetch its .wasm
// file as a URL (and abort); without it the loader reads the file from disk.
globalThis.fetch = undefined;

const fs = require('fs');
const path = require('path');
const { readTensorFile, writeTensorFile, maxTensorBytes } = require('../onnxruntime/lib/tensor_proto');
const { modelInfo } = require('../onnxruntime/lib/model_info');
const { dtypeOf } = require('../onnxruntime/lib/dtypes');

const kBackends = ['cpu', 'wasm'];
// The element types onnxjs's public Tensor carries (its Tensor.DataTypeMap).
const kTypes = new Map([[1, 'float32'], [6, 'int32'], [9, 'bool']]);
const kTypeCodes = new Map([['float32', 1], ['int32', 6], ['bool', 9]]);

class Unsupported extends Error {}

function typeName(code) {
  try {
    return dtypeOf(code).name;
  } catch (e) {
    return `element type ${code}`;
  }
}

// What onnxjs cannot carry: non-tensor values and element types outside its three.
function checkValues(values, what) {
  for (const v of values) {
    if (v.kind !== 'tensor') throw new Unsupported(`graph ${what} '${v.name}' is a ${v.kind} value; onnxjs carries tensors only`);
    if (v.elemType && !kTypes.has(v.elemType)) {
      throw new Unsupported(`graph ${what} '${v.name}' has element type ${typeName(v.elemType)}; onnxjs tensors are float32, int32 or bool only`);
    }
  }
}

// [status, pattern]: onnxjs throws plain Errors; the first matching rule wins.
const kRules = [
  ['unsupported', /unrecognized operator|cannot resolve operator/i],
  ['unsupported', /\bnot (yet )?(supported|implemented)\b/i],
  ['unsupported', /unsupported (data |tensor |attribute )?type/i],
];

function classify(e, fallback) {
  const message = String(e && e.message !== undefined ? e.message : e).trim();
  if (e instanceof Unsupported) return { status: 'unsupported', message };
  for (const [status, pattern] of kRules) if (pattern.test(message)) return { status, message };
  return { status: fallback, message };
}

async function handle(onnx, backend, req) {
  const id = req && typeof req.id === 'string' ? req.id : null;
  if (id === null || typeof req.model !== 'string' || !Array.isArray(req.inputs) || typeof req.output_dir !== 'string') {
    return { id, status: 'error', message: 'bad request: needs "id", "model", "inputs" and "output_dir"' };
  }
  let info;
  let session;
  try {
    const modelPath = path.resolve(req.model);
    const stat = fs.statSync(modelPath);
    if (!stat.isFile() || stat.size > maxTensorBytes()) {
      return { id, status: 'rejected', message: `${modelPath}: not a regular file or over the size limit` };
    }
    const bytes = fs.readFileSync(modelPath);
    try {
      info = modelInfo(bytes);
    } catch (e) {
      return { id, status: 'rejected', message: `not a readable ModelProto: ${e.message}` };
    }
    if (info.externalLocations.length) return { id, status: 'unsupported', message: 'the model keeps initializers in external data, which onnxjs cannot read' };
    // onnxjs cannot even load a graph with sequence or optional values: decided before loading.
    for (const v of [...info.inputs, ...info.outputs]) {
      if (v.kind !== 'tensor') return { id, status: 'unsupported', message: `graph value '${v.name}' is a ${v.kind}; onnxjs carries tensors only` };
    }
    const loadStart = process.hrtime.bigint();
    try {
      session = new onnx.InferenceSession({ backendHint: backend });
      await session.loadModel(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length));
    } catch (e) {
      return { id, ...classify(e, 'rejected') };
    }
    const loadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;
    const names = Array.isArray(req.input_names) ? req.input_names : info.feeds.map((v) => v.name);
    const declared = new Map(info.inputs.map((v) => [v.name, v]));
    checkValues(names.slice(0, req.inputs.length).map((n) => declared.get(n) || { name: n, kind: 'tensor' }), 'input');
    checkValues(info.outputs, 'output');
    const feeds = new Map();
    req.inputs.forEach((file, i) => {
      const t = readTensorFile(path.resolve(file));
      const type = kTypes.get(t.dtype.code);
      if (!type) throw new Unsupported(`input '${names[i]}' has element type ${t.dtype.name}; onnxjs tensors are float32, int32 or bool only`);
      feeds.set(names[i], new onnx.Tensor(type === 'bool' ? Array.from(t.data, Boolean) : t.data, type, t.dims));
    });
    const start = process.hrtime.bigint();
    const results = await session.run(feeds);
    const timeMs = Number(process.hrtime.bigint() - start) / 1e6;
    const outDir = path.resolve(req.output_dir);
    fs.mkdirSync(outDir, { recursive: true });
    const outputNames = info.outputs.map((v) => v.name);
    const outputs = outputNames.map((name, i) => {
      const value = results.get(name);
      if (!value) throw new Error(`onnxjs returned no output '${name}'`);
      const code = kTypeCodes.get(value.type);
      if (!code) throw new Unsupported(`onnxjs returned output '${name}' of type '${value.type}'`);
      const data = value.type === 'bool' ? Uint8Array.from(value.data, (b) => (b ? 1 : 0)) : value.data;
      const file = path.join(outDir, `output_${i}.pb`);
      writeTensorFile(file, { name, dtype: dtypeOf(code), dims: Array.from(value.dims), data });
      return file;
    });
    return { id, status: 'ok', outputs, output_names: outputNames, time_ms: Number(timeMs.toFixed(3)), load_ms: Number(loadMs.toFixed(3)) };
  } catch (e) {
    return { id, ...classify(e, 'error') };
  }
}

async function main() {
  const backend = process.env.TOUCHSTONE_ONNXJS_BACKEND || 'cpu';
  if (!kBackends.includes(backend)) throw new Error(`TOUCHSTONE_ONNXJS_BACKEND must be one of ${kBackends.join(', ')}, got '${backend}'`);
  const onnx = require(require.resolve('onnxjs', { paths: [__dirname] }));
  const version = JSON.parse(fs.readFileSync(path.join(__dirname, 'node_modules', 'onnxjs', 'package.json'), 'utf8')).version;
  await serve({ hello: 'touchstone-backend', protocol: 1, backend: 'onnxjs', version, runtime: `onnxjs ${version} (${backend})`,
    node: process.version, options: { backend } }, (req) => handle(onnx, backend, req));
}

process.on('unhandledRejection', (e) => {
  process.stderr.write(`touchstone-onnxjs: unhandled rejection: ${e && e.stack ? e.stack : e}\n`);
});

main().catch((e) => {
  process.stderr.write(`touchstone-onnxjs: cannot start: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
