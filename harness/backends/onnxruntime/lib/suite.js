'use strict';
// ONNX backend-test layout: <suite>/<case>/model.onnx and
// <case>/test_data_set_0/{input,output}_N.pb.

const fs = require('fs');
const path = require('path');

function listCases(suiteDir) {
  return fs.readdirSync(suiteDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(suiteDir, d.name, 'model.onnx')))
    .map((d) => d.name)
    .sort();
}

// input_N.pb / output_N.pb files of a data set, ordered by N.
function dataFiles(dataSetDir, prefix) {
  if (!fs.existsSync(dataSetDir)) return [];
  const re = new RegExp(`^${prefix}_(\\d+)\\.pb$`);
  return fs.readdirSync(dataSetDir)
    .map((f) => [f, re.exec(f)])
    .filter(([, m]) => m)
    .sort((a, b) => Number(a[1][1]) - Number(b[1][1]))
    .map(([f]) => path.join(dataSetDir, f));
}

module.exports = { listCases, dataFiles };
