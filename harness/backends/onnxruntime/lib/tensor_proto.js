'use strict';
// TensorProto files: decode into {name, dtype, dims, data} and encode back.
// Numbers in raw_data are little-endian; this code assumes a little-endian
// host (checked below) so that typed arrays can be copied byte for byte.

const fs = require('fs');
const os = require('os');
const path = require('path');
const { Reader, Writer, forEachField, readRepeated, kVarint, kFixed32, kFixed64 } = require('./wire');
const { dtypeOf, UnsupportedError } = require('./dtypes');

if (os.endianness() !== 'LE') throw new Error('touchstone onnxruntime adapter: big-endian hosts are not supported');

const kExternal = 1; // TensorProto.DataLocation.EXTERNAL

// Parses the fields of a TensorProto without interpreting the values.
function parseFields(buf) {
  const t = {
    name: '', dataType: 0, dims: [], raw: null, dataLocation: 0, external: {},
    float_data: [], int32_data: [], string_data: [], int64_data: [], double_data: [], uint64_data: [],
  };
  const int32 = (r) => Number(BigInt.asIntN(32, r.varintBig()));
  const int64 = (r) => BigInt.asIntN(64, r.varintBig());
  const uint64 = (r) => r.varintBig();
  const f32 = (r) => { const v = r.buf.readFloatLE(r.pos); r.pos += 4; return v; };
  const f64 = (r) => { const v = r.buf.readDoubleLE(r.pos); r.pos += 8; return v; };
  forEachField(buf, 0, buf.length, (r, field, wire) => {
    switch (field) {
      case 1: {
        const dims = [];
        readRepeated(r, wire, kVarint, int64, dims);
        for (const d of dims) {
          if (d < 0n || d > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error(`TensorProto: bad dimension ${d}`);
          t.dims.push(Number(d));
        }
        return true;
      }
      case 2: t.dataType = r.varint(); return true;
      case 4: readRepeated(r, wire, kFixed32, f32, t.float_data); return true;
      case 5: readRepeated(r, wire, kVarint, int32, t.int32_data); return true;
      case 6: { const [s, e] = r.bytes(); t.string_data.push(buf.subarray(s, e)); return true; }
      case 7: readRepeated(r, wire, kVarint, int64, t.int64_data); return true;
      case 8: { const [s, e] = r.bytes(); t.name = buf.toString('utf8', s, e); return true; }
      case 9: { const [s, e] = r.bytes(); t.raw = buf.subarray(s, e); return true; }
      case 10: readRepeated(r, wire, kFixed64, f64, t.double_data); return true;
      case 11: readRepeated(r, wire, kVarint, uint64, t.uint64_data); return true;
      case 13: {
        const [s, e] = r.bytes();
        let key = '';
        let value = '';
        forEachField(buf, s, e, (rr, f) => {
          if (f !== 1 && f !== 2) return false;
          const [a, b] = rr.bytes();
          if (f === 1) key = buf.toString('utf8', a, b); else value = buf.toString('utf8', a, b);
          return true;
        });
        t.external[key] = value;
        return true;
      }
      case 14: t.dataLocation = r.varint(); return true;
      default: return false;
    }
  });
  return t;
}

function elementCount(dims) {
  return dims.reduce((a, b) => a * b, 1);
}

// The size limit on one tensor (and one file read), as the runner's: the runner passes
// TOUCHSTONE_MAX_TENSOR_BYTES; 4 GiB otherwise.
function maxTensorBytes() {
  const v = Number(process.env.TOUCHSTONE_MAX_TENSOR_BYTES);
  return Number.isSafeInteger(v) && v > 0 ? v : 2 ** 32;
}

class LimitError extends Error {}

function checkSize(bytes, what) {
  const limit = maxTensorBytes();
  if (bytes > limit) {
    throw new LimitError(`${what} needs ${bytes} bytes, over the tensor size limit of ${limit} bytes (TOUCHSTONE_MAX_TENSOR_BYTES)`);
  }
}

function isWithin(inner, outer) {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

// PROTOCOL.md section 6, the rule every reader applies to external data: `location` is
// relative, resolved inside the folder of the file that names it after resolving
// symbolic links; only a regular file is read, and its length is checked before reading.
function confinedExternalPath(baseDir, location) {
  const quoted = `external data location '${location.slice(0, 64)}'`;
  if (location.includes('\0')) throw new Error(`TensorProto: ${quoted} contains a NUL byte`);
  if (path.isAbsolute(location)) throw new Error(`TensorProto: ${quoted} is absolute; it must be relative to the file's folder`);
  if (location.split(/[\\/]/).includes('..')) throw new Error(`TensorProto: ${quoted} contains '..'; it must stay in the file's folder`);
  const base = fs.realpathSync(baseDir);
  let target;
  try {
    target = fs.realpathSync(path.resolve(base, location));
  } catch (e) {
    throw new Error(`TensorProto: ${quoted}: ${e.code === 'ENOENT' ? 'not found' : e.message}`);
  }
  if (!isWithin(target, base)) throw new Error(`TensorProto: ${quoted} resolves to '${target}', outside '${base}' (through a symbolic link)`);
  return target;
}

function parseCount(text, key) {
  if (!/^[0-9]{1,15}$/.test(text)) throw new Error(`TensorProto: external_data '${key}' is '${String(text).slice(0, 32)}', not a byte count`);
  return Number(text);
}

function readExternal(t, baseDir) {
  const location = t.external.location;
  if (!location) throw new Error('TensorProto: external data without a location');
  const file = confinedExternalPath(baseDir, location);
  const stat = fs.statSync(file);
  if (!stat.isFile()) throw new Error(`TensorProto: external data '${location}' is not a regular file`);
  const offset = t.external.offset !== undefined ? parseCount(t.external.offset, 'offset') : 0;
  const length = t.external.length !== undefined ? parseCount(t.external.length, 'length') : stat.size - offset;
  if (offset > stat.size || length < 0 || offset + length > stat.size) {
    throw new Error(`TensorProto: external data '${location}' is too short (offset ${offset} + length ${length} > ${stat.size} bytes)`);
  }
  checkSize(length, `external data '${location}'`);
  const out = Buffer.alloc(length);
  const fd = fs.openSync(file, 'r');
  try {
    let done = 0;
    while (done < length) {
      const n = fs.readSync(fd, out, done, length - done, offset + done);
      if (n === 0) throw new Error(`TensorProto: external data '${location}' ended early`);
      done += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return out;
}

// Decodes a TensorProto held in `buf`. The values come back in a typed array
// of the file's element type (string[] for strings). `baseDir` resolves
// external data.
function decodeTensor(buf, baseDir = '.') {
  const t = parseFields(buf);
  const dtype = dtypeOf(t.dataType);
  const count = elementCount(t.dims);
  if (dtype.array) checkSize(count * dtype.array.BYTES_PER_ELEMENT, `TensorProto '${t.name}' of shape [${t.dims}]`);
  let raw = t.raw;
  if (t.dataLocation === kExternal) raw = readExternal(t, baseDir);
  let data;
  if (dtype.name === 'string') {
    if (raw) throw new Error('TensorProto: a string tensor cannot use raw_data');
    data = t.string_data.map((b) => b.toString('utf8'));
  } else if (!dtype.array) {
    throw new UnsupportedError(`element type ${dtype.name} cannot be carried by the onnxruntime-node API`);
  } else if (raw) {
    const bytes = count * dtype.array.BYTES_PER_ELEMENT;
    if (raw.length !== bytes) throw new Error(`TensorProto '${t.name}': raw_data has ${raw.length} bytes, ${bytes} expected`);
    data = new dtype.array(count);
    Buffer.from(data.buffer).set(raw);
  } else {
    data = dtype.array.from(t[dtype.field]);
  }
  if (data.length !== count) {
    throw new Error(`TensorProto '${t.name}': ${data.length} values for shape [${t.dims}] (${count} expected)`);
  }
  return { name: t.name, dtype, dims: t.dims, data };
}

// The bytes of a regular file through one descriptor (open, fstat, read, close): each
// system call counts at thousands of cases. O_NONBLOCK keeps opening a FIFO from waiting
// for a writer; fstat then refuses it. `limit(size)` may throw before anything is read.
function readRegularFile(file, limit = (size) => checkSize(size, file)) {
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new NotRegularFile(`${file}: not a regular file`);
    limit(stat.size);
    const out = Buffer.allocUnsafe(stat.size);
    let done = 0;
    while (done < stat.size) {
      const n = fs.readSync(fd, out, done, stat.size - done, done);
      if (n === 0) break;
      done += n;
    }
    return done === stat.size ? out : out.subarray(0, done);
  } finally {
    fs.closeSync(fd);
  }
}

class NotRegularFile extends Error {}

function readTensorFile(file) {
  return decodeTensor(readRegularFile(file), path.dirname(file));
}

// Encodes {name, dtype, dims, data}: numbers go to raw_data, strings to
// string_data. Fields are written in field-number order, dims unpacked (as a
// proto2 serializer writes them).
function encodeTensor({ name, dtype, dims, data }) {
  const w = new Writer();
  for (const d of dims) {
    w.tag(1, kVarint);
    w.varint(d);
  }
  w.tag(2, kVarint);
  w.varint(dtype.code);
  if (dtype.name === 'string') {
    for (const s of data) w.lengthDelimited(6, Buffer.from(s, 'utf8'));
  }
  w.lengthDelimited(8, Buffer.from(name, 'utf8'));
  if (dtype.name !== 'string') {
    w.lengthDelimited(9, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  }
  return w.finish();
}

// Writes the file, creating its folder only when it is missing (the runner usually has).
function writeTensorFile(file, tensor) {
  writeBytesFile(file, encodeTensor(tensor));
}

function writeBytesFile(file, bytes) {
  try {
    fs.writeFileSync(file, bytes);
  } catch (e) {
    if (e.code !== 'ENOENT') throw e;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
}

module.exports = {
  decodeTensor, readTensorFile, readRegularFile, NotRegularFile, encodeTensor, writeTensorFile, writeBytesFile, elementCount, confinedExternalPath, maxTensorBytes, LimitError,
};
