// scenario: a streaming classifier writes predictions into a reusable buffer that is int32 in compact mode (the default for export) and calls argmax_out into it
// tier: 2
// family: out-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected out tensor to have dtype long int, but got int instead
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>
#include <string>

int main() {
  torch::manual_seed(0);
  const char *mode = std::getenv("PREDICTION_EXPORT");
  const bool compact = mode == nullptr || std::string(mode) != "wide";

  const int64_t chunk = 64, classes = 12;
  torch::nn::Linear classifier(24, classes);
  torch::NoGradGuard no_grad;
  auto preds = torch::empty({chunk}, compact ? torch::kInt : torch::kLong);
  int64_t histogram[12] = {0};

  for (int chunk_id = 0; chunk_id < 3; ++chunk_id) {
    auto logits = classifier(torch::randn({chunk, 24}));
    at::argmax_out(preds, logits, 1); // BUG
    auto p = preds.to(torch::kLong);
    for (int64_t i = 0; i < chunk; ++i) histogram[p[i].item<int64_t>()]++;
  }
  for (int64_t c = 0; c < classes; ++c) std::cout << histogram[c] << " ";
  std::cout << "\n";
  return 0;
}
