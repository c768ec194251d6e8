// scenario: self-training loop that switches from labeled data to teacher pseudo-labels after warmup; the pseudo-labels are stored as int32 to save memory
// tier: 2
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Long but found Int
#include <torch/torch.h>
#include <iostream>

int main() {
  torch::manual_seed(16);
  const int64_t dim = 10, num_classes = 3, warmup_epochs = 2, epochs = 4;

  auto labeled_x = torch::randn({64, dim});
  auto labeled_y = torch::randint(0, num_classes, {64});
  auto unlabeled_x = torch::randn({256, dim});
  auto pseudo_labels = torch::empty({256}, torch::kInt32);

  torch::nn::Sequential model(torch::nn::Linear(dim, 32), torch::nn::ReLU(), torch::nn::Linear(32, num_classes));
  torch::optim::SGD optimizer(model->parameters(), torch::optim::SGDOptions(0.05).momentum(0.9));

  for (int64_t epoch = 0; epoch < epochs; ++epoch) {
    if (epoch == warmup_epochs) {
      torch::NoGradGuard no_grad;
      model->eval();
      auto probs = torch::softmax(model->forward(unlabeled_x), 1);
      pseudo_labels = probs.argmax(1).to(torch::kInt32);
      model->train();
    }

    torch::Tensor inputs, targets;
    if (epoch < warmup_epochs) {
      inputs = labeled_x;
      targets = labeled_y;
    } else {
      inputs = unlabeled_x;
      targets = pseudo_labels;
    }

    optimizer.zero_grad();
    auto log_probs = torch::log_softmax(model->forward(inputs), 1);
    auto loss = torch::nll_loss(log_probs, targets); // BUG
    loss.backward();
    optimizer.step();
    std::cout << "epoch " << epoch << " loss " << loss.item<double>() << "\n";
  }
  return 0;
}
