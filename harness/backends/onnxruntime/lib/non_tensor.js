'use strict';
// Sequences and optionals through a JS API that carries tensors only (onnxruntime-node 1.30
// and onnxruntime-web: `NonTensorType = never`). The adapter rewrites the model so that ONNX
// Runtime itself builds every non-tensor graph input from plain tensors and takes every
// non-tensor graph output apart into plain tensors:
//   input  seq(T) of n tensors  ->  n tensor inputs, SequenceConstruct (SequenceEmpty when n = 0)
//   input  optional(V)          ->  V built as above, then Optional (Optional with `type` when empty)
//   output optional(V)          ->  OptionalHasElement, then OptionalGetElement when it has one
//   output seq(T)               ->  SequenceLength, then SequenceAt at each position
// An output's structure (present or not, how long) is read in probe runs before the run that
// reads the tensors (at most three runs: has element, length, values), so every value comes
// from ONNX Runtime's own execution of the case's graph; nothing is guessed. The inserted ops
// are ONNX Runtime's own kernels too: a fault in them shows up as the case's verdict (README).
// Carried: seq(tensor), optional(tensor), optional(seq(tensor)). Not: maps, sparse tensors,
// nested sequences (their cases stay `unsupported`). Maps have no rewrite: only ZipMap makes
// one, inside a seq(map) that SequenceAt (tensor sequences only) cannot index (README).

const { Reader, Writer, forEachField, kVarint } = require('./wire');
const { decodeTensor, encodeTensor } = require('./tensor_proto');
const { UnsupportedError } = require('./dtypes');

const kTensor = 1;  // SequenceProto / OptionalProto elem_type: TENSOR
const kSequence = 3;  // SEQUENCE

// Whether a declared type can travel this way (a tensor, or a carried non-tensor).
function carried(type) {
  if (type.kind === 'tensor') return true;
  if (type.kind === 'sequence') return type.elem !== null && type.elem.kind === 'tensor';
  if (type.kind === 'optional') return type.elem !== null && (type.elem.kind === 'tensor' || (type.elem.kind === 'sequence' && carried(type.elem)));
  return false;
}

function hasNonTensor(info) {
  return info.inputs.some((v) => v.kind !== 'tensor') || info.outputs.some((v) => v.kind !== 'tensor');
}

// A SequenceProto / OptionalProto file read as the declared type: {kind, tensors} or {kind, value}.
function decodeValue(buf, type, baseDir) {
  if (type.kind === 'tensor') return decodeTensor(buf, baseDir);
  if (type.kind === 'sequence') {
    const tensors = [];
    forEachField(buf, 0, buf.length, (r, field) => {
      if (field === 5 || field === 6 || field === 7) throw new UnsupportedError('a sequence of sequences, maps or optionals cannot be carried');
      if (field !== 3) return false;
      const [s, e] = r.bytes();
      tensors.push(decodeTensor(buf.subarray(s, e), baseDir));
      return true;
    });
    return { kind: 'sequence', tensors };
  }
  let value = null;
  forEachField(buf, 0, buf.length, (r, field) => {
    if (field !== 3 && field !== 5) return false;
    const [s, e] = r.bytes();
    value = decodeValue(buf.subarray(s, e), type.elem, baseDir);
    return true;
  });
  return { kind: 'optional', value };
}

// ---- protobuf pieces: NodeProto, AttributeProto, ValueInfoProto ----
function str(s) {
  return Buffer.from(s, 'utf8');
}

function nodeBytes(op, inputs, outputs, attributes = []) {
  const w = new Writer();
  for (const i of inputs) w.lengthDelimited(1, str(i));
  for (const o of outputs) w.lengthDelimited(2, str(o));
  w.lengthDelimited(4, str(op));
  for (const a of attributes) w.lengthDelimited(5, a);
  return w.finish();
}

function intAttribute(name, value) {
  const w = new Writer();
  w.lengthDelimited(1, str(name));
  w.tag(3, kVarint);
  w.varint(value);
  w.tag(20, kVarint);
  w.varint(2);  // INT
  return w.finish();
}

function typeAttribute(name, typeBytes) {
  const w = new Writer();
  w.lengthDelimited(1, str(name));
  w.lengthDelimited(14, typeBytes);
  w.tag(20, kVarint);
  w.varint(13);  // TYPE_PROTO
  return w.finish();
}

