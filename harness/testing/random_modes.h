// touchstone-fault-backend's random modes (random_modes.cpp, issue 29): the random ops
// (RandomUniform(Like), RandomNormal(Like), Bernoulli, Multinomial) answered by the
// reference run with another seed, honestly or with one parameter of the node ignored.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// random-redrawn            another honest generator (another seed): must pass every property
// random-high-ignored       RandomUniform(Like) with `high` read as its default 1
// random-scale-ignored      RandomNormal(Like) with `scale` read as its default 1
// random-mean-ignored       RandomNormal(Like) with `mean` read as its default 0
// random-p-ignored          Bernoulli with every probability read as 1/2
// random-logits-ignored     Multinomial with every class equally likely (the input read as 0)
bool is_random_mode(const std::string& mode);
// Replaces a single-node random case's outputs; leaves any other case (and one the reference
// refuses) as it is.
void redraw(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
