// scenario: evaluates an intent classifier over batches; labels of the legacy export come from an int32 buffer
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

namespace F = torch::nn::functional;

struct EvalStats {
  double loss_sum = 0.0;
  int64_t correct = 0;
  int64_t seen = 0;
};

int main() {
  const int64_t num_intents = 6;
  const int64_t batch = 8;
  const int64_t feat_dim = 20;
  const std::string export_format = "legacy"; // the older exporter wrote int32 labels

  torch::manual_seed(11);
  torch::nn::Linear classifier(feat_dim, num_intents);
  classifier->eval();

  // Labels as they appear in the two export formats.
  std::vector<int64_t> labels_v2(3 * batch);
  std::vector<int32_t> labels_legacy(3 * batch);
  for (size_t i = 0; i < labels_v2.size(); ++i) {
    labels_v2[i] = static_cast<int64_t>((i * 5 + 1) % num_intents);
    labels_legacy[i] = static_cast<int32_t>(labels_v2[i]);
  }

  torch::Tensor all_labels;
  if (export_format == "legacy") {
    all_labels = torch::from_blob(labels_legacy.data(),
                                  {static_cast<int64_t>(labels_legacy.size())},
                                  torch::kInt).clone();
  } else {
    all_labels = torch::from_blob(labels_v2.data(),
                                  {static_cast<int64_t>(labels_v2.size())},
                                  torch::kLong).clone();
  }

  torch::Tensor features = torch::randn({3 * batch, feat_dim});
  EvalStats stats;
  torch::NoGradGuard no_grad;
  for (int64_t start = 0; start < features.size(0); start += batch) {
    torch::Tensor x = features.narrow(0, start, batch);
    torch::Tensor y = all_labels.narrow(0, start, batch);
    torch::Tensor logits = classifier->forward(x);

    torch::Tensor loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().label_smoothing(0.05)); // BUG
    stats.loss_sum += loss.item<double>() * batch;
    stats.correct += logits.argmax(1).eq(y).sum().item<int64_t>();
    stats.seen += batch;
  }

  std::cout << "loss " << stats.loss_sum / stats.seen << " acc "
            << static_cast<double>(stats.correct) / stats.seen << "\n";
  return 0;
}