function int64ScalarAttribute(name, value) {
  const t = new Writer();
  t.tag(2, kVarint);
  t.varint(7);  // INT64, no dims: a scalar
  t.tag(7, kVarint);
  t.varint(value);
  const w = new Writer();
  w.lengthDelimited(1, str(name));
  w.lengthDelimited(5, t.finish());
  w.tag(20, kVarint);
  w.varint(4);  // TENSOR
  return w.finish();
}

function tensorValueInfo(name, elemType) {
  const tensor = new Writer();
  if (elemType) {
    tensor.tag(1, kVarint);
    tensor.varint(elemType);
  }
  const type = new Writer();
  type.lengthDelimited(1, tensor.finish());
  const w = new Writer();
  w.lengthDelimited(1, str(name));
  w.lengthDelimited(2, type.finish());
  return w.finish();
}

// ---- inputs: plain tensor feeds and the nodes that build the declared value ----
// Appends to plan.nodes / plan.inputs / plan.feeds what builds `name` of `type` from `value`.
function buildInput(plan, name, type, value, feedTensor) {
  if (type.kind === 'tensor') {
    plan.inputs.push(tensorValueInfo(name, type.elemType));
    plan.feeds[name] = feedTensor(value, type.elemType);
  } else if (type.kind === 'sequence') {
    const parts = value.tensors.map((t, i) => {
      const part = `${name}::touchstone_element_${i}`;
      buildInput(plan, part, type.elem, t, feedTensor);
      return part;
    });
    plan.nodes.push(parts.length ? nodeBytes('SequenceConstruct', parts, [name])
      : nodeBytes('SequenceEmpty', [], [name], [intAttribute('dtype', type.elem.elemType || 1)]));
  } else if (value.value === null) {
    plan.nodes.push(nodeBytes('Optional', [], [name], [typeAttribute('type', type.elem.bytes)]));
  } else {
    const inner = `${name}::touchstone_value`;
    buildInput(plan, inner, type.elem, value.value, feedTensor);
    plan.nodes.push(nodeBytes('Optional', [inner], [name]));
  }
}

// ---- the rewritten model ----
// The model with `rewritten` graph inputs replaced by plan.inputs, plan.nodes in front of the
// graph's own nodes, `tail` nodes after them, and `outputs` (ValueInfo bytes) as the outputs.
function rewriteModel(model, rewritten, plan, tail, outputs) {
  const out = new Writer();
  const r = new Reader(model);
  while (!r.done()) {
    const start = r.pos;
    const { field, wire } = r.tag();
    if (field !== 7 || wire !== 2) {
      r.skip(wire);
      out.chunks.push(model.subarray(start, r.pos));
      continue;
    }
    const [gs, ge] = r.bytes();
    const g = new Writer();
    for (const n of plan.nodes) g.lengthDelimited(1, n);
    const gr = new Reader(model, gs, ge);
    while (!gr.done()) {
      const fs = gr.pos;
      const t = gr.tag();
      if (t.field === 12 && t.wire === 2) { gr.skip(t.wire); continue; }  // outputs: replaced
      if (t.field === 11 && t.wire === 2) {
        const [s, e] = gr.bytes();
        let name = '';
        forEachField(model, s, e, (rr, f) => { if (f !== 1) return false; const [a, b] = rr.bytes(); name = model.toString('utf8', a, b); return true; });
        if (!rewritten.has(name)) g.chunks.push(model.subarray(fs, gr.pos));
        continue;
      }
      gr.skip(t.wire);
      g.chunks.push(model.subarray(fs, gr.pos));
    }
    for (const n of tail) g.lengthDelimited(1, n);
    for (const i of plan.inputs) g.lengthDelimited(11, i);
    for (const o of outputs) g.lengthDelimited(12, o);
    out.lengthDelimited(7, g.finish());
  }
  return out.finish();
}

