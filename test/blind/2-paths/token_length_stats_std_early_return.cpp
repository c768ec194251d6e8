// scenario: dataset report collects token lengths into an int64 tensor and computes their spread
// tier: 2
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: std and var only support floating point and complex dtypes
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <vector>

struct LengthStats {
  double mean = 0.0;
  double spread = 0.0;
  int64_t longest = 0;
};

int main() {
  std::vector<std::string> corpus = {"the cat sat", "on the mat today", "", "a",
                                     "tokens counted by spaces here"};
  std::vector<int64_t> lengths;
  for (const auto& line : corpus) {
    if (line.empty()) continue;
    int64_t words = 1;
    for (char c : line) words += (c == ' ');
    lengths.push_back(words);
  }

  LengthStats stats;
  if (lengths.empty()) {
    std::cout << "empty corpus\n";
    return 0;
  }
  torch::Tensor len = torch::tensor(lengths);
  stats.longest = len.max().item<int64_t>();
  stats.mean = len.sum().item<double>() / static_cast<double>(lengths.size());
  if (lengths.size() > 1) {
    stats.spread = len.std().item<double>(); // BUG
  }

  std::cout << "mean " << stats.mean << " std " << stats.spread << " max "
            << stats.longest << "\n";
  return 0;
}
