// scenario: a class histogram is float32 or int64 depending on the mode, and both index_add_ branches build their source with the histogram's own options
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>

int main() {
  torch::manual_seed(0);
  const bool weighted = std::getenv("UNWEIGHTED_HISTOGRAM") == nullptr;
  const int64_t classes = 8;
  auto hist = torch::zeros({classes}, weighted ? torch::kFloat : torch::kLong);

  for (int batch = 0; batch < 5; ++batch) {
    auto labels = torch::randint(0, classes, {50});
    torch::Tensor contribution;
    if (weighted) {
      auto weights = torch::rand({50}, torch::kDouble); // sample weights from the sampler, float64
      contribution = weights.to(hist.options());
    } else {
      contribution = torch::ones({50}, hist.options());
    }
    hist.index_add_(0, labels, contribution);
  }
  auto freq = hist.to(torch::kFloat) / hist.sum().item<double>();
  std::cout << "class frequencies " << freq << "\n";
  return 0;
}
