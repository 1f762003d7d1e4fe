// How long the report writers take on large reports: render_html, to_json + dump, parse +
// load, for 20,000 cases listed and 100,000 cases in the compact form. A benchmark, not a
// test: run it by hand (reports/bench/README.md); nothing here can fail a build.
#include <chrono>
#include <cstdio>
#include <functional>

#include "reports/tests/sample.h"
#include "reports/writers.h"

using namespace touchstone::reports;

namespace {

// The least of `rounds` wall times of `f`, in milliseconds (a shared machine only slows a run).
double least_ms(int rounds, const std::function<void()>& f) {
  double best = 1e300;
  for (int i = 0; i < rounds; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

void measure(const char* label, const Report& r, int rounds) {
  std::string html, json;
  const double render = least_ms(rounds, [&] { html = render_html(r); });
  const double dump = least_ms(rounds, [&] { json = to_json(r).dump(1); });
  size_t back = 0;
  const double load = least_ms(rounds, [&] { back = report_from_json(nlohmann::json::parse(json)).cases.size(); });
  std::printf("%-36s render_html %7.1f ms (%zu KiB)  to_json+dump %7.1f ms  parse+load %7.1f ms (%zu cases listed)\n",
              label, render, html.size() / 1024, dump, load, back);
}

}  // namespace

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::max(1, std::atoi(argv[1])) : 3;
  measure("20,000 cases, every one listed", testing::make_report(20000), rounds);
  Report scale = testing::make_report(100000, 11, 996);
  summarize_passes(scale);
  measure("100,000 cases, passes summarized", scale, rounds);
  return 0;
}
