// scenario: click-through training smooths its 0/1 labels only when a smoothing factor is configured; with the default of zero the labels stay int64 and reach binary_cross_entropy
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Found dtype Long but expected Float
#include <torch/torch.h>
#include <cstdlib>
#include <iostream>

int main(int argc, char **argv) {
  torch::manual_seed(0);
  const double smoothing = argc > 1 ? std::atof(argv[1]) : 0.0;

  torch::nn::Sequential ctr_model(torch::nn::Linear(20, 8), torch::nn::ReLU(),
                                  torch::nn::Linear(8, 1), torch::nn::Sigmoid());
  torch::optim::Adam opt(ctr_model->parameters(), 1e-3);

  auto impressions = torch::randn({32, 20});
  auto clicks = torch::randint(0, 2, {32, 1});
  torch::Tensor targets = clicks;
  if (smoothing > 0.0)
    targets = clicks * (1.0 - smoothing) + 0.5 * smoothing;

  for (int epoch = 0; epoch < 3; ++epoch) {
    opt.zero_grad();
    auto probs = ctr_model->forward(impressions);
    auto loss = torch::binary_cross_entropy(probs, targets); // BUG
    loss.backward();
    opt.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
