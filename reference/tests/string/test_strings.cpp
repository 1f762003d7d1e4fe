// The string family against hand-worked answers: StringNormalizer, StringConcat,
// StringSplit (Python's str.split worked by hand), RegexFullMatch (RE2 syntax) and
// TfIdfVectorizer (n-grams counted by hand), with their refusals.
#include <catch2/catch.hpp>

#include "reference/tests/error_kind.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

using Strings = std::vector<std::string>;

Tensor strs(const Shape& shape, const Strings& values) {
  return Tensor::from_values<std::string>(shape, values);
}

Strings values(const Tensor& t) {
  const auto d = t.data<std::string>();
  return {d.begin(), d.end()};
}

// Runs a node with `outputs` graph outputs.
RunResult run_multi(const std::string& op, int opset, const std::vector<Tensor>& inputs,
                    const std::vector<onnx::AttributeProto>& attrs, size_t outputs) {
  SingleNodeModel spec{op, "", opset, {}, {}, attrs, 0};
  for (size_t i = 0; i < inputs.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), inputs[i].dtype(), inputs[i].shape()});
  for (size_t i = 0; i < outputs; ++i)
    spec.outputs.push_back({"Out" + std::to_string(i), DType::kString, {}});
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(inputs);
}

RunResult normalize(const Tensor& x, const std::vector<onnx::AttributeProto>& attrs) {
  return run_multi("StringNormalizer", 10, {x}, attrs, 1);
}

RunResult split(const Tensor& x, const std::vector<onnx::AttributeProto>& attrs) {
  return run_multi("StringSplit", 20, {x}, attrs, 2);
}

}  // namespace

TEST_CASE("StringNormalizer: stopwords, case change, the two shapes", "[StringNormalizer][v10]") {
  auto r = normalize(
      strs({4}, {"monday", "tuesday", "wednesday", "thursday"}),
      {make_strings_attr("stopwords", {"monday"}), make_attr("case_change_action", std::string("UPPER"))});
  CHECK(r.outputs[0].shape() == Shape{3});
  CHECK(values(r.outputs[0]) == Strings{"TUESDAY", "WEDNESDAY", "THURSDAY"});
  CHECK(r.semantics.category == Semantics::kDefined);
  // [1, C]; case-insensitive stopwords (the default).
  r = normalize(
      strs({1, 3}, {"Monday", "tuesday", "MONDAY"}),
      {make_strings_attr("stopwords", {"monDAY"}), make_attr("case_change_action", std::string("LOWER"))});
  CHECK(r.outputs[0].shape() == Shape{1, 1});
  CHECK(values(r.outputs[0]) == Strings{"tuesday"});
  // Case-sensitive: only the exact spelling goes; NONE leaves the case.
  r = normalize(strs({3}, {"Monday", "MONDAY", "monday"}),
                {make_strings_attr("stopwords", {"MONDAY"}), make_attr("is_case_sensitive", int64_t{1})});
  CHECK(values(r.outputs[0]) == Strings{"Monday", "monday"});
  // No attributes: unchanged.
  r = normalize(strs({2}, {"A b", ""}), {});
  CHECK(values(r.outputs[0]) == Strings{"A b", ""});
}

