#!/usr/bin/env node
'use strict';
// Unit checks of the TensorProto codec on hand-built encodings the node tests
// do not cover: unpacked/packed fields, negative int32_data, 64-bit extremes,
// external data, zero-size and scalar round trips. Exits 1 on failure.

const assert = require('assert');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Writer } = require('./lib/wire');
const { decodeTensor, encodeTensor } = require('./lib/tensor_proto');
const { dtypeOf } = require('./lib/dtypes');

const message = (build) => { const w = new Writer(); build(w); return w.finish(); };
const packedVarints = (values) => message((w) => values.forEach((v) => w.varint(BigInt.asUintN(64, BigInt(v)))));
const entry = (k, v) => message((e) => { e.lengthDelimited(1, Buffer.from(k)); e.lengthDelimited(2, Buffer.from(v)); });
const checks = [];
const check = (name, fn) => checks.push([name, fn]);

check('int8 in unpacked int32_data, negative values', () => {
  const b = message((w) => {
    w.tag(1, 0); w.varint(3); w.tag(2, 0); w.varint(3);
    for (const v of [-1, -128, 127]) { w.tag(5, 0); w.varint(BigInt.asUintN(64, BigInt(v))); }
  });
  assert.deepStrictEqual(Array.from(decodeTensor(b).data), [-1, -128, 127]);
});

check('int64 in packed int64_data, packed dims, beyond 2^53', () => {
  const b = message((w) => {
    w.lengthDelimited(1, packedVarints([2])); w.tag(2, 0); w.varint(7);
    w.lengthDelimited(7, packedVarints([-5n, 9007199254740993n]));
  });
  assert.deepStrictEqual(Array.from(decodeTensor(b).data), [-5n, 9007199254740993n]);
});

check('uint64 max in uint64_data', () => {
  const b = message((w) => { w.tag(1, 0); w.varint(1); w.tag(2, 0); w.varint(13); w.lengthDelimited(11, packedVarints([2n ** 64n - 1n])); });
  assert.deepStrictEqual(Array.from(decodeTensor(b).data), [2n ** 64n - 1n]);
});

check('double_data packed keeps -0', () => {
  const d = Buffer.alloc(16); d.writeDoubleLE(1.5, 0); d.writeDoubleLE(-0, 8);
  const b = message((w) => { w.lengthDelimited(1, packedVarints([2])); w.tag(2, 0); w.varint(11); w.lengthDelimited(10, d); });
  const data = decodeTensor(b).data;
  assert.strictEqual(data[0], 1.5);
  assert.ok(Object.is(data[1], -0));
});

check('scalar float in unpacked float_data', () => {
  const f = Buffer.alloc(4); f.writeFloatLE(3.25);
  const b = message((w) => { w.tag(2, 0); w.varint(1); w.tag(4, 5); w.chunks.push(f); });
  const t = decodeTensor(b);
  assert.deepStrictEqual(t.dims, []);
  assert.deepStrictEqual(Array.from(t.data), [3.25]);
});

check('external data relative to the file, with offset and length', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchstone-codec-'));
  fs.writeFileSync(path.join(dir, 'w.bin'), Buffer.concat([Buffer.alloc(4), Buffer.from(new Float32Array([7, 8]).buffer)]));
  const b = message((w) => {
    w.tag(1, 0); w.varint(2); w.tag(2, 0); w.varint(1);
    w.lengthDelimited(13, entry('location', 'w.bin'));
    w.lengthDelimited(13, entry('offset', '4'));
    w.lengthDelimited(13, entry('length', '8'));
    w.tag(14, 0); w.varint(1);
  });
  assert.deepStrictEqual(Array.from(decodeTensor(b, dir).data), [7, 8]);
  fs.rmSync(dir, { recursive: true });
});

