'use strict';
// Minimal protobuf wire-format reader and writer: just what TensorProto and the
// graph inputs/outputs of a ModelProto need. Not a general protobuf library.

const kVarint = 0;
const kFixed64 = 1;
const kLengthDelimited = 2;
const kFixed32 = 5;

class Reader {
  constructor(buf, start = 0, end = buf.length) {
    this.buf = buf;
    this.pos = start;
    this.end = end;
  }

  done() {
    return this.pos >= this.end;
  }

  // A varint as a Number; exact up to 2^53, which covers tags, lengths, enums
  // and any realistic dimension.
  varint() {
    let result = 0;
    let scale = 1;
    for (;;) {
      if (this.pos >= this.end) throw new Error('protobuf: truncated varint');
      const b = this.buf[this.pos++];
      result += (b & 0x7f) * scale;
      if (b < 0x80) return result;
      scale *= 128;
      if (scale > 2 ** 63) throw new Error('protobuf: varint too long');
    }
  }

  // A varint as a BigInt (all 64 bits), for int64/uint64 payloads.
  varintBig() {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      if (this.pos >= this.end) throw new Error('protobuf: truncated varint');
      const b = this.buf[this.pos++];
      result |= BigInt(b & 0x7f) << shift;
      if (b < 0x80) return BigInt.asUintN(64, result);
      shift += 7n;
      if (shift > 63n) throw new Error('protobuf: varint too long');
    }
  }

  // Reads one tag; returns {field, wire}.
  tag() {
    const t = this.varint();
    return { field: Math.floor(t / 8), wire: t % 8 };
  }

  // Returns [start, end) of a length-delimited payload and skips past it.
  bytes() {
    const len = this.varint();
    const start = this.pos;
    if (start + len > this.end) throw new Error('protobuf: truncated length-delimited field');
    this.pos += len;
    return [start, start + len];
  }

  skip(wire) {
    switch (wire) {
      case kVarint: this.varint(); break;
      case kFixed64: this.pos += 8; break;
      case kLengthDelimited: this.bytes(); break;
      case kFixed32: this.pos += 4; break;
      default: throw new Error(`protobuf: unsupported wire type ${wire}`);
    }
    if (this.pos > this.end) throw new Error('protobuf: truncated field');
  }

  sub(start, end) {
    return new Reader(this.buf, start, end);
  }
}

// Calls visit(reader, field, wire) for each field of the message in
// [start, end); visit must consume the field's payload or return false, in
// which case the payload is skipped.
function forEachField(buf, start, end, visit) {
  const r = new Reader(buf, start, end);
  while (!r.done()) {
    const { field, wire } = r.tag();
    const before = r.pos;
    if (visit(r, field, wire) === false) {
      r.pos = before;
      r.skip(wire);
    }
  }
}

// Reads a repeated scalar that may be packed (wire type 2) or not.
// readOne(reader) reads one element; its wire type is `elementWire`.
function readRepeated(r, wire, elementWire, readOne, out) {
  if (wire === kLengthDelimited) {
    const [start, end] = r.bytes();
    const sub = r.sub(start, end);
    while (!sub.done()) out.push(readOne(sub));
  } else if (wire === elementWire) {
    out.push(readOne(r));
  } else {
    throw new Error(`protobuf: wire type ${wire} where ${elementWire} or packed was expected`);
  }
}

class Writer {
  constructor() {
    this.chunks = [];
  }

  // Non-negative integers only (Number or BigInt).
  varint(value) {
    let v = BigInt(value);
    if (v < 0n) v = BigInt.asUintN(64, v);
    const bytes = [];
    while (v >= 0x80n) {
      bytes.push(Number(v & 0x7fn) | 0x80);
      v >>= 7n;
    }
    bytes.push(Number(v));
    this.chunks.push(Buffer.from(bytes));
  }

  tag(field, wire) {
    this.varint(field * 8 + wire);
  }

  lengthDelimited(field, payload) {
    this.tag(field, kLengthDelimited);
    this.varint(payload.length);
    this.chunks.push(payload);
  }

  finish() {
    return Buffer.concat(this.chunks);
  }
}

module.exports = { Reader, Writer, forEachField, readRepeated, kVarint, kFixed64, kLengthDelimited, kFixed32 };
