// scenario: multi-task training step under CPU autocast with bfloat16 activations feeding float32 losses and running statistics
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <vector>

namespace {

struct MultiTaskNetImpl : torch::nn::Module {
  MultiTaskNetImpl() {
    trunk = register_module("trunk", torch::nn::Linear(10, 32));
    cls_head = register_module("cls_head", torch::nn::Linear(32, 3));
    reg_head = register_module("reg_head", torch::nn::Linear(32, 1));
  }
  std::pair<torch::Tensor, torch::Tensor> forward(const torch::Tensor &x) {
    auto h = torch::relu(trunk(x));
    return {cls_head(h), reg_head(h).squeeze(1)};
  }
  torch::nn::Linear trunk{nullptr}, cls_head{nullptr}, reg_head{nullptr};
};
TORCH_MODULE(MultiTaskNet);

struct RunningStats {
  double loss_sum = 0.0;
  int64_t correct = 0;
  int64_t seen = 0;
  torch::Tensor logit_mean = torch::zeros({3});
};

} // namespace

int main() {
  torch::manual_seed(31);
  auto x = torch::randn({256, 10});
  auto cls_y = torch::randint(0, 3, {256}, torch::kLong);
  auto reg_y = x.narrow(1, 0, 1).squeeze(1) * 0.5f;

  MultiTaskNet net;
  torch::optim::Adam optimizer(net->parameters(), torch::optim::AdamOptions(1e-3));
  std::vector<torch::Tensor> epoch_logits;

  for (int epoch = 0; epoch < 3; ++epoch) {
    RunningStats stats;
    epoch_logits.clear();
    for (int64_t start = 0; start < x.size(0); start += 32) {
      auto xb = x.narrow(0, start, 32);
      auto yb = cls_y.narrow(0, start, 32);

      at::autocast::set_cpu_enabled(true);
      auto [logits, reg] = net->forward(xb);
      auto cls_loss = torch::nn::functional::cross_entropy(logits, yb);
      auto reg_loss = torch::smooth_l1_loss(reg, reg_y.narrow(0, start, 32));
      auto loss = cls_loss + 0.5 * reg_loss;
      at::autocast::set_cpu_enabled(false);
      at::autocast::clear_cache();

      optimizer.zero_grad();
      loss.backward();
      optimizer.step();

      auto detached = logits.detach();
      stats.loss_sum += loss.item<double>();
      stats.correct += detached.argmax(1).eq(yb).sum().item<int64_t>();
      stats.seen += yb.size(0);
      stats.logit_mean.add_(detached.mean(0), 1.0 / 8);
      epoch_logits.push_back(detached);
    }
    auto all_logits = torch::cat(epoch_logits);
    auto spread = torch::cat({all_logits, stats.logit_mean.unsqueeze(0)}).std(0);
    std::cout << "epoch " << epoch << " loss " << stats.loss_sum / 8 << " acc "
              << static_cast<double>(stats.correct) / stats.seen << " logit spread "
              << spread.sum().item<double>() << "\n";
  }
  return 0;
}
