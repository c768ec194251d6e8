// scenario: a batcher object hands out int labels from a std::vector<int>, switching to argmax pseudo-labels after warm-up
// tier: 2
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

class LabelBatcher {
 public:
  LabelBatcher(std::vector<int> labels, int64_t batch_size)
      : labels_(std::move(labels)), batch_size_(batch_size) {}

  torch::Tensor next_batch() {
    std::vector<int> chunk;
    for (int64_t i = 0; i < batch_size_; ++i) {
      chunk.push_back(labels_[cursor_]);
      cursor_ = (cursor_ + 1) % labels_.size();
    }
    return torch::tensor(chunk);
  }

 private:
  std::vector<int> labels_;
  int64_t batch_size_;
  size_t cursor_ = 0;
};

int main() {
  torch::manual_seed(3);
  const int64_t num_classes = 4;
  const int64_t batch_size = 16;
  const int warmup_epochs = 3;

  std::vector<int> raw_labels;
  for (int i = 0; i < 100; ++i)
    raw_labels.push_back(i % num_classes);
  LabelBatcher batcher(raw_labels, batch_size);

  torch::nn::Sequential model(torch::nn::Linear(10, 24), torch::nn::ReLU(),
                              torch::nn::Linear(24, num_classes));
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));
  torch::nn::CrossEntropyLoss criterion;

  for (int epoch = 0; epoch < 6; ++epoch) {
    torch::Tensor features = torch::randn({batch_size, 10});
    torch::Tensor targets;
    if (epoch < warmup_epochs) {
      targets = batcher.next_batch();
    } else {
      torch::NoGradGuard no_grad;
      targets = model->forward(features).argmax(1);
    }
    optimizer.zero_grad();
    torch::Tensor loss = criterion(model->forward(features), targets);
    loss.backward();
    optimizer.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
