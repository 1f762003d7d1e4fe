'use strict';
// Reads what the adapter needs from a ModelProto without a protobuf library:
// the graph's inputs and outputs (name, kind, declared element type) and the
// names of its initializers.
//
// ModelProto.graph = 7; GraphProto.initializer = 5, input = 11, output = 12,
// sparse_initializer = 15; ValueInfoProto.name = 1, type = 2;
// TypeProto.tensor_type = 1, sequence_type = 4, map_type = 5,
// opaque_type = 7, sparse_tensor_type = 8, optional_type = 9;
// TypeProto.Tensor.elem_type = 1; TensorProto.name = 8;
// SparseTensorProto.values = 1.

const { forEachField } = require('./wire');

const kKinds = { 1: 'tensor', 4: 'sequence', 5: 'map', 7: 'opaque', 8: 'sparse_tensor', 9: 'optional' };

function readString(r) {
  const [s, e] = r.bytes();
  return r.buf.toString('utf8', s, e);
}

// TypeProto -> {kind, elemType, elem, bytes}: elemType is a tensor's element type (0 when not
// declared); a sequence's or optional's element TypeProto is `elem` (parsed the same way);
// `bytes` is the TypeProto's own encoding (non_tensor.js copies it into an Optional node).
function parseType(buf, start, end) {
  const type = { kind: 'unknown', elemType: 0, elem: null, bytes: buf.subarray(start, end) };
  forEachField(buf, start, end, (r, field) => {
    if (!(field in kKinds)) return false;
    type.kind = kKinds[field];
    const [s, e] = r.bytes();
    if (field === 1 || field === 8) {
      forEachField(buf, s, e, (rr, f) => {
        if (f !== 1) return false;
        type.elemType = rr.varint();
        return true;
      });
    } else if (field === 4 || field === 9) {  // Sequence / Optional: elem_type = 1 (a TypeProto)
      forEachField(buf, s, e, (rr, f) => {
        if (f !== 1) return false;
        const [a, b] = rr.bytes();
        type.elem = parseType(buf, a, b);
        return true;
      });
    }
    return true;
  });
  return type;
}

function parseValueInfo(buf, start, end) {
  const info = { name: '', kind: 'unknown', elemType: 0, elem: null, bytes: null };
  forEachField(buf, start, end, (r, field) => {
    if (field === 1) {
      info.name = readString(r);
    } else if (field === 2) {
      const [s, e] = r.bytes();
      Object.assign(info, parseType(buf, s, e));
    } else {
      return false;
    }
    return true;
  });
  return info;
}

// Name of a TensorProto (field 8) inside [start, end).
function tensorName(buf, start, end) {
  let name = '';
  forEachField(buf, start, end, (r, field) => {
    if (field !== 8) return false;
    name = readString(r);
    return true;
  });
  return name;
}

// The external data location (TensorProto.external_data key "location", field 13) of a
// TensorProto inside [start, end) whose data_location (field 14) is EXTERNAL, or null.
function externalLocation(buf, start, end) {
  let location = null;
  let external = false;
  forEachField(buf, start, end, (r, field) => {
    if (field === 14) { external = r.varint() === 1; return true; }
    if (field !== 13) return false;
    const [s, e] = r.bytes();
    let key = '';
    let value = '';
    forEachField(buf, s, e, (rr, f) => {
      if (f !== 1 && f !== 2) return false;
      const [a, b] = rr.bytes();
      if (f === 1) key = buf.toString('utf8', a, b); else value = buf.toString('utf8', a, b);
      return true;
    });
    if (key === 'location') location = value;
    return true;
  });
  return external ? location || '' : null;
}

// The external data locations of the tensors inside a NodeProto [start, end): its
// attributes' tensors (AttributeProto.t 5, tensors 10: a Constant's value) and the
// initializers and nodes of its attributes' graphs (g 6, graphs 11: If, Loop, Scan bodies).
function nodeExternalLocations(buf, start, end, out) {
  forEachField(buf, start, end, (r, field, wire) => {
    if (field !== 5 || wire !== 2) return false;  // NodeProto.attribute
    const [as, ae] = r.bytes();
    forEachField(buf, as, ae, (rr, f, w) => {
      if (w !== 2 || ![5, 6, 10, 11].includes(f)) return false;
      const [s, e] = rr.bytes();
      if (f === 5 || f === 10) {
        const location = externalLocation(buf, s, e);
        if (location !== null) out.push(location);
      } else {
        out.push(...parseGraph(buf, s, e).externalLocations);
      }
      return true;
    });
    return true;
  });
}

function parseGraph(buf, start, end) {
  const graph = { inputs: [], outputs: [], initializers: new Set(), externalLocations: [] };
  forEachField(buf, start, end, (r, field, wire) => {
    if (field === 1 && wire === 2) {  // a node: its attributes' tensors and subgraphs
      const [s, e] = r.bytes();
      nodeExternalLocations(buf, s, e, graph.externalLocations);
      return true;
    }
    if (![5, 11, 12, 15].includes(field)) return false;
    const [s, e] = r.bytes();
    if (field === 5) {
      graph.initializers.add(tensorName(buf, s, e));
      const location = externalLocation(buf, s, e);
      if (location !== null) graph.externalLocations.push(location);
    }
    if (field === 11) graph.inputs.push(parseValueInfo(buf, s, e));
    if (field === 12) graph.outputs.push(parseValueInfo(buf, s, e));
    if (field === 15) {
      forEachField(buf, s, e, (rr, f) => {
        if (f !== 1) return false;
        const [a, b] = rr.bytes();
        graph.initializers.add(tensorName(buf, a, b));
        return true;
      });
    }
    return true;
  });
  return graph;
}

// One OperatorSetIdProto: {domain, version} ("" is ai.onnx).
function parseOpset(buf, start, end) {
  const opset = { domain: '', version: 0 };
  forEachField(buf, start, end, (r, field, wire) => {
    if (field === 1 && wire === 2) opset.domain = readString(r);
    else if (field === 2 && wire === 0) opset.version = Number(r.varint());
    else return false;
    return true;
  });
  if (opset.domain === 'ai.onnx') opset.domain = '';
  return opset;
}

// Returns {inputs, outputs, initializers, externalLocations, feeds, opsets} where
// `externalLocations` are the external data locations of every tensor of the model (the
// initializers, Constant attributes' tensors, subgraphs' initializers and nodes), and `feeds` are the graph
// inputs that are not initializers, in graph order: the inputs a test case
// supplies by default; `opsets` the model's opset imports.
function modelInfo(buf) {
  let graph = { inputs: [], outputs: [], initializers: new Set(), externalLocations: [] };
  const opsets = [];
  forEachField(buf, 0, buf.length, (r, field, wire) => {
    if (wire !== 2 || (field !== 7 && field !== 8)) return false;
    const [s, e] = r.bytes();
    if (field === 7) graph = parseGraph(buf, s, e);
    else opsets.push(parseOpset(buf, s, e));
    return true;
  });
  graph.feeds = graph.inputs.filter((i) => !graph.initializers.has(i.name));
  graph.opsets = opsets;
  return graph;
}

module.exports = { modelInfo };
