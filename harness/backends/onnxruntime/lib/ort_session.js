'use strict';
// Everything that touches the ONNX Runtime JS API: session options from the
// environment, building input tensors from TensorProto files, reading outputs.
// Shared by adapter.js and bare_loop.js so both measure the same work, and by
// ../onnxruntime-web/adapter.js, which drives the WebAssembly build through the
// same API (onnxruntime-common): `useRuntime('onnxruntime-web', dir)` before
// anything else selects it; otherwise onnxruntime-node is used.

const fs = require('fs');
const path = require('path');

// StringNormalizer builds an en_US.UTF-8 locale; where the system has not
// generated it, install.sh compiles a private copy here and glibc finds it
// through LOCPATH (read at each locale lookup, so setting it here suffices).
const kPrivateLocales = path.join(__dirname, '..', '.locale');
if (!process.env.LOCPATH && fs.existsSync(path.join(kPrivateLocales, 'en_US.UTF-8'))) {
  process.env.LOCPATH = kPrivateLocales;
}

// ONNX Runtime's telemetry keeps an SQLite event store in ~/.cache/Microsoft/DeveloperTools
// and writes to it at every session: about 100 file-locking system calls per case, 45% of a
// small case's time (measured: the node tests through bare_loop.js, 5.5 s with it, 3.0 s
// without), and files outside the backend's folder. Off unless the caller chose; ORT reads
// the variable when its environment starts, after this line.
if (process.env.ORT_DISABLE_TELEMETRY === undefined) process.env.ORT_DISABLE_TELEMETRY = '1';

const { dtypeOf, dtypeOfOrt, UnsupportedError } = require('./dtypes');
const { carried } = require('./non_tensor');

// The runtime in use: { name, ort (the module), version, wasm (bool) }.
let runtime = null;

// Selects the JS package to drive; `dir` is the folder whose node_modules holds it.
function useRuntime(name, dir = path.join(__dirname, '..')) {
  if (name !== 'onnxruntime-node' && name !== 'onnxruntime-web') throw new Error(`unknown ONNX Runtime package '${name}'`);
  const main = require.resolve(name, { paths: [dir] });
  const ort = require(main);
  // The package's own version (its package.json is not exported, so read where it was resolved).
  const version = (ort.env && ort.env.versions && ort.env.versions[name.slice('onnxruntime-'.length)]) || 'unknown';
  runtime = { name, ort, version, wasm: name === 'onnxruntime-web' };
  if (runtime.wasm) {
    // One WebAssembly thread, no proxy worker: one case at a time, in this process.
    runtime.ort.env.wasm.numThreads = 1;
    runtime.ort.env.wasm.proxy = false;
  }
  return runtime;
}

function currentRuntime() {
  return runtime || useRuntime('onnxruntime-node');
}

const kOptLevels = ['disabled', 'basic', 'extended', 'layout', 'all'];

// Session options. Conformance wants ORT's kernels as they are, so graph
// optimizations (fusions, constant folding, layout changes, which can change
// numerics and even which kernel runs) are off unless asked for.
function sessionOptionsFromEnv(env = process.env) {
  const threads = env.TOUCHSTONE_ORT_THREADS === undefined ? 1 : Number(env.TOUCHSTONE_ORT_THREADS);
  if (!Number.isInteger(threads) || threads < 0) {
    throw new Error(`TOUCHSTONE_ORT_THREADS must be a non-negative integer (0 = ORT's default), got '${env.TOUCHSTONE_ORT_THREADS}'`);
  }
  const level = env.TOUCHSTONE_ORT_OPT_LEVEL || 'disabled';
  if (!kOptLevels.includes(level)) {
    throw new Error(`TOUCHSTONE_ORT_OPT_LEVEL must be one of ${kOptLevels.join(', ')}, got '${level}'`);
  }
  if (currentRuntime().wasm) {
    return { executionProviders: ['wasm'], graphOptimizationLevel: level, logSeverityLevel: Number(env.TOUCHSTONE_ORT_LOG_LEVEL || 3) };
  }
  return {
    executionProviders: ['cpu'],
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: level,
    // 3 = errors only: ORT logs go to stderr, warnings would only be noise.
    logSeverityLevel: Number(env.TOUCHSTONE_ORT_LOG_LEVEL || 3),
  };
}

