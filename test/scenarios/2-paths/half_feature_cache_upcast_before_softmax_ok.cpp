// scenario: a gallery keeps its feature cache in float16 after the first batch; norms and means run on the half cache, everything else upcasts first
// tier: 2
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(0);
  std::vector<torch::Tensor> cache;
  for (int batch = 0; batch < 4; ++batch) {
    auto feats = torch::randn({16, 32});
    if (batch == 0) {
      std::cout << "first batch norm " << feats.norm().item<float>() << "\n";
    }
    cache.push_back(feats.to(torch::kHalf)); // store compactly
  }
  auto gallery = torch::cat(cache, 0);

  // cheap statistics directly on the half tensor
  auto row_norms = gallery.norm(2, 1);
  auto center = gallery.mean(0);
  std::cout << "mean norm " << row_norms.mean().item<float>() << " center " << center.sum().item<float>() << "\n";

  auto query = torch::randn({1, 32});
  auto sims = torch::mm(query, gallery.to(torch::kFloat).t());
  auto attn = torch::softmax(sims / 0.1, 1);
  std::cout << "best match " << attn.argmax(1).item<int64_t>() << "\n";
  return 0;
}
