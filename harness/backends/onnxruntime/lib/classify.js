'use strict';
// Turns a failure into the protocol's outcome: `unsupported`, `rejected` or
// `error`. onnxruntime-node throws plain Errors carrying ORT's status message
// without its status code, so the rules match message text. The first rule
// that matches wins; see README.md for the rationale of each.

const { UnsupportedError } = require('./dtypes');

// [outcome, pattern, why]
const kRules = [
  // The machine, not the model: StringNormalizer needs the en_US.UTF-8 locale.
  ['error', /Failed to construct locale/, 'environment (locale missing)'],
  // ORT has no kernel for this op/type combination (NOT_IMPLEMENTED).
  ['unsupported', /Could not find an implementation for/, 'no kernel'],
  ['unsupported', /NOT_IMPLEMENTED/, 'NOT_IMPLEMENTED status'],
  // Op schema unknown to this ORT build (e.g. ai.onnx.preview.training ops).
  ['unsupported', /is not a registered function\/op/, 'op schema not registered'],
  // onnxruntime-node's binding cannot carry the type (bfloat16, sequences, ...).
  ['unsupported', /Unsupported data type/i, 'element type missing from the JS API (or, in the WebAssembly build, from the build)'],
  ['unsupported', /Non tensor type is temporarily not supported/, 'non-tensor value in the JS API'],
  // A type this ORT build registers no kernels for at all (complex64/complex128).
  ['unsupported', /MLDataType for: .* is not currently registered/, 'element type not registered in this ORT build'],
  // A kernel built without the type (ConstantOfShape's value of a float8 type).
  ['unsupported', /Unsupported value attribute datatype/, 'value type missing from the kernel build'],
  // IR version newer than this ORT reads.
  ['unsupported', /Unsupported model IR version/, 'IR version too new'],
  // A kernel that knows the case but declines it ("layout == 1 ... not supported").
  ['unsupported', /\bnot (yet )?(supported|implemented)\b/i, 'feature declined by the kernel'],
];

function classify(e, fallback) {
  const message = (e && e.message !== undefined ? String(e.message) : String(e)).trim();
  if (e instanceof UnsupportedError) return { status: 'unsupported', message };
  for (const [status, pattern] of kRules) {
    if (pattern.test(message)) return { status, message };
  }
  return { status: fallback, message };
}

// Session creation failed: ORT refused the model unless a rule says otherwise.
function classifyLoadError(e) {
  return classify(e, 'rejected');
}

// Anything after a successful session creation (feeding, running, reading).
function classifyRunError(e) {
  return classify(e, 'error');
}

module.exports = { classifyLoadError, classifyRunError, kRules };
