// A small deterministic mutation driver for LLVMFuzzerTestOneInput, for builds without
// libFuzzer (g++). It runs every seed once, then `runs` mutated inputs: bit flips, byte
// changes, truncation, splicing, erasing and duplicating ranges, and inserting varints
// that protobuf parsers find interesting. Same seed files and -seed, same inputs.
//
//   fuzz_readers_standalone [-runs=N] [-seed=S] [-max_len=N] FILE_OR_DIR...
//
// On a crash or an uncaught exception the input is written to ./crash-standalone.bin.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<uint8_t>;

constexpr size_t kMaxSeedBytes = 1 << 20;
const char* const kCrashFile = "crash-standalone.bin";

// splitmix64: small, fast, and the same on every platform.
class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  size_t below(size_t n) { return n == 0 ? 0 : static_cast<size_t>(next() % n); }

 private:
  uint64_t state_;
};

Bytes varint(uint64_t value) {
  Bytes out;
  while (value >= 0x80) {
    out.push_back(static_cast<uint8_t>(value | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<uint8_t>(value));
  return out;
}

// Sizes, counts and codes at the edges: lengths that overrun, negative dims, huge dims,
// unknown data types, and the field keys of TensorProto / ModelProto.
const std::vector<Bytes>& interesting_varints() {
  static const std::vector<Bytes> values = [] {
    std::vector<Bytes> v;
    for (uint64_t x : {0ull, 1ull, 2ull, 8ull, 15ull, 16ull, 17ull, 127ull, 128ull, 255ull, 256ull, 65535ull,
                       65536ull, 0x7fffffffull, 0x80000000ull, 0xffffffffull, 1ull << 32, 1ull << 38, 1ull << 40,
                       1ull << 62, 0x7fffffffffffffffull, ~0ull /* -1 as int64 */, ~1ull /* -2 */})
      v.push_back(varint(x));
    // Field keys: (field << 3) | wire type.
    for (uint64_t key : {0x08, 0x10, 0x1a, 0x22, 0x28, 0x2a, 0x32, 0x38, 0x42, 0x4a, 0x52, 0x58, 0x5a,
                         0x62, 0x6a, 0x70, 0x3a /* graph */, 0x0a, 0xa2, 0x01})
      v.push_back(varint(key));
    return v;
  }();
  return values;
}

void mutate(Bytes& data, const std::vector<Bytes>& seeds, Random& random, size_t max_len) {
  const uint8_t kBytes[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0x08, 0x0a, 0x4a};
  switch (random.below(8)) {
    case 0:  // flip a bit
      if (!data.empty()) data[random.below(data.size())] ^= static_cast<uint8_t>(1u << random.below(8));
      break;
    case 1:  // change a byte
      if (!data.empty())
        data[random.below(data.size())] =
            random.below(2) ? static_cast<uint8_t>(random.next()) : kBytes[random.below(sizeof kBytes)];
      break;
    case 2:  // truncate
      data.resize(random.below(data.size() + 1));
      break;
    case 3: {  // splice: a prefix of this input, a suffix of another seed
      const Bytes& other = seeds[random.below(seeds.size())];
      const size_t cut = random.below(data.size() + 1), from = random.below(other.size() + 1);
      data.resize(cut);
      data.insert(data.end(), other.begin() + static_cast<std::ptrdiff_t>(from), other.end());
      break;
    }
    case 4:
    case 5: {  // insert or overwrite with an interesting varint
      const Bytes& v = interesting_varints()[random.below(interesting_varints().size())];
      const size_t at = random.below(data.size() + 1);
      if (random.below(2)) {
        data.insert(data.begin() + static_cast<std::ptrdiff_t>(at), v.begin(), v.end());
      } else {
        for (size_t i = 0; i < v.size() && at + i < data.size(); ++i) data[at + i] = v[i];
      }
      break;
    }
    case 6: {  // erase a range
      const size_t at = random.below(data.size() + 1);
      const size_t n = std::min(data.size() - at, random.below(16) + 1);
      data.erase(data.begin() + static_cast<std::ptrdiff_t>(at), data.begin() + static_cast<std::ptrdiff_t>(at + n));
      break;
    }
    default: {  // duplicate a range
      if (data.empty()) break;
      const size_t at = random.below(data.size());
      const size_t n = std::min(data.size() - at, random.below(64) + 1);
      const Bytes chunk(data.begin() + static_cast<std::ptrdiff_t>(at),
                        data.begin() + static_cast<std::ptrdiff_t>(at + n));
      data.insert(data.begin() + static_cast<std::ptrdiff_t>(random.below(data.size() + 1)), chunk.begin(),
                  chunk.end());
      break;
    }
  }
  if (data.size() > max_len) data.resize(max_len);
}

// The input being run, for the crash handlers.
Bytes g_current;

void save_current() {
  const int fd = ::open(kCrashFile, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  for (size_t done = 0; done < g_current.size();) {
    const ssize_t n = ::write(fd, g_current.data() + done, g_current.size() - done);
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  ::close(fd);
}

extern "C" void on_signal(int signal) {
  save_current();
  const char message[] = "fuzz_readers_standalone: crash; input written to crash-standalone.bin\n";
  (void)!::write(2, message, sizeof message - 1);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void on_terminate() {
  save_current();
  std::fprintf(stderr, "fuzz_readers_standalone: uncaught exception; input written to %s\n", kCrashFile);
  std::abort();
}

void run(const Bytes& data) {
  g_current = data;
  LLVMFuzzerTestOneInput(data.data(), data.size());
}

void add_seed(const fs::path& path, std::vector<Bytes>& seeds) {
  if (fs::file_size(path) > kMaxSeedBytes) return;
  std::ifstream in(path, std::ios::binary);
  seeds.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool flag(const std::string& arg, const char* name, uint64_t& value) {
  const std::string prefix = std::string("-") + name + "=";
  if (arg.rfind(prefix, 0) != 0) return false;
  value = std::stoull(arg.substr(prefix.size()));
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t runs = 10000, seed = 1, max_len = 1 << 16;
  std::vector<fs::path> files;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (flag(arg, "runs", runs) || flag(arg, "seed", seed) || flag(arg, "max_len", max_len)) continue;
    if (arg.rfind("-", 0) == 0) {
      std::fprintf(stderr, "usage: %s [-runs=N] [-seed=S] [-max_len=N] FILE_OR_DIR...\n", argv[0]);
      return 2;
    }
    if (fs::is_directory(arg)) {
      for (const auto& entry : fs::recursive_directory_iterator(arg))
        if (entry.is_regular_file()) files.push_back(entry.path());
    } else {
      files.emplace_back(arg);
    }
  }
  std::sort(files.begin(), files.end());  // directory order is not deterministic
  std::vector<Bytes> seeds;
  for (const auto& file : files) add_seed(file, seeds);
  if (seeds.empty()) seeds.emplace_back();

  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) std::signal(s, on_signal);
  std::set_terminate(on_terminate);

  Random random(seed);
  uint64_t executions = 0;
  for (const Bytes& s : seeds) run(s), ++executions;
  for (uint64_t i = 0; i < runs; ++i, ++executions) {
    Bytes data = seeds[random.below(seeds.size())];
    for (size_t m = 1 + random.below(4); m > 0; --m) mutate(data, seeds, random, max_len);
    run(data);
  }
  std::printf("fuzz_readers_standalone: %llu executions over %zu seeds (seed %llu), no findings\n",
              static_cast<unsigned long long>(executions), seeds.size(), static_cast<unsigned long long>(seed));
  return 0;
}
