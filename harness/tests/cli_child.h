// Test helper: the touchstone CLI under test run as a child process with variables added
// to its environment (values may hold any byte: no shell in between), to its end.
#pragma once
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#include "harness/process.h"

namespace touchstone::testing {

struct Finished {
  std::string ended;   // "exit status 1"
  std::string output;  // stdout, then the tail of stderr
};

inline Finished touchstone_cli(std::vector<std::string> args, const std::map<std::string, std::string>& env = {}) {
  harness::ChildProcess child;
  args.insert(args.begin(), TOUCHSTONE_CLI);
  child.start(args, env);
  Finished f;
  std::string line;
  while (child.read_line(line, harness::ChildProcess::Clock::now() + std::chrono::seconds(300)) ==
         harness::ChildProcess::ReadStatus::kLine)
    f.output += line + "\n";
  child.stop(std::chrono::milliseconds(5000));
  f.ended = child.exit_description();
  f.output += child.stderr_tail();
  return f;
}

inline std::string file_text(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace touchstone::testing
