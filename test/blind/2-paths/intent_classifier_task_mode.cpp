// scenario: an intent classifier trainer picks its loss by a task-mode string; labels are packed to int32 for memory unless COMPACT_LABELS=0, and only the binary path converts them
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
  torch::manual_seed(7);
  const std::string task = argc > 1 ? argv[1] : "multiclass";
  const char *compact_env = std::getenv("COMPACT_LABELS");
  const bool compact_labels = compact_env == nullptr || std::string(compact_env) != "0";
  if (task != "binary" && task != "multiclass") {
    std::cerr << "unknown task mode " << task << "\n";
    return 2;
  }

  const int64_t num_examples = 256, num_features = 32;
  const int64_t num_intents = task == "binary" ? 1 : 12;

  // utterance features and the raw label column read from the dataset
  auto features = torch::randn({num_examples, num_features});
  std::vector<int64_t> raw_labels(num_examples);
  for (int64_t i = 0; i < num_examples; ++i)
    raw_labels[i] = (i * 7) % (task == "binary" ? 2 : num_intents);

  torch::Tensor labels = torch::tensor(raw_labels, torch::kLong);
  if (compact_labels)
    labels = labels.to(torch::kInt);  // 4 bytes per label is plenty

  torch::nn::Sequential model(torch::nn::Linear(num_features, 64), torch::nn::ReLU(),
                              torch::nn::Linear(64, num_intents));
  torch::optim::Adam optimizer(model->parameters(), torch::optim::AdamOptions(1e-3));

  const int64_t batch_size = 32;
  for (int epoch = 0; epoch < 3; ++epoch) {
    double epoch_loss = 0.0;
    for (int64_t start = 0; start < num_examples; start += batch_size) {
      auto x = features.narrow(0, start, batch_size);
      auto y = labels.narrow(0, start, batch_size);
      optimizer.zero_grad();
      auto logits = model->forward(x);
      torch::Tensor loss;
      if (task == "binary") {
        loss = torch::nn::functional::binary_cross_entropy_with_logits(
            logits.squeeze(1), y.to(torch::kFloat));
      } else {
        loss = torch::nn::functional::cross_entropy(logits, y);  // BUG
      }
      loss.backward();
      optimizer.step();
      epoch_loss += loss.item<double>();
    }
    std::cout << "epoch " << epoch << " loss " << epoch_loss << "\n";
  }
  return 0;
}
