// Repro folders: for each failing case of a run, <report dir>/repro/<case folder>/ holds
// everything needed to see and reproduce the failure without the suite (which a
// `--profile` run never writes):
//   model.onnx, case.json, test_data_set_0/input_N.pb, output_N.pb (what the suite stores,
//   else the oracle's answer), actual/output_N.pb (the backend's answer, when it gave one),
//   README.txt (verdict, message, and the command, which runs this folder as a suite).
#pragma once
#include <filesystem>
#include <string>

#include "cases/suite.h"
#include "harness/backend.h"
#include "harness/verdict.h"

namespace touchstone::harness {

struct RunOptions;

// Writes the folder for one data set of a case and returns the command that reproduces
// it. Throws kIo when the folder cannot be written.
std::string write_repro(const std::filesystem::path& report_dir, const CaseMeta& meta, const CaseFiles& files,
                        const OracleOutcome& oracle, const BackendOutcome& outcome, const VerdictResult& verdict,
                        const RunOptions& options);

// The folder write_repro uses for a case.
std::filesystem::path repro_dir(const std::filesystem::path& report_dir, const std::string& case_id);

}  // namespace touchstone::harness
