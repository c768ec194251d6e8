// scenario: weights an intent classifier's cross-entropy by inverse label frequency computed in double
// tier: 1
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>

#include <cstdint>
#include <iomanip>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

int main() {
  torch::manual_seed(7);
  const int64_t kNumIntents = 5;
  const int64_t kFeatureDim = 32;
  const int64_t kHiddenDim = 64;

  // One annotated batch, as the labelling tool exports it.
  std::vector<int64_t> intentIds = {0, 1, 1, 2, 4, 1, 0, 3, 1, 2, 2, 1, 4, 0, 1, 3};
  torch::Tensor labels = torch::tensor(intentIds);
  const int64_t batchSize = labels.size(0);
  torch::Tensor utterances = torch::randn({batchSize, kFeatureDim});

  torch::nn::Linear encoder(kFeatureDim, kHiddenDim);
  torch::nn::Linear classifier(kHiddenDim, kNumIntents);
  std::vector<torch::Tensor> params = encoder->parameters();
  for (const auto &p : classifier->parameters())
    params.push_back(p);
  torch::optim::SGD optimizer(params, torch::optim::SGDOptions(0.05).momentum(0.9));

  // Inverse-frequency class weights. Kept in double so that the ratio for the
  // rare intents is not rounded before it is normalised.
  torch::Tensor freq = torch::bincount(labels, {}, kNumIntents).to(torch::kDouble);
  torch::Tensor classWeights = freq.sum() / (freq.clamp_min(1.0) * kNumIntents);
  classWeights = classWeights / classWeights.mean();
  std::cout << "class weights: " << classWeights << "\n";

  torch::Tensor hidden = torch::relu(encoder(utterances));
  hidden = torch::dropout(hidden, /*p=*/0.1, /*train=*/true);
  torch::Tensor logits = classifier(hidden);

  auto lossOptions = F::CrossEntropyFuncOptions().weight(classWeights).label_smoothing(0.05);
  torch::Tensor loss = F::cross_entropy(logits, labels, lossOptions); // BUG

  optimizer.zero_grad();
  loss.backward();
  optimizer.step();

  torch::Tensor predicted = logits.argmax(1);
  double accuracy = predicted.eq(labels).to(torch::kFloat).mean().item<double>();
  std::cout << std::fixed << std::setprecision(4) << "loss " << loss.item<double>()
            << " accuracy " << accuracy << "\n";
  return 0;
}
