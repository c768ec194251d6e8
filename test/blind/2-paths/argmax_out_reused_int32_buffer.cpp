// scenario: streaming classifier writes predictions into a preallocated int32 buffer with argmax_out
// tier: 2
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct StreamStats {
  int64_t chunks = 0;
  int64_t skipped = 0;
};

int main() {
  torch::manual_seed(41);
  const int64_t chunk = 4, classes = 5;
  torch::nn::Linear clf(6, classes);
  clf->eval();
  torch::NoGradGuard ng;

  // The downstream consumer (a C ring buffer) reads predictions as int32.
  torch::Tensor pred_buf = torch::empty({chunk}, torch::kInt32);
  torch::Tensor conf_buf = torch::empty({chunk});
  torch::Tensor histogram = torch::zeros({classes}, torch::kLong);
  StreamStats stats;

  while (stats.chunks < 3) {
    torch::Tensor batch = torch::randn({chunk, 6});
    torch::Tensor logits = clf->forward(batch);
    if (stats.chunks == 0 && !torch::isfinite(logits).all().item<bool>()) {
      // Warm-up chunk with a bad sensor reading: drop it.
      ++stats.skipped;
      continue;
    }
    torch::Tensor probs = torch::softmax(logits, 1);
    torch::amax_out(conf_buf, probs, {1});
    torch::argmax_out(pred_buf, logits, /*dim=*/1); // BUG
    histogram += torch::bincount(pred_buf.to(torch::kLong), {}, classes);
    ++stats.chunks;
  }
  std::cout << "class histogram " << histogram << " skipped " << stats.skipped << "\n";
  std::cout << "last confidences " << conf_buf << "\n";
  return 0;
}
