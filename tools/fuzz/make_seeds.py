#!/usr/bin/env python3
"""Writes the hand-built seeds in seeds/: protobuf wire format spelled out byte by byte
(external data, typed storage forms, a string scalar) that ONNX's test data lacks."""
import pathlib


def varint(x):
    out = b""
    while x >= 0x80:
        out += bytes([(x & 0x7F) | 0x80])
        x >>= 7
    return out + bytes([x])


def field(num, payload):  # length-delimited field
    return varint((num << 3) | 2) + varint(len(payload)) + payload


def vfield(num, x):  # varint field
    return varint(num << 3) + varint(x)


def entry(key, value):  # TensorProto.external_data (13): StringStringEntryProto
    return field(13, field(1, key) + field(2, value))


def ext_tensor(location, offset=None, length=None):
    # dims=[2], data_type=FLOAT, name="w", data_location=EXTERNAL (14)
    t = vfield(1, 2) + vfield(2, 1) + field(8, b"w") + entry(b"location", location)
    if offset is not None:
        t += entry(b"offset", offset)
    if length is not None:
        t += entry(b"length", length)
    return t + vfield(14, 1)


def map_proto(key_type, keys, values):  # MapProto: key_type (2), keys (3) or string_keys (4), values (5)
    out = vfield(2, key_type)
    for k in keys:
        out += field(4, k) if key_type == 8 else vfield(3, k)
    return out + field(5, values)


def scalar_float(bits):  # TensorProto: data_type FLOAT (2), float_data (4), no dims: rank 0
    return vfield(2, 1) + field(4, bits)


def model(tensor):  # ir_version=8, graph (7) with one initializer (5)
    return vfield(1, 8) + field(7, field(1, b"") + field(5, tensor))


SEEDS = {
    "external_ok.pb": ext_tensor(b"w.bin", b"8", b"8"),
    "external_rest.pb": ext_tensor(b"w.bin", b"56"),
    "external_up.pb": ext_tensor(b"up/outside.bin", b"0", b"8"),
    "external_dotdot.pb": ext_tensor(b"../outside.bin"),
    "external_model.onnx": model(ext_tensor(b"w.bin", b"0", b"8")),
    # float16 (10) and bool (9) in int32_data (5), uint32 (12) in uint64_data (11),
    # complex64 (14) as float pairs in float_data (4)
    "typed_float16.pb": vfield(1, 2) + vfield(2, 10) + field(5, varint(0x3C00) + varint(0xFC00)),
    "typed_bool.pb": vfield(1, 3) + vfield(2, 9) + field(5, b"\x01\x00\x01"),
    "typed_uint32.pb": vfield(1, 1) + vfield(2, 12) + field(11, varint(0xFFFFFFFF)),
    "typed_complex64.pb": vfield(1, 1) + vfield(2, 14) + field(4, b"\x00\x00\x80\x3f\x00\x00\x00\xc0"),
    "string_scalar.pb": vfield(2, 8) + field(6, b"hello"),
    # map(int64, float) {5: 2.0}: the values a SequenceProto of elem_type TENSOR (2: 1, 3: ...)
    "map_int64_float.pb": map_proto(7, [5], vfield(2, 1) + field(3, scalar_float(b"\x00\x00\x00\x40"))),
    # seq(map(int64, float)) of that map and an empty one: elem_type MAP (2: 4), map_values (6)
    "seq_of_maps.pb": vfield(2, 4)
    + field(6, map_proto(7, [5], vfield(2, 1) + field(3, scalar_float(b"\x00\x00\x00\x40"))))
    + field(6, map_proto(7, [], vfield(2, 1))),
}

if __name__ == "__main__":
    out = pathlib.Path(__file__).parent / "seeds"
    out.mkdir(exist_ok=True)
    for name, data in SEEDS.items():
        (out / name).write_bytes(data)