// The element type an input is fed as: the model's declared type wins over the
// file's when both have the same bit width (a float16 or bfloat16 input stored
// as uint16 bits); the bits are reinterpreted, not converted.
function feedTensor(decoded, declaredCode) {
  let { dtype, data } = decoded;
  if (declaredCode && declaredCode !== dtype.code) {
    const declared = dtypeOf(declaredCode);
    if (declared.bits === dtype.bits && declared.bits > 0 && declared.array && dtype.array) {
      data = new declared.array(data.buffer, data.byteOffset, data.length);
      dtype = declared;
    }
  }
  if (!dtype.ort) {
    throw new UnsupportedError(`input '${decoded.name}': element type ${dtype.name} cannot be carried: ${dtype.why}`);
  }
  return new (currentRuntime().ort.Tensor)(dtype.ort, data, decoded.dims);
}

// Graph values the adapter cannot carry: maps, sparse tensors, nested sequences, and element
// types without an onnxruntime-node tensor type. The JS API itself carries tensors only
// (onnxruntime-common's `NonTensorType = never`); sequences of tensors and optionals travel
// by rewriting the model (non_tensor.js).
function checkExpressible(values, what) {
  for (const v of values) {
    if (!carried(v)) {
      const article = /^[aeiou]/.test(v.kind) ? 'an' : 'a';
      const inner = v.elem ? ` of ${v.elem.kind}` : '';
      throw new UnsupportedError(`graph ${what} '${v.name}' is ${article} ${v.kind}${inner} value; the adapter carries tensors, sequences of tensors and optionals of those only`);
    }
    let t = v;
    while (t.elem) t = t.elem;
    if (t.elemType && !dtypeOf(t.elemType).ort) {
      const d = dtypeOf(t.elemType);
      throw new UnsupportedError(`graph ${what} '${v.name}' has element type ${d.name}, which cannot be carried: ${d.why}`);
    }
  }
}

// An output tensor as {name, dtype, dims, data} for encodeTensor.
function outputTensor(name, value) {
  if (!(value instanceof currentRuntime().ort.Tensor)) {
    throw new UnsupportedError(`output '${name}' is not a tensor; the ${currentRuntime().name} API cannot carry it`);
  }
  return { name, dtype: dtypeOfOrt(value.type), dims: Array.from(value.dims), data: value.data };
}

function ortVersion() {
  return currentRuntime().version;
}

// A session for the model file. onnxruntime-node reads the file itself (and its external
// data, beside it), or with `fromBytes` takes the bytes already read; the WebAssembly build
// gets the bytes and each external data file by name.
async function createSession(modelPath, modelBytes, externalFiles, options, fromBytes = false) {
  const rt = currentRuntime();
  if (!rt.wasm) return rt.ort.InferenceSession.create(fromBytes ? modelBytes : modelPath, options);
  const externalData = externalFiles.map(({ location, file }) => ({ path: location, data: fs.readFileSync(file) }));
  return rt.ort.InferenceSession.create(modelBytes, externalData.length ? { ...options, externalData } : options);
}

// The options in force, as the hello line reports them.
function optionsSummary(options) {
  const rt = currentRuntime();
  return rt.wasm ? { provider: 'wasm', wasm_threads: 1, opt_level: options.graphOptimizationLevel }
    : { threads: options.intraOpNumThreads, opt_level: options.graphOptimizationLevel };
}

module.exports = { useRuntime, currentRuntime, createSession, optionsSummary, sessionOptionsFromEnv, feedTensor, outputTensor, checkExpressible, ortVersion, UnsupportedError };
