// `touchstone model cases --input NAME=RECIPE`: one input given a meaning instead of random
// values. RECIPE is one of
//   zeros               every element 0 (a recurrent state)
//   value:V             every element V (Silero VAD's sample rate: value:16000)
//   tone:HZ/RATE        a sine burst of HZ sampled at RATE per second, amplitude 0.5 over the
//                       middle half of each row (the last dimension), under uniform noise of
//                       amplitude 0.01 (deterministic: the run's seed and the input's name)
//   text:WORDS          a line of text (letters, digits, space, . , -) drawn in a 5x7 pixel
//                       font into an N x C x H x W image, normalized as PaddleOCR feeds it:
//                       page 1, ink -1 (text_line.cpp)
// each optionally followed by @SHAPE (1x512) for an input whose dimensions are unnamed.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "reference/value.h"

namespace touchstone::models {

struct InputRecipe {
  std::string input;            // the graph input's name
  std::string kind;             // zeros, value, tone, text
  std::string text;             // text: WORDS
  double a = 0, b = 0;          // value: V; tone: HZ, RATE
  std::optional<Shape> shape;   // @SHAPE
};

// text_line.cpp: the text recipe's pixels, and the check that every character has a glyph.
std::vector<double> text_line(const Shape& shape, const std::string& text);
void check_text(const std::string& text);

// Throws std::invalid_argument naming what is wrong.
InputRecipe parse_input_recipe(const std::string& text);

// The recipe's tensor of `dtype` (float, double, int32, int64) and `shape`.
Value recipe_value(const InputRecipe& recipe, DType dtype, const Shape& shape, uint64_t seed);

}  // namespace touchstone::models
