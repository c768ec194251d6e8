// scenario: trains a classifier whose labels come either from a CSV column or from a packed int32 label file, chosen by the run's config
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>

#include <cstdint>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

enum class LabelSource { kCsv, kPackedInt32 };

struct RunConfig {
  LabelSource labels = LabelSource::kCsv;
  int64_t num_classes = 4;
  int epochs = 3;
  double lr = 0.1;
};

int main() {
  torch::manual_seed(3);
  RunConfig cfg;
  cfg.labels = LabelSource::kPackedInt32; // the preprocessed dataset ships a .bin label file

  const int64_t n = 6;
  torch::Tensor features = torch::randn({n, 5});

  // What the two sources hold on disk, inlined for the example.
  const std::string csv_column = "0\n3\n1\n2\n2\n0\n";
  const int32_t packed[] = {0, 3, 1, 2, 2, 0};
  std::string label_file(reinterpret_cast<const char *>(packed), sizeof(packed));

  torch::Tensor targets;
  if (cfg.labels == LabelSource::kCsv) {
    std::vector<int64_t> labels;
    std::istringstream in(csv_column);
    for (std::string line; std::getline(in, line);)
      labels.push_back(std::stoll(line));
    targets = torch::tensor(labels);
  } else {
    std::vector<int32_t> labels(label_file.size() / sizeof(int32_t));
    std::memcpy(labels.data(), label_file.data(), label_file.size());
    targets = torch::from_blob(labels.data(), {static_cast<int64_t>(labels.size())},
                               torch::kInt32)
                  .clone();
  }

  torch::nn::Linear classifier(5, cfg.num_classes);
  torch::optim::SGD optimizer(classifier->parameters(), torch::optim::SGDOptions(cfg.lr));

  for (int epoch = 0; epoch < cfg.epochs; ++epoch) {
    optimizer.zero_grad();
    torch::Tensor logits = classifier(features);
    torch::Tensor loss = torch::nn::functional::cross_entropy(logits, targets); // BUG
    loss.backward();
    optimizer.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
