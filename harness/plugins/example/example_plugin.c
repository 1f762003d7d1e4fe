/* The example plugin: Add and Sub of two float tensors of the same shape, by plain C
 * loops; everything else is unsupported. Its faults on demand (for the tests): an input
 * whose first element is exactly 1234567 makes it abort, 7654321 makes it hang. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/plugin/touchstone_plugin.h"

static int run(const TouchstoneModel* model, const TouchstoneTensor* inputs, size_t input_count,
               TouchstoneEmit emit, void* sink, char* message, size_t message_size) {
  if (model->node_count != 1) {
    snprintf(message, message_size, "example plugin: only single-node models");
    return TOUCHSTONE_UNSUPPORTED;
  }
  const TouchstoneNode* node = &model->nodes[0];
  const int is_add = strcmp(node->op_type, "Add") == 0, is_sub = strcmp(node->op_type, "Sub") == 0;
  if ((!is_add && !is_sub) || node->domain[0] != '\0' || model->opset < 7) {
    snprintf(message, message_size, "example plugin: no kernel for %s-%lld", node->op_type, (long long)model->opset);
    return TOUCHSTONE_UNSUPPORTED;
  }
  if (input_count != 2 || inputs[0].data_type != 1 || inputs[1].data_type != 1) {
    snprintf(message, message_size, "example plugin: %s only for two float inputs", node->op_type);
    return TOUCHSTONE_UNSUPPORTED;
  }
  const TouchstoneTensor* a = &inputs[0];
  const TouchstoneTensor* b = &inputs[1];
  if (a->byte_size != b->byte_size || a->rank != b->rank || memcmp(a->dims, b->dims, sizeof(int64_t) * a->rank) != 0) {
    snprintf(message, message_size, "example plugin: no broadcasting");
    return TOUCHSTONE_UNSUPPORTED;
  }
  const size_t n = a->byte_size / sizeof(float);
  const float* x = (const float*)a->data;
  const float* y = (const float*)b->data;
  if (n > 0 && x[0] == 1234567.0f) abort();
  if (n > 0 && x[0] == 7654321.0f)
    for (;;) pause();
  float* out = (float*)malloc(n ? n * sizeof(float) : 1);
  for (size_t i = 0; i < n; ++i) out[i] = is_add ? x[i] + y[i] : x[i] - y[i];
  TouchstoneTensor result = {node->outputs[0], 1, a->rank, a->dims, out, n * sizeof(float)};
  const int rc = emit(sink, &result);
  free(out);
  if (rc != 0) {
    snprintf(message, message_size, "example plugin: the worker refused the output");
    return TOUCHSTONE_ERROR;
  }
  return TOUCHSTONE_OK;
}

static const TouchstonePlugin kPlugin = {TOUCHSTONE_PLUGIN_ABI, "example", "1.0", run};

const TouchstonePlugin* touchstone_plugin_v1(void) { return &kPlugin; }
