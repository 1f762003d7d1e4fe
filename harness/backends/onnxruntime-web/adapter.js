#!/usr/bin/env node
'use strict';
// touchstone process adapter for onnxruntime-web: ONNX Runtime compiled to
// WebAssembly, run under Node.js on its `wasm` execution provider with one
// thread. The protocol, the TensorProto codec, the failure classification and
// the request handling are the ONNX Runtime adapter's (../onnxruntime/lib);
// only the package, the session options and how the model reaches the session
// (bytes, with external data files by name) differ.
require('../onnxruntime/adapter').start('onnxruntime-web', 'onnxruntime-web', __dirname);
