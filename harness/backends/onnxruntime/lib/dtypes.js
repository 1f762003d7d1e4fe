'use strict';
// The one list of ONNX element types (TensorProto.DataType) this adapter knows,
// with how each travels through onnxruntime-node. `ort` is the JS tensor type
// name; a type without `ort` cannot be carried by the JS API (the adapter
// answers `unsupported` before the model runs, with `why`). `field` is the
// TensorProto field that holds the values when raw_data is absent.
//
// What onnxruntime-node 1.30 carries (onnxruntime-common's Tensor.DataTypeMap
// and onnxruntime-node's dist/backend.js type table): float32, uint8, int8,
// uint16, int16, int32, int64, string, bool, float16, float64, uint32, uint64,
// uint4 and int4. Not bfloat16, the float8s, float4e2m1, float8e8m0, uint2,
// int2 (nor complex). uint4/int4 are listed but a model with an int4 output
// crashes the node process (measured), so they are refused too.

// Why a type without `ort` cannot travel (the text of the `unsupported` answer).
function whyNot(name) {
  if (name === 'uint4' || name === 'int4') {
    return `${name} is in onnxruntime-node 1.30's JS type list, but a 4-bit output crashes the node process (measured), so the adapter does not pass it`;
  }
  return `onnxruntime-node 1.30's JS API has no ${name} tensor type`;
}

const kTypes = [
  // code  onnx name           bits  ort        typed array     field
  [1, 'float', 32, 'float32', Float32Array, 'float_data'],
  [2, 'uint8', 8, 'uint8', Uint8Array, 'int32_data'],
  [3, 'int8', 8, 'int8', Int8Array, 'int32_data'],
  [4, 'uint16', 16, 'uint16', Uint16Array, 'int32_data'],
  [5, 'int16', 16, 'int16', Int16Array, 'int32_data'],
  [6, 'int32', 32, 'int32', Int32Array, 'int32_data'],
  [7, 'int64', 64, 'int64', BigInt64Array, 'int64_data'],
  [8, 'string', 0, 'string', null, 'string_data'],
  [9, 'bool', 8, 'bool', Uint8Array, 'int32_data'],
  [10, 'float16', 16, 'float16', Uint16Array, 'int32_data'],
  [11, 'double', 64, 'float64', Float64Array, 'double_data'],
  [12, 'uint32', 32, 'uint32', Uint32Array, 'uint64_data'],
  [13, 'uint64', 64, 'uint64', BigUint64Array, 'uint64_data'],
  [14, 'complex64', 64, null, null, 'float_data'],
  [15, 'complex128', 128, null, null, 'double_data'],
  [16, 'bfloat16', 16, null, Uint16Array, 'int32_data'],
  [17, 'float8e4m3fn', 8, null, Uint8Array, 'int32_data'],
  [18, 'float8e4m3fnuz', 8, null, Uint8Array, 'int32_data'],
  [19, 'float8e5m2', 8, null, Uint8Array, 'int32_data'],
  [20, 'float8e5m2fnuz', 8, null, Uint8Array, 'int32_data'],
  [21, 'uint4', 4, null, null, 'int32_data'],
  [22, 'int4', 4, null, null, 'int32_data'],
  [23, 'float4e2m1', 4, null, null, 'int32_data'],
  [24, 'float8e8m0', 8, null, Uint8Array, 'int32_data'],
  [25, 'uint2', 2, null, null, 'int32_data'],
  [26, 'int2', 2, null, null, 'int32_data'],
].map(([code, name, bits, ort, array, field]) => ({ code, name, bits, ort, array, field, why: whyNot(name) }));

const byCode = new Map(kTypes.map((t) => [t.code, t]));
const byOrt = new Map(kTypes.filter((t) => t.ort).map((t) => [t.ort, t]));

function dtypeOf(code) {
  const t = byCode.get(code);
  if (!t) throw new Error(`unknown ONNX element type ${code}`);
  return t;
}

function dtypeOfOrt(ortType) {
  const t = byOrt.get(ortType);
  if (!t) throw new UnsupportedError(`onnxruntime-node returned a tensor of type '${ortType}', which has no ONNX mapping here`);
  return t;
}

// Thrown for anything the backend or this adapter cannot express.
class UnsupportedError extends Error {}

module.exports = { kTypes, dtypeOf, dtypeOfOrt, UnsupportedError };
