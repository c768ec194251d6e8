// scenario: an intent-classifier training step takes either smoothed label distributions or the int32 label column straight from the parquet reader
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

// Label column as the columnar reader stores it.
std::vector<int32_t> read_label_column(int64_t rows, int64_t num_intents) {
  std::vector<int32_t> labels(rows);
  for (int64_t i = 0; i < rows; ++i)
    labels[i] = static_cast<int32_t>((i * 7 + 3) % num_intents);
  return labels;
}

int main() {
  torch::manual_seed(3);
  const int64_t rows = 64, hidden = 32, num_intents = 12;
  const double label_smoothing = 0.0; // sweep value for this run

  std::vector<int32_t> column = read_label_column(rows, num_intents);
  torch::Tensor labels =
      torch::from_blob(column.data(), {rows}, torch::kInt32).clone();

  torch::nn::Sequential classifier(torch::nn::Linear(hidden, 64), torch::nn::ReLU(),
                                   torch::nn::Linear(64, num_intents));
  torch::optim::AdamW optimizer(classifier->parameters(),
                                torch::optim::AdamWOptions(3e-4));

  torch::Tensor features = torch::randn({rows, hidden});
  torch::Tensor logits = classifier->forward(features);

  torch::Tensor target =
      label_smoothing > 0.0
          ? F::one_hot(labels.to(torch::kLong), num_intents).to(torch::kFloat) *
                    (1.0 - label_smoothing) + label_smoothing / num_intents
          : labels;

  optimizer.zero_grad();
  torch::Tensor loss = F::cross_entropy(logits, target); // BUG
  loss.backward();
  optimizer.step();

  auto accuracy = logits.argmax(1).eq(labels).to(torch::kFloat).mean();
  std::cout << "loss " << loss.item<float>() << " acc " << accuracy.item<float>()
            << "\n";
  return 0;
}