TEST_CASE("StringNormalizer: all dropped, empty X, non-ASCII, NUL, refusals", "[StringNormalizer][v10]") {
  auto r = normalize(strs({2}, {"a", "A"}), {make_strings_attr("stopwords", {"a"})});
  CHECK(r.outputs[0].shape() == Shape{1});
  CHECK(values(r.outputs[0]) == Strings{""});
  r = normalize(strs({1, 2}, {"a", "A"}), {make_strings_attr("stopwords", {"a"})});
  CHECK(r.outputs[0].shape() == Shape{1, 1});
  r = normalize(strs({0}, {}), {});
  CHECK(r.outputs[0].shape() == Shape{1});
  CHECK(r.semantics.shape_open);
  // U+00C9 -> U+00E9 lower; U+00DF has no simple upper case (its full one is "SS").
  r = normalize(strs({2}, {"\xC3\x89"
                           "COLE",
                           "stra\xC3\x9F"
                           "e"}),
                {make_attr("case_change_action", std::string("LOWER"))});
  CHECK(values(r.outputs[0]) == Strings{"\xC3\xA9"
                                        "cole",
                                        "stra\xC3\x9F"
                                        "e"});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  r = normalize(strs({1}, {"stra\xC3\x9F"
                           "e"}),
                {make_attr("case_change_action", std::string("UPPER"))});
  CHECK(values(r.outputs[0]) == Strings{"STRA\xC3\x9F"
                                        "E"});
  r = normalize(strs({1}, {std::string("a\0B", 3)}), {make_attr("case_change_action", std::string("LOWER"))});
  CHECK(values(r.outputs[0]) == Strings{std::string("a\0b", 3)});
  CHECK(kind_of([] { normalize(strs({2, 2}, {"a", "b", "c", "d"}), {}); }) == ErrorKind::kInvalidModel);
  CHECK(kind_of([] {
          normalize(strs({2}, {"a", "b"}), {make_attr("case_change_action", std::string("TITLE"))});
        }) == ErrorKind::kInvalidModel);
  std::string message;
  CHECK(kind_of([] { normalize(strs({1}, {"i"}), {make_attr("locale", std::string("tr_TR"))}); }, &message) ==
        ErrorKind::kNotImplemented);
  CHECK_THAT(message, Catch::Contains("tr_TR") && Catch::Contains("en_US"));
  normalize(strs({1}, {"i"}), {make_attr("locale", std::string("en_US.UTF-8"))});
  CHECK(kind_of([] { normalize(strs({1}, {"\xC3("}), {}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Catch::Contains("UTF-8"));
  CHECK(kind_of([] { normalize(strs({1}, {"\xC0\x80"}), {}); }) == ErrorKind::kInvalidModel);  // overlong NUL
  CHECK(kind_of([] { normalize(strs({1}, {"\xED\xA0\x80"}), {}); }) ==
        ErrorKind::kInvalidModel);  // a surrogate
}

TEST_CASE("StringConcat: bytes joined, broadcasting", "[StringConcat][v20]") {
  CHECK(values(run_node_output("StringConcat", 20, {strs({2}, {"a", "bc"}), strs({1}, {"x"})})) ==
        Strings{"ax", "bcx"});
  const Tensor z =
      run_node_output("StringConcat", 20, {strs({2, 1}, {"p", "q"}), strs({3}, {"1", "", "\xC3\xA9"})});
  CHECK(z.shape() == Shape{2, 3});
  CHECK(values(z) == Strings{"p1", "p", "p\xC3\xA9", "q1", "q", "q\xC3\xA9"});
  CHECK(kind_of([] {
          run_node_output("StringConcat", 20, {strs({2}, {"a", "b"}), strs({3}, {"a", "b", "c"})});
        }) == ErrorKind::kInvalidModel);
}

TEST_CASE("StringSplit: a delimiter, whitespace, maxsplit, padding, counts", "[StringSplit][v20]") {
  auto r = split(strs({3}, {"a,b,c", "a,,b", ""}), {make_attr("delimiter", std::string(","))});
  CHECK(r.outputs[0].shape() == Shape{3, 3});
  CHECK(values(r.outputs[0]) == Strings{"a", "b", "c", "a", "", "b", "", "", ""});
  CHECK(r.outputs[1].data<int64_t>()[0] == 3);
  CHECK(r.outputs[1].data<int64_t>()[2] == 1);
  CHECK(r.semantics.category == Semantics::kImplementationDefined);  // "" with a delimiter: one "" (Python's)
  r = split(strs({2}, {"a,,b", ","}), {make_attr("delimiter", std::string(","))});
  CHECK(values(r.outputs[0]) == Strings{"a", "", "b", "", "", ""});
  CHECK(r.semantics.category == Semantics::kDefined);
  r = split(strs({3}, {"  hello   world ", "", "one"}), {});
  CHECK(r.outputs[0].shape() == Shape{3, 2});
  CHECK(values(r.outputs[0]) == Strings{"hello", "world", "", "", "one", ""});
  CHECK((std::vector<int64_t>(r.outputs[1].data<int64_t>().begin(), r.outputs[1].data<int64_t>().end()) ==
         std::vector<int64_t>{2, 0, 1}));
  r = split(strs({2}, {"  a b  c  ", "   "}), {make_attr("maxsplit", int64_t{1})});
  CHECK(values(r.outputs[0]) == Strings{"a", "b  c  ", "", ""});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);  // the rest's trailing whitespace kept
  r = split(strs({1}, {" a b c"}), {make_attr("maxsplit", int64_t{1})});
  CHECK(values(r.outputs[0]) == Strings{"a", "b c"});
  CHECK(r.semantics.category == Semantics::kDefined);
  r = split(strs({1}, {"  a b "}), {make_attr("maxsplit", int64_t{0})});
  CHECK(values(r.outputs[0]) == Strings{"a b "});
  r = split(strs({1}, {"a-b-c"}),
            {make_attr("delimiter", std::string("-")), make_attr("maxsplit", int64_t{1})});
  CHECK(values(r.outputs[0]) == Strings{"a", "b-c"});
  r = split(strs({1, 1}, {"xabyab"}), {make_attr("delimiter", std::string("ab"))});
  CHECK(r.outputs[0].shape() == Shape{1, 1, 3});
  CHECK(values(r.outputs[0]) == Strings{"x", "y", ""});
  r = split(strs({1}, {"a\xE3\x80\x80"
                       "b"}),
            {});  // U+3000, ideographic space
  CHECK(values(r.outputs[0]) == Strings{"a", "b"});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  r = split(strs({0}, {}), {});
  CHECK(r.outputs[0].shape() == Shape{0, 0});
  CHECK(r.outputs[1].shape() == Shape{0});
  CHECK(kind_of([] { split(strs({1}, {"a"}), {make_attr("maxsplit", int64_t{-1})}); }) ==
        ErrorKind::kInvalidModel);
}

TEST_CASE("RegexFullMatch: whole-string matches in RE2 syntax", "[RegexFullMatch][v20]") {
  auto match = [](const std::string& pattern, const Strings& xs) {
    const Tensor y = run_node_output("RegexFullMatch", 20, {strs({static_cast<int64_t>(xs.size())}, xs)},
                                     {make_attr("pattern", pattern)});
    std::vector<bool> out;
    for (bool b : y.data<bool>()) out.push_back(b);
    return out;
  };
  CHECK(match("[a-z]+[0-9]*", {"abc12", "abc", "12", "ABC", ""}) ==
        std::vector<bool>{true, true, false, false, false});
  CHECK(match("b", {"abc", "b"}) == std::vector<bool>{false, true});
  CHECK(match(".", {"\xC3\xA9", "ab"}) == std::vector<bool>{true, false});  // one character, two bytes
  CHECK(match("a\\x00b", {std::string("a\0b", 3)}) == std::vector<bool>{true});
  CHECK(match("(?i)abc", {"AbC"}) == std::vector<bool>{true});
  std::string message;
  CHECK(kind_of([&] { match("(", {"a"}); }, &message) == ErrorKind::kInvalidModel);
  CHECK_THAT(message, Catch::Contains("RE2"));
  CHECK(kind_of([&] { match("(?<=a)b", {"ab"}); }) == ErrorKind::kInvalidModel);  // no lookbehind in RE2
}

namespace {

std::vector<onnx::AttributeProto> tfidf(const std::string& mode, int64_t min_n, int64_t max_n, int64_t skip,
                                        std::vector<int64_t> counts, std::vector<int64_t> indexes) {
  return {make_attr("mode", mode),
          make_attr("min_gram_length", min_n),
          make_attr("max_gram_length", max_n),
          make_attr("max_skip_count", skip),
          make_attr("ngram_counts", counts),
          make_attr("ngram_indexes", indexes)};
}

std::vector<float> run_tfidf(const Tensor& x, std::vector<onnx::AttributeProto> attrs) {
  const Tensor y = run_node_output("TfIdfVectorizer", 9, {x}, attrs);
  return {y.data<float>().begin(), y.data<float>().end()};
}

}  // namespace

TEST_CASE("TfIdfVectorizer: n-grams with skips, the three modes", "[TfIdfVectorizer][v9]") {
  // The text's example: pool 2-grams (94, 17) -> Y[1], (17, 36) -> Y[0].
  auto a = tfidf("TF", 2, 2, 0, {0, 0}, {1, 0});
  a.push_back(make_attr("pool_int64s", std::vector<int64_t>{94, 17, 17, 36}));
  const Tensor x = vec<int64_t>({94, 17, 36, 17, 36});
  CHECK(run_tfidf(x, a) == std::vector<float>{2, 1});
  a.push_back(make_attr("weights", std::vector<float>{0.5f, 3.0f}));
  a[0] = make_attr("mode", std::string("IDF"));
  CHECK(run_tfidf(x, a) == std::vector<float>{3, 0.5f});
  a[0] = make_attr("mode", std::string("TFIDF"));
  CHECK(run_tfidf(x, a) == std::vector<float>{6, 0.5f});
  // Skips up to 2 over [94, 17, 36, 12, 28]: (94, 12) and (17, 28) at skip 2 (the text's).
  auto s = tfidf("TF", 2, 2, 2, {0, 0}, {0, 1});
  s.push_back(make_attr("pool_int64s", std::vector<int64_t>{94, 12, 17, 28}));
  CHECK(run_tfidf(Tensor::from_values<int32_t>({5}, {94, 17, 36, 12, 28}), s) == std::vector<float>{1, 1});
  // A 1-gram counts once per position, whatever max_skip_count.
  auto u = tfidf("TF", 1, 1, 3, {0}, {0});
  u.push_back(make_attr("pool_int64s", std::vector<int64_t>{17}));
  CHECK(run_tfidf(vec<int64_t>({17, 17, 5}), u) == std::vector<float>{2});
  // TFIDF rounds count * weight once: 3 (1 + 2^-23) = 3 + 1.5 * 2^-22, a tie, to even 3 + 2^-21.
  auto w = tfidf("TFIDF", 1, 1, 0, {0}, {0});
  w.push_back(make_attr("pool_int64s", std::vector<int64_t>{7}));
  w.push_back(make_attr("weights", std::vector<float>{1.0f + 0x1p-23f}));
  CHECK(run_tfidf(vec<int64_t>({7, 7, 7}), w) == std::vector<float>{3.0f + 0x1p-21f});
}

TEST_CASE("TfIdfVectorizer: strings, 2-D rows, refusals", "[TfIdfVectorizer][v9]") {
  auto a = tfidf("TF", 1, 2, 0, {0, 2}, {0, 1, 2});
  a.push_back(make_strings_attr("pool_strings", {"a", "b", "a", "b"}));
  const Tensor y = run_node_output("TfIdfVectorizer", 9, {strs({2, 3}, {"a", "b", "a", "b", "b", "c"})}, a);
  CHECK(y.shape() == Shape{2, 3});
  CHECK(std::vector<float>(y.data<float>().begin(), y.data<float>().end()) ==
        std::vector<float>{2, 1, 1, 0, 2, 0});
  auto refused = [](std::vector<onnx::AttributeProto> attrs, const Tensor& x) {
    return kind_of([&] { run_node_output("TfIdfVectorizer", 9, {x}, attrs); });
  };
  const Tensor ints = vec<int64_t>({1, 2});
  auto base = [] { return tfidf("TF", 1, 1, 0, {0}, {0, 1}); };
  auto p = base();
  p.push_back(make_strings_attr("pool_strings", {"a", "b"}));
  CHECK(refused(p, ints) == ErrorKind::kInvalidModel);  // a string pool for integer X
  p.push_back(make_attr("pool_int64s", std::vector<int64_t>{1, 2}));
  CHECK(refused(p, ints) == ErrorKind::kInvalidModel);  // both pools
  p = tfidf("BM25", 1, 1, 0, {0}, {0, 1});
  p.push_back(make_attr("pool_int64s", std::vector<int64_t>{1, 2}));
  CHECK(refused(p, ints) == ErrorKind::kInvalidModel);
  p = tfidf("TF", 1, 2, 0, {0, 1}, {0, 1});
  p.push_back(make_attr("pool_int64s", std::vector<int64_t>{1, 2, 3}));  // the 1-gram 1, the 2-gram (2, 3)
  CHECK(run_tfidf(vec<int64_t>({1, 2, 3}), p) == std::vector<float>{1, 1});
  p = tfidf("TF", 1, 2, 0, {0, 1}, {0, 1});
  p.push_back(make_attr("pool_int64s", std::vector<int64_t>{1, 2, 3, 4}));  // 3 items for 2-grams
  CHECK(refused(p, ints) == ErrorKind::kInvalidModel);
  p = base();
  p.push_back(make_attr("pool_int64s", std::vector<int64_t>{1, 1}));  // an n-gram twice
  CHECK(refused(p, ints) == ErrorKind::kInvalidModel);
  p = tfidf("TF", 1, 1, 0, {0}, {0, 0});
  p.push_back(make_attr("pool_int64s", std::vector<int64_t>{1, 2}));  // an index twice
  CHECK(refused(p, ints) == ErrorKind::kInvalidModel);
  p = tfidf("TF", 1, 1, 0, {0}, {0});
  p.push_back(make_attr("pool_int64s", std::vector<int64_t>{1, 2}));  // indexes too few
  CHECK(refused(p, ints) == ErrorKind::kInvalidModel);
}
