'use strict';
// Everything that touches onnxruntime-node: session options from the
// environment, building input tensors from TensorProto files, reading outputs.
// Shared by adapter.js and bare_loop.js so both measure the same work.

const fs = require('fs');
const path = require('path');

// StringNormalizer builds an en_US.UTF-8 locale; where the system has not
// generated it, install.sh compiles a private copy here and glibc finds it
// through LOCPATH (read at each locale lookup, so setting it here suffices).
const kPrivateLocales = path.join(__dirname, '..', '.locale');
if (!process.env.LOCPATH && fs.existsSync(path.join(kPrivateLocales, 'en_US.UTF-8'))) {
  process.env.LOCPATH = kPrivateLocales;
}

const ort = require('onnxruntime-node');
const { dtypeOf, dtypeOfOrt, UnsupportedError } = require('./dtypes');

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
  return new ort.Tensor(dtype.ort, data, decoded.dims);
}

// Graph values the JS API cannot carry: non-tensors and element types
// without an onnxruntime-node tensor type.
// Sequences and optionals too: onnxruntime-node 1.30's JS API carries tensors only
// (onnxruntime-common's OnnxValue is `Tensor | NonTensorType` with `NonTensorType = never`,
// and the native binding throws "Non tensor type is temporarily not supported").
function checkExpressible(values, what) {
  for (const v of values) {
    if (v.kind !== 'tensor') {
      const article = /^[aeiou]/.test(v.kind) ? 'an' : 'a';
      throw new UnsupportedError(`graph ${what} '${v.name}' is not a tensor but ${article} ${v.kind} value; onnxruntime-node can only carry tensors`);
    }
    if (v.elemType && !dtypeOf(v.elemType).ort) {
      const t = dtypeOf(v.elemType);
      throw new UnsupportedError(`graph ${what} '${v.name}' has element type ${t.name}, which cannot be carried: ${t.why}`);
    }
  }
}

// An output tensor as {name, dtype, dims, data} for encodeTensor.
function outputTensor(name, value) {
  if (!(value instanceof ort.Tensor)) {
    throw new UnsupportedError(`output '${name}' is not a tensor; the onnxruntime-node API cannot carry it`);
  }
  return { name, dtype: dtypeOfOrt(value.type), dims: Array.from(value.dims), data: value.data };
}

function ortVersion() {
  return require('onnxruntime-node/package.json').version;
}

module.exports = { ort, sessionOptionsFromEnv, feedTensor, outputTensor, checkExpressible, ortVersion, UnsupportedError };
