'use strict';
// One protocol request: load the model, feed the input files, run, write the
// outputs. Always resolves to a response object (see ../../PROTOCOL.md); it
// never throws.

const fs = require('fs');
const path = require('path');
const { createSession, feedTensor, outputTensor, checkExpressible, UnsupportedError } = require('./ort_session');
const { readTensorFile, readRegularFile, NotRegularFile, writeTensorFile, writeBytesFile, confinedExternalPath, maxTensorBytes } = require('./tensor_proto');
const { modelInfo } = require('./model_info');
const { hasNonTensor, decodeValue, runCarried } = require('./non_tensor');
const { classifyLoadError, classifyRunError } = require('./classify');

class BadRequest extends Error {}
class ModelTooLarge extends Error {}

function checkRequest(req) {
  const isStringArray = (v) => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (typeof req.id !== 'string') throw new BadRequest('"id" must be a string');
  if (typeof req.model !== 'string' || req.model === '') throw new BadRequest('"model" must be a path');
  if (!isStringArray(req.inputs)) throw new BadRequest('"inputs" must be an array of paths');
  if (typeof req.output_dir !== 'string' || req.output_dir === '') throw new BadRequest('"output_dir" must be a path');
  if (req.input_names !== undefined) {
    if (!isStringArray(req.input_names)) throw new BadRequest('"input_names" must be an array of strings');
    if (req.input_names.length !== req.inputs.length) {
      throw new BadRequest(`"input_names" has ${req.input_names.length} names for ${req.inputs.length} inputs`);
    }
  }
}

function elapsedMs(start) {
  return Number((Number(process.hrtime.bigint() - start) / 1e6).toFixed(3));
}

// Element types the JS API cannot carry: `unsupported` (UnsupportedError), decided from the
// model's declared inputs and outputs once ORT has loaded it (so ORT's own refusal of an
// invalid model still counts), before anything is fed.
function checkTypes(req, info) {
  const names = req.input_names || info.feeds.map((v) => v.name);
  const declared = new Map(info.inputs.map((v) => [v.name, v]));
  checkExpressible(names.slice(0, req.inputs.length).map((n) => declared.get(n) || { name: n, kind: 'tensor' }), 'input');
  checkExpressible(info.outputs, 'output');
}

async function runLoaded(session, req, info, loaded) {
  const names = req.input_names || info.feeds.map((v) => v.name);
  if (req.inputs.length > names.length) {
    throw new Error(`${req.inputs.length} input files but the model has ${names.length} graph inputs to feed`);
  }
  const declared = new Map(info.inputs.map((v) => [v.name, v]));
  checkTypes(req, info);
  const outDir = path.resolve(req.output_dir);
  const outputFile = (i) => path.join(outDir, `output_${i}.pb`);

  if (hasNonTensor(info)) return runNonTensor(req, info, names, declared, loaded, outputFile);

  const feeds = {};
  req.inputs.forEach((file, i) => {
    const v = declared.get(names[i]);
    feeds[names[i]] = feedTensor(readTensorFile(path.resolve(file)), v ? v.elemType : 0);
  });

  const start = process.hrtime.bigint();
  const results = await session.run(feeds);
  const timeMs = elapsedMs(start);

  const outputs = session.outputNames.map((name, i) => {
    const file = outputFile(i);
    writeTensorFile(file, outputTensor(name, results[name]));
    return file;
  });
  return { status: 'ok', outputs, output_names: session.outputNames.slice(), time_ms: timeMs };
}

// Sequences and optionals (non_tensor.js): ORT has loaded the case's own model (so its verdict
// on an invalid model stands); the run goes through the rewritten model, once per probe.
async function runNonTensor(req, info, names, declared, loaded, outputFile) {
  if (loaded.externalFiles.length) throw new UnsupportedError('a model with external data and sequence or optional values is not carried');
  const values = req.inputs.map((file, i) => {
    const v = declared.get(names[i]);
    if (!v) throw new Error(`graph input '${names[i]}' is not declared`);
    const resolved = path.resolve(file);
    return decodeValue(readRegularFile(resolved), v, path.dirname(resolved));
  });
  const start = process.hrtime.bigint();
  const open = (bytes) => createSession(loaded.modelPath, bytes, [], loaded.options, true);
  const encoded = await runCarried(loaded.modelBytes, info, names.slice(0, req.inputs.length), values, { open, feedTensor, outputTensor });
  const timeMs = elapsedMs(start);
  const outputs = encoded.map((bytes, i) => {
    const file = outputFile(i);
    writeBytesFile(file, bytes);
    return file;
  });
  return { status: 'ok', outputs, output_names: info.outputs.map((o) => o.name), time_ms: timeMs };
}