// Confinement (issue 16): the adapter's reader applies the reference's rule to external
// data. Each hostile location below was read by the adapter before.
check('external data: .., absolute, symlinks out, devices and FIFOs are refused', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'touchstone-confine-'));
  const dir = path.join(root, 'case');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(root, 'secret.bin'), Buffer.alloc(8, 0x41));
  fs.symlinkSync(path.join(root, 'secret.bin'), path.join(dir, 'link.bin'));
  fs.symlinkSync('/dev/zero', path.join(dir, 'zero.bin'));
  fs.writeFileSync(path.join(dir, 'ok.bin'), Buffer.from(new Float32Array([1, 2]).buffer));
  require('child_process').execFileSync('mkfifo', [path.join(dir, 'fifo.bin')]);
  const external = (location, extra = []) => message((w) => {
    w.tag(1, 0); w.varint(2); w.tag(2, 0); w.varint(1);
    w.lengthDelimited(13, entry('location', location));
    for (const [k, v] of extra) w.lengthDelimited(13, entry(k, v));
    w.tag(14, 0); w.varint(1);
  });
  assert.throws(() => decodeTensor(external('../secret.bin'), dir), /contains '\.\.'/);
  assert.throws(() => decodeTensor(external(path.join(root, 'secret.bin')), dir), /is absolute/);
  assert.throws(() => decodeTensor(external('/proc/self/environ'), dir), /is absolute/);
  assert.throws(() => decodeTensor(external('link.bin'), dir), /outside/);
  assert.throws(() => decodeTensor(external('zero.bin'), dir), /outside|not a regular file/);
  assert.throws(() => decodeTensor(external('fifo.bin'), dir), /not a regular file/);  // and does not hang
  assert.throws(() => decodeTensor(external('ok.bin', [['length', '99999999999']]), dir), /too short/);
  assert.deepStrictEqual(Array.from(decodeTensor(external('ok.bin'), dir).data), [1, 2]);
  fs.rmSync(root, { recursive: true });
});

check('tensor size limit: a clear error naming the limit, before allocating', () => {
  const before = process.env.TOUCHSTONE_MAX_TENSOR_BYTES;
  process.env.TOUCHSTONE_MAX_TENSOR_BYTES = '64';
  try {
    const b = message((w) => { w.tag(1, 0); w.varint(17); w.tag(2, 0); w.varint(1); w.lengthDelimited(9, Buffer.alloc(68)); });
    assert.throws(() => decodeTensor(b), /over the tensor size limit of 64 bytes/);
    const huge = message((w) => { w.tag(1, 0); w.varint(1 << 30); w.tag(1, 0); w.varint(1 << 20); w.tag(2, 0); w.varint(1); });
    delete process.env.TOUCHSTONE_MAX_TENSOR_BYTES;
    assert.throws(() => decodeTensor(huge), /over the tensor size limit of 4294967296 bytes/);
  } finally {
    if (before === undefined) delete process.env.TOUCHSTONE_MAX_TENSOR_BYTES; else process.env.TOUCHSTONE_MAX_TENSOR_BYTES = before;
  }
});

check('wrong raw_data length is an error', () => {
  const b = message((w) => { w.tag(1, 0); w.varint(2); w.tag(2, 0); w.varint(1); w.lengthDelimited(9, Buffer.alloc(4)); });
  assert.throws(() => decodeTensor(b), /raw_data has 4 bytes, 8 expected/);
});

check('round trips: zero-size float, scalar string, float16 bits', () => {
  const cases = [
    { name: 'z', dtype: dtypeOf(1), dims: [0, 3], data: new Float32Array(0) },
    { name: 's', dtype: dtypeOf(8), dims: [], data: ['héllo'] },
    { name: 'h', dtype: dtypeOf(10), dims: [2], data: new Uint16Array([0x3c00, 0xfc00]) },
  ];
  for (const t of cases) {
    const back = decodeTensor(encodeTensor(t));
    assert.strictEqual(back.name, t.name);
    assert.strictEqual(back.dtype.code, t.dtype.code);
    assert.deepStrictEqual(back.dims, t.dims);
    assert.deepStrictEqual(Array.from(back.data), Array.from(t.data));
  }
});

let failed = 0;
for (const [name, fn] of checks) {
  try {
    fn();
    process.stdout.write(`PASS  ${name}\n`);
  } catch (e) {
    failed += 1;
    process.stdout.write(`FAIL  ${name}: ${e.message}\n`);
  }
}
process.stdout.write(`${checks.length - failed} passed, ${failed} failed\n`);
process.exit(failed ? 1 : 0);