// ---- outputs: probes, then the tensors ----
// Each non-tensor output is a tree: {name, type, has (optional), length (sequence), inner}.
// `step(node)` adds the nodes and tensor outputs the next run needs for what is still unknown,
// or for the values once everything is known; it returns the names to read back.
function planOutput(node, tail, outs, final) {
  const { name, type } = node;
  if (type.kind === 'tensor') {
    if (final) outs.push(tensorValueInfo(name, type.elemType));
    return;
  }
  if (type.kind === 'optional') {
    if (node.has === undefined) {
      tail.push(nodeBytes('OptionalHasElement', [name], [`${name}::touchstone_has`]));
      outs.push(tensorValueInfo(`${name}::touchstone_has`, 9));
      return;
    }
    if (!node.has) return;
    if (!node.inner) node.inner = { name: `${name}::touchstone_value`, type: type.elem };
    tail.push(nodeBytes('OptionalGetElement', [name], [node.inner.name]));
    planOutput(node.inner, tail, outs, final);
    return;
  }
  if (node.length === undefined) {
    tail.push(nodeBytes('SequenceLength', [name], [`${name}::touchstone_length`]));
    outs.push(tensorValueInfo(`${name}::touchstone_length`, 7));
    return;
  }
  if (!final) return;
  for (let i = 0; i < node.length; i++) {
    const position = `${name}::touchstone_position_${i}`;
    tail.push(nodeBytes('Constant', [], [position], [int64ScalarAttribute('value', i)]));
    tail.push(nodeBytes('SequenceAt', [name, position], [`${name}::touchstone_element_${i}`]));
    outs.push(tensorValueInfo(`${name}::touchstone_element_${i}`, type.elem.elemType));
  }
}

function known(node) {
  if (node.type.kind === 'tensor') return true;
  if (node.type.kind === 'optional') return node.has === false || (node.has === true && node.inner !== undefined && known(node.inner));
  return node.length !== undefined;
}

function learn(node, results) {
  if (node.type.kind === 'optional') {
    const has = results[`${node.name}::touchstone_has`];
    if (has !== undefined) node.has = Boolean(has.data[0]);
    if (node.has && node.inner === undefined) node.inner = { name: `${node.name}::touchstone_value`, type: node.type.elem };
    if (node.inner) learn(node.inner, results);
  } else if (node.type.kind === 'sequence') {
    const length = results[`${node.name}::touchstone_length`];
    if (length !== undefined) node.length = Number(length.data[0]);
  }
}

// The file for one output: TensorProto, SequenceProto or OptionalProto.
function encodeOutput(node, results, outputTensor) {
  if (node.type.kind === 'tensor') return encodeTensor(outputTensor(node.name, results[node.name]));
  const w = new Writer();
  w.lengthDelimited(1, str(node.name));
  if (node.type.kind === 'sequence') {
    w.tag(2, kVarint);
    w.varint(kTensor);
    for (let i = 0; i < node.length; i++) {
      const element = `${node.name}::touchstone_element_${i}`;
      w.lengthDelimited(3, encodeTensor(outputTensor(element, results[element])));
    }
    return w.finish();
  }
  const innerIsSequence = node.type.elem.kind === 'sequence';
  w.tag(2, kVarint);
  w.varint(innerIsSequence ? kSequence : kTensor);
  if (node.has) w.lengthDelimited(innerIsSequence ? 5 : 3, encodeOutput(node.inner, results, outputTensor));
  return w.finish();
}

// Runs the case with its non-tensor values carried: `open(modelBytes)` gives a session,
// `values` are the decoded input files by graph input name. Returns the output files' bytes
// in the graph's output order.
async function runCarried(model, info, names, values, { open, feedTensor, outputTensor }) {
  const declared = new Map(info.inputs.map((v) => [v.name, v]));
  const plan = { nodes: [], inputs: [], feeds: {} };
  const rewritten = new Set();
  names.forEach((name, i) => {
    const v = declared.get(name);
    if (v.kind === 'tensor') { plan.feeds[name] = feedTensor(values[i], v.elemType); return; }
    rewritten.add(name);
    buildInput(plan, name, v, values[i], feedTensor);
  });
  const nodes = info.outputs.map((o) => ({ name: o.name, type: o }));
  for (let run = 0; run < 4; run++) {
    const final = nodes.every(known);
    const tail = [];
    const outs = [];
    for (const n of nodes) planOutput(n, tail, outs, final);
    const results = outs.length ? await runOnce(rewriteModel(model, rewritten, plan, tail, outs), plan.feeds, open) : {};
    if (final) return nodes.map((n) => encodeOutput(n, results, outputTensor));
    for (const n of nodes) learn(n, results);
  }
  throw new Error('the outputs\' structure was not learnt in three probe runs');
}

async function runOnce(modelBytes, feeds, open) {
  let session;
  try {
    session = await open(modelBytes);
  } catch (e) {
    throw new Error(`the adapter's rewrite for sequences and optionals does not load: ${e.message}`);
  }
  try {
    return await session.run(feeds);
  } finally {
    await session.release();
  }
}

module.exports = { carried, hasNonTensor, decodeValue, runCarried };