// The newest opset per domain ONNX Runtime 1.30 loads (measured: ai.onnx 27 and 28 models
// fail its model-load validation; 27 loads only with ALLOW_RELEASED_ONNX_OPSET_ONLY=0).
const MAX_OPSET = {
  '': process.env.ALLOW_RELEASED_ONNX_OPSET_ONLY === '0' ? 27 : 26,
  'ai.onnx.ml': 5,
};

async function handleRequest(req, options) {
  const id = req && typeof req.id === 'string' ? req.id : null;
  let session = null;
  try {
    checkRequest(req);
    const modelPath = path.resolve(req.model);
    let modelBytes;
    try {
      modelBytes = readRegularFile(modelPath, (size) => {
        if (size > maxTensorBytes()) throw new ModelTooLarge(`${modelPath}: ${size} bytes, over the size limit of ${maxTensorBytes()} bytes (TOUCHSTONE_MAX_TENSOR_BYTES)`);
      });
    } catch (e) {
      if (e instanceof NotRegularFile) return { id, status: 'rejected', message: `${modelPath}: the model is not a regular file` };
      if (e instanceof ModelTooLarge) return { id, status: 'rejected', message: e.message };
      throw e;
    }
    // A model this reader cannot parse is left for ORT to judge first.
    let info = null;
    let infoError = null;
    try {
      info = modelInfo(modelBytes);
    } catch (e) {
      infoError = e;
    }

    // The model's external data obeys the rule the adapter's own reader applies
    // (PROTOCOL.md section 6) before ORT is given the model.
    const externalFiles = [];
    for (const location of info ? info.externalLocations : []) {
      try {
        const file = confinedExternalPath(path.dirname(modelPath), location);
        if (!fs.statSync(file).isFile()) throw new Error(`external data '${location}' is not a regular file`);
        externalFiles.push({ location, file });
      } catch (e) {
        return { id, status: 'rejected', message: `initializer external data: ${e.message}` };
      }
    }

    // Opsets beyond what this ONNX Runtime accepts: unsupported, decided before loading.
    if (info) {
      for (const o of info.opsets) {
        const newest = MAX_OPSET[o.domain];
        if (newest !== undefined && o.version > newest)
          return { id, status: 'unsupported', message: `this ONNX Runtime accepts ${o.domain || 'ai.onnx'} opsets up to ${newest}; the model imports ${o.version}` };
      }
    }

    const loadStart = process.hrtime.bigint();
    try {
      // A model without external data is handed over as the bytes already read (ORT need
      // not open the file again); one with external data by its path, which ORT resolves
      // the locations against.
      const fromBytes = info !== null && info.externalLocations.length === 0;
      session = await createSession(modelPath, modelBytes, externalFiles, options, fromBytes);
    } catch (e) {
      return { id, ...classifyLoadError(e) };
    }
    const loadMs = elapsedMs(loadStart);
    if (!info) throw new Error(`ORT loaded the model but the adapter could not read its graph: ${infoError.message}`);

    const response = await runLoaded(session, req, info, { modelPath, modelBytes, externalFiles, options });
    return { id, ...response, load_ms: loadMs };
  } catch (e) {
    if (e instanceof BadRequest) return { id, status: 'error', message: `bad request: ${e.message}` };
    return { id, ...classifyRunError(e) };
  } finally {
    if (session) {
      try {
        await session.release();
      } catch (e) {
        process.stderr.write(`touchstone-ort: releasing the session failed: ${e.message}\n`);
      }
    }
  }
}

module.exports = { handleRequest };
