/* The touchstone plugin ABI, version 1: a backend in a shared library.
 *
 * A plugin is loaded by `touchstone-plugin-worker <library>`, a small process that
 * speaks the backend protocol (PROTOCOL.md) for it, so a plugin that crashes or hangs
 * takes down only its worker. The worker parses the model and the input files; the
 * plugin sees plain C data and returns outputs through a callback.
 *
 * A plugin exports one function:
 *     const TouchstonePlugin* touchstone_plugin_v1(void);
 * returning a pointer valid for the life of the process.
 *
 * Element types are ONNX TensorProto.DataType codes (1 float, 7 int64, 10 float16, ...);
 * element data is little-endian, row-major, one element after another (bool one byte;
 * float16/bfloat16 as 16-bit patterns; strings are not passed: the worker answers
 * "unsupported" for string tensors). */
#ifndef TOUCHSTONE_PLUGIN_H
#define TOUCHSTONE_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TOUCHSTONE_PLUGIN_ABI 1

typedef struct TouchstoneTensor {
  const char* name;     /* graph input/output name */
  int32_t data_type;    /* TensorProto.DataType code */
  int32_t rank;
  const int64_t* dims;  /* rank entries */
  const void* data;     /* product(dims) elements */
  size_t byte_size;
} TouchstoneTensor;

typedef struct TouchstoneNode {
  const char* op_type;
  const char* domain;          /* "" is ai.onnx */
  int32_t input_count, output_count;
  const char* const* inputs;   /* value names ("" for an omitted optional input) */
  const char* const* outputs;
} TouchstoneNode;

typedef struct TouchstoneModel {
  const void* bytes;           /* the serialized ModelProto, for plugins that parse it */
  size_t byte_size;
  const char* path;
  int64_t opset;               /* the model's ai.onnx opset import */
  int32_t node_count;
  const TouchstoneNode* nodes; /* in graph order */
} TouchstoneModel;

/* Outcomes, as in the protocol. */
enum {
  TOUCHSTONE_OK = 0,
  TOUCHSTONE_UNSUPPORTED = 1, /* the plugin cannot express the case */
  TOUCHSTONE_REJECTED = 2,    /* the model is invalid for the backend */
  TOUCHSTONE_ERROR = 3        /* accepted, then failed while running */
};

/* Called by the plugin once per graph output, in graph-output order; the worker copies
 * the tensor. Returns 0 on success. */
typedef int (*TouchstoneEmit)(void* sink, const TouchstoneTensor* output);

typedef struct TouchstonePlugin {
  uint32_t abi_version; /* TOUCHSTONE_PLUGIN_ABI */
  const char* name;     /* backend name in reports */
  const char* version;  /* backend version */
  /* Runs one case. `message` (capacity `message_size`) receives a NUL-terminated
   * explanation for any outcome other than TOUCHSTONE_OK. */
  int (*run)(const TouchstoneModel* model, const TouchstoneTensor* inputs, size_t input_count,
             TouchstoneEmit emit, void* sink, char* message, size_t message_size);
} TouchstonePlugin;

typedef const TouchstonePlugin* (*TouchstonePluginEntry)(void);
#define TOUCHSTONE_PLUGIN_ENTRY "touchstone_plugin_v1"

#ifdef __cplusplus
}
#endif

#endif
