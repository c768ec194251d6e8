// scenario: trains a classifier on a float table whose last column holds the class id, smoothed or hard targets
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Float
#include <torch/torch.h>
#include <iostream>
#include <string>

namespace F = torch::nn::functional;

int main(int argc, char **argv) {
  const bool smoothTargets = argc > 1 && std::string(argv[1]) == "--smooth";
  const double smoothing = 0.1;
  const int64_t numFeatures = 12;
  const int64_t numClasses = 5;
  const int64_t numRows = 32;

  torch::manual_seed(7);
  auto table = torch::cat({torch::randn({numRows, numFeatures}),
                           torch::randint(0, numClasses, {numRows, 1}).to(torch::kFloat32)},
                          1);
  auto features = table.slice(1, 0, numFeatures);
  auto labelColumn = table.select(1, numFeatures);

  torch::Tensor target;
  if (smoothTargets) {
    auto oneHot = F::one_hot(labelColumn.to(torch::kLong), numClasses).to(torch::kFloat32);
    target = oneHot * (1.0 - smoothing) + smoothing / numClasses;
  } else {
    target = labelColumn;
  }

  torch::nn::Linear classifier(numFeatures, numClasses);
  torch::optim::Adam optimizer(classifier->parameters(), torch::optim::AdamOptions(1e-2));

  for (int epoch = 0; epoch < 20; ++epoch) {
    optimizer.zero_grad();
    auto logits = classifier(features);
    auto loss = F::cross_entropy(logits, target); // BUG
    loss.backward();
    optimizer.step();
    if (epoch % 5 == 0)
      std::cout << "epoch " << epoch << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
