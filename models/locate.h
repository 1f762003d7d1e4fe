// Where a whole model goes wrong on a backend (issue 30, "where it goes wrong"): when the
// backend's outputs differ from the reference's but no node case fails on its own (a fusing
// backend, another algorithm), cut the model's main graph in its topological order and
// splice the two: the backend runs the first k nodes with the values crossing the cut as
// outputs (so it fuses what it likes inside the prefix), and the reference runs the rest of
// the model from the backend's values. S(k), the spliced outputs' distance from the
// reference's own, grows from 0 (k = 0, all reference) to about the backend's end-to-end
// distance E (k = N, all backend). Bisection finds the first k where S(k) reaches half of
// E: node k-1's outputs are the first values that already carry most of the deviation that
// reaches the outputs. That node is then judged alone, fed the backend's own values of its
// inputs, by its op-version's contract — a failure names the backend at fault there; a pass
// says the node is right on its own and the deviation comes from how the backend ran it in
// the model (fused with its neighbours) or from the model amplifying small, allowed errors.
// A repro folder holds the node case and the prefix case with their inputs, both answers
// and the command that runs them.
#pragma once
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "harness/backend.h"
#include "models/node_cases.h"

namespace touchstone::models {

// The distance of one run's outputs from the reference's, over all outputs: the largest
// ulp distance (on each output's type), absolute difference, and difference relative to
// the output's largest |value|.
struct Deviation {
  double ulps = 0, absolute = 0, relative = 0;
  std::string text() const;  // "558 ulps, 1.2e-05 absolute, 3.1e-06 relative"
};
Deviation deviation(const Values& reference, const Values& other);

struct LocateOptions {
  std::string model_name;
  NodeCaseOptions cases;  // inlining and early negative axes, as `model cases`
  double timeout_s = 600;
  std::filesystem::path out;  // the probes' scratch and the repro folder (created)
  std::function<void(const std::string&)> progress;
};

struct LocateProbe {
  int prefix = 0;  // nodes run by the backend
  Deviation spliced;
};

struct LocateResult {
  int nodes = 0;                    // of the (inlined) main graph
  Deviation end_to_end;             // the backend on the model as given
  Deviation inlined;                // the backend on the inlined model (S(N))
  std::vector<LocateProbe> probes;  // in the order the bisection took them
  int culprit = -1;                 // node index, -1: nothing to locate (the outputs agree)
  std::string culprit_label;        // "Sigmoid-6 node 'x' (n412-Sigmoid)"
  std::vector<std::string> culprit_outputs;
  Deviation culprit_in_model;   // the backend's value of its outputs in the prefix run against
                                // the reference fed the same inputs
  std::filesystem::path repro;  // the repro suite: node case and prefix case
};

LocateResult locate(const onnx::ModelProto& model, const std::filesystem::path& base_dir,
                    const Values& inputs, harness::Backend& backend, const LocateOptions& options);

}  // namespace touchstone::models
