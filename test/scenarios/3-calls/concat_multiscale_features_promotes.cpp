// scenario: feature helper concatenates float32 image features with float64 handcrafted features; cat promotes, and the scorer matches the result
// tier: 3
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

torch::Tensor cnn_features(int64_t n) { return torch::randn({n, 12}).relu(); }

// Handcrafted descriptors (colour histogram moments) computed in double.
torch::Tensor handcrafted_features(int64_t n) {
  auto hist = torch::rand({n, 8}, torch::kDouble);
  return hist / hist.sum(1, true);
}

torch::Tensor fuse(const torch::Tensor &a, const torch::Tensor &b) {
  return torch::cat({a, b}, 1);
}

// Scores with a weight vector created like the features it is applied to.
torch::Tensor linear_score(const torch::Tensor &fused) {
  auto w = torch::ones({fused.size(1)}, fused.options()) / fused.size(1);
  return torch::mv(fused, w);
}

int main() {
  torch::manual_seed(0);
  auto fused = fuse(cnn_features(6), handcrafted_features(6));
  auto scores = linear_score(fused);
  std::cout << fused.dtype() << " " << scores << "\n";
  return 0;
}
