// scenario: parses CSV rows into a float table and returns (features, labels) for an NLL classifier
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

std::pair<torch::Tensor, torch::Tensor> parseRows(const std::vector<std::string> &lines,
                                                  int64_t numFeatures) {
  std::vector<float> values;
  for (const auto &line : lines) {
    std::stringstream ss(line);
    std::string cell;
    while (std::getline(ss, cell, ','))
      values.push_back(std::stof(cell));
  }
  const int64_t numRows = static_cast<int64_t>(lines.size());
  auto table = torch::tensor(values).view({numRows, numFeatures + 1});
  auto features = table.slice(1, 0, numFeatures);
  auto labels = table.select(1, numFeatures).to(torch::kLong);
  return {features, labels};
}

int main() {
  const std::vector<std::string> csv = {
      "5.1,3.5,1.4,0.2,0", "4.9,3.0,1.4,0.2,0", "7.0,3.2,4.7,1.4,1",
      "6.4,3.2,4.5,1.5,1", "6.3,3.3,6.0,2.5,2", "5.8,2.7,5.1,1.9,2",
      "5.0,3.6,1.4,0.2,0", "6.9,3.1,4.9,1.5,1", "7.1,3.0,5.9,2.1,2",
  };
  const int64_t numFeatures = 4;
  const int64_t numClasses = 3;

  torch::Tensor features, labels;
  std::tie(features, labels) = parseRows(csv, numFeatures);
  features = (features - features.mean(0)) / features.std(0);

  torch::manual_seed(2);
  torch::nn::Linear model(numFeatures, numClasses);
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.5));

  for (int step = 0; step < 50; ++step) {
    optimizer.zero_grad();
    auto logProbs = torch::log_softmax(model(features), 1);
    auto loss = torch::nll_loss(logProbs, labels);
    loss.backward();
    optimizer.step();
  }

  torch::NoGradGuard noGrad;
  auto predicted = model(features).argmax(1);
  auto accuracy = predicted.eq(labels).to(torch::kFloat32).mean().item<float>();
  std::cout << "train accuracy " << accuracy << "\n";
  return 0;
}
