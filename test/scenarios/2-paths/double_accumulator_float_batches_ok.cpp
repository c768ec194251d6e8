// scenario: a streaming mean keeps a float64 accumulator and adds float32 batch sums into it in place, then casts back to float32 before using it
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const int64_t dim = 16;
  auto sum = torch::zeros({dim}, torch::kDouble);
  auto sum_sq = torch::zeros({dim}, torch::kDouble);
  int64_t count = 0;

  for (int step = 0; step < 20; ++step) {
    auto batch = torch::randn({32, dim}) * 2 + 1;
    sum.add_(batch.sum(0));
    sum_sq += batch.pow(2).sum(0);
    count += batch.size(0);
  }
  auto mean = (sum / count).to(torch::kFloat);
  auto var = (sum_sq / count).to(torch::kFloat) - mean.pow(2);

  auto probe = torch::randn({4, dim});
  auto normalized = (probe - mean) / var.sqrt();
  auto readout = torch::mm(normalized, torch::ones({dim, 1}));
  std::cout << "readout " << readout.squeeze(1) << "\n";
  return 0;
}
