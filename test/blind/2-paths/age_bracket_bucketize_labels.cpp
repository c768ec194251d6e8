// scenario: age-bracket classifier whose labels come from bucketize, stored as int32 for large datasets
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>

namespace F = torch::nn::functional;

int main() {
  const int64_t num_samples = 4096;
  const int64_t compact_threshold = 1024;
  const int64_t in_features = 10;

  auto ages = torch::rand({num_samples}) * 90.0;
  auto edges = torch::tensor({18.0f, 30.0f, 45.0f, 65.0f});
  const int64_t num_brackets = edges.size(0) + 1;

  torch::Tensor labels;
  if (num_samples > compact_threshold) {
    labels = torch::bucketize(ages, edges, /*out_int32=*/true);
  } else {
    labels = torch::bucketize(ages, edges);
  }

  auto features = torch::randn({num_samples, in_features});
  features.select(1, 0).copy_(ages / 90.0);

  torch::nn::Sequential model(torch::nn::Linear(in_features, 32), torch::nn::ReLU(),
                              torch::nn::Linear(32, num_brackets));
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));

  for (int epoch = 0; epoch < 3; ++epoch) {
    opt.zero_grad();
    auto logits = model->forward(features);
    auto loss = F::cross_entropy(logits, labels); // BUG
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
