// scenario: an evaluation loop calls a std::function batch callback that bins confidences into a float32 reliability histogram with index_add_, weighting by per-class weights read into float64
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <vector>

using BatchCallback = std::function<void(const torch::Tensor& probs, const torch::Tensor& labels)>;

void evaluate(torch::nn::Linear& model, int batches, const BatchCallback& on_batch) {
  torch::NoGradGuard no_grad;
  for (int b = 0; b < batches; ++b) {
    torch::Tensor x = torch::randn({8, 4});
    torch::Tensor labels = torch::randint(0, 3, {8}, torch::kLong);
    on_batch(torch::softmax(model->forward(x), -1), labels);
  }
}

int main() {
  torch::manual_seed(29);
  const int64_t num_bins = 10;
  torch::Tensor weighted_counts = torch::zeros({num_bins});

  std::vector<double> class_weight_values = {1.0, 2.5, 0.75}; // from the eval config
  torch::Tensor class_weights =
      torch::from_blob(class_weight_values.data(), {3}, torch::kFloat64).clone();

  BatchCallback reliability = [&](const torch::Tensor& probs, const torch::Tensor& labels) {
    torch::Tensor confidence = std::get<0>(probs.max(1));
    torch::Tensor bins = (confidence * num_bins).to(torch::kLong).clamp_max(num_bins - 1);
    torch::Tensor w = class_weights.index_select(0, labels);
    weighted_counts.index_add_(0, bins, w); // BUG
  };

  torch::nn::Linear model(4, 3);
  evaluate(model, /*batches=*/3, reliability);
  std::cout << "weighted counts " << weighted_counts << "\n";
  return 0;
}
