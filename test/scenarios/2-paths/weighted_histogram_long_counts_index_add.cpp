// scenario: a token-frequency histogram is kept as int64 counts; the weighted mode (the default) adds float32 weights into it with index_add_
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Long) and source (Float) must have the same scalar type
#include <torch/torch.h>
#include <cstring>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  bool weighted = true;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--unweighted")) weighted = false;

  const int64_t vocab = 50;
  auto counts = torch::zeros({vocab}, torch::kLong);
  for (int batch = 0; batch < 4; ++batch) {
    auto tokens = torch::randint(0, vocab, {64});
    if (weighted) {
      auto weights = torch::rand({64}); // per-token confidence from the tagger
      counts.index_add_(0, tokens, weights); // BUG
    } else {
      counts.index_add_(0, tokens, torch::ones({64}, torch::kLong));
    }
  }
  auto top = std::get<1>(counts.topk(5));
  std::cout << "most frequent ids: " << top << "\n";
  return 0;
}
