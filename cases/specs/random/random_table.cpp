// The spec table of the random family: one row per op, its recipe, what it sweeps and its
// judging contract. Every op is judged by a property (cases/judging.h): the output's type
// and shape exactly, its values by their distribution (reference/ops/random/distribution.h:
// DKW bands for uniform and normal, exact binomial tests for Bernoulli and Multinomial,
// each case's false-alarm rate at most 1e-6), never by the reference's draws.
#include "cases/specs/random/random_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& random_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe     what it sweeps     judging
      {"", "Bernoulli", bernoulli_cases,
       "every (input, dtype) pair and no dtype; per input type 4096 draws of grouped p (1/8, 1/4, 1/2, 7/8), "
       "of "
       "random p and p = 0 or 1; int64 and bool outputs; p at the ends (0, 2^-149, 2^-24, 1/2, 1 - 2^-24, "
       "1); "
       "scalar, empty, seed, p above 1 (undefined); a dtype refusal",
       Judging::property_of("bernoulli", random_property)},
      {"", "Multinomial", multinomial_cases,
       "every (input, dtype) pair and the default int32; per input type two 4-class rows of 2000 draws and a "
       "class "
       "of probability 0 (-inf); logits at the ends (3.4e38, -1e38, subnormal differences), one class, "
       "sample_size 0, an empty batch, seed, a NaN row (undefined); rank, dtype and sample_size refusals",
       Judging::property_of("multinomial", random_property)},
      {"", "RandomNormal", random_normal_cases,
       "every dtype (4096 draws each), the defaults, mean 100 with scale 0.01, mean 1e30 with scale 1e29, "
       "scale "
       "1e-30, scale 0, a negative scale (undefined), empty and rank-3 shapes (no scalar: ONNX's checker "
       "refuses an "
       "empty shape attribute), seed; shape and dtype refusals",
       Judging::property_of("normal", random_property)},
      {"", "RandomNormalLike", random_normal_like_cases,
       "every (input, dtype) pair and no dtype (refused for a non-float input), 4096 draws per output type, "
       "special-value, scalar and empty inputs; a dtype refusal",
       Judging::property_of("normal", random_property)},
      {"", "RandomUniform", random_uniform_cases,
       "every dtype (4096 draws each), the defaults [0, 1), [10, 10.5), [-7.5, -7.25), [-3e38, 3e38), "
       "[-1e-40, 1e-40), empty and rank-3 shapes, seed, high = low (undefined); shape and dtype refusals",
       Judging::property_of("uniform", random_property)},
      {"", "RandomUniformLike", random_uniform_like_cases,
       "every (input, dtype) pair and no dtype (refused for a non-float input), 4096 draws per output type, "
       "special-value, scalar and empty inputs; a dtype refusal",
       Judging::property_of("uniform", random_property)},
  };
  return table;
}

}  // namespace touchstone::cases
