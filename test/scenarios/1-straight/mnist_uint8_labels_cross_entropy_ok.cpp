// scenario: labels read from an IDX file are wrapped with from_blob as uint8 (their on-disk type) and passed to cross_entropy, which accepts uint8 class ids for 1-D targets in 1.13
// tier: 1
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

int main() {
  torch::manual_seed(0);
  // bytes after the 8-byte IDX label header
  std::vector<uint8_t> label_bytes = {5, 0, 4, 1, 9, 2, 1, 3};
  const int64_t n = static_cast<int64_t>(label_bytes.size());
  auto labels = torch::from_blob(label_bytes.data(), {n}, torch::kUInt8);
  auto images = torch::rand({n, 784});
  torch::nn::Linear classifier(784, 10);
  auto logits = classifier(images);
  auto loss = torch::nn::functional::cross_entropy(logits, labels);
  loss.backward();
  std::cout << "loss " << loss.item<float>() << " grad " << classifier->bias.grad().norm().item<float>() << "\n";
  return 0;
}
