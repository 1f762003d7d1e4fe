// Isolation of a process backend (DESIGN.md, "Backends and the runner"): it sees a
// private scratch folder per worker holding one case's model and inputs only — never the
// suite, never the expected outputs — and writes only the output files the runner names.
#pragma once
#include <filesystem>

#include "harness/backend.h"

namespace touchstone::harness {

// A fresh folder "touchstone-run-<pid>-XXXXXX" in `base` (default /dev/shm when writable,
// else the temp folder), created by mkdtemp: mode 0700, never one that already existed.
// Folders of that name left in `base` by this user's runs that no longer live (killed
// with SIGKILL) are removed first. Throws kIo.
std::filesystem::path make_private_scratch(const std::filesystem::path& base);

// Copies the case's model and input files into `dir` (emptied first) as model.onnx and
// input_N.pb, with the external data files they name (confined by the reference's rule;
// a location that breaks it is not copied, and the backend meets the missing file). The
// result names the copies and no expected outputs.
CaseFiles stage_case(const CaseFiles& files, const std::filesystem::path& dir);

// Makes `dir` an empty folder that exists: the files in it are unlinked one by one (a
// listing and an unlink each, not a removal and re-creation of the folder, which may be
// bound into an adapter's sandbox), a subfolder removed with its contents. Only a `dir`
// that is not a folder (a link in its place) is removed and made again.
void clear_folder(const std::filesystem::path& dir);

}  // namespace touchstone::harness
