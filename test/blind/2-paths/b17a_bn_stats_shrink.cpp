// scenario: test-time adaptation shrinks every BatchNorm buffer toward its prior; the else branch of the loop also reaches the int64 num_batches_tracked counter
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Long
#include <torch/torch.h>

#include <iostream>
#include <string>

struct SensorNetImpl : torch::nn::Module {
  SensorNetImpl(int64_t channels, int64_t classes) {
    conv1 = register_module("conv1", torch::nn::Conv1d(torch::nn::Conv1dOptions(channels, 16, 3).padding(1)));
    bn1 = register_module("bn1", torch::nn::BatchNorm1d(16));
    conv2 = register_module("conv2", torch::nn::Conv1d(torch::nn::Conv1dOptions(16, 16, 3).padding(1)));
    bn2 = register_module("bn2", torch::nn::BatchNorm1d(16));
    fc = register_module("fc", torch::nn::Linear(16, classes));
  }
  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(bn1(conv1(x)));
    x = torch::relu(bn2(conv2(x)));
    return fc(x.mean(-1));
  }
  torch::nn::Conv1d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm1d bn1{nullptr}, bn2{nullptr};
  torch::nn::Linear fc{nullptr};
};
TORCH_MODULE(SensorNet);

bool ends_with(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Before re-estimating statistics on the target domain, pull the source-domain
// running statistics toward the N(0, 1) prior by a factor `keep`.
void shrink_bn_statistics(SensorNet &net, double keep) {
  torch::NoGradGuard no_grad;
  for (auto &item : net->named_buffers()) {
    auto &buf = item.value();
    if (ends_with(item.key(), "running_var")) {
      buf.mul_(keep).add_(1.0 - keep);
    } else {
      buf.mul_(keep); // BUG
    }
  }
}

void adapt(SensorNet &net, const torch::Tensor &target_batch, int passes) {
  net->train();
  torch::NoGradGuard no_grad;
  for (int i = 0; i < passes; ++i)
    net->forward(target_batch);
  net->eval();
}

int main() {
  torch::manual_seed(0);
  SensorNet net(3, 4);

  // "Source" training leaves non-trivial statistics behind.
  net->train();
  for (int i = 0; i < 3; ++i)
    net->forward(torch::randn({8, 3, 32}) * 2.0 + 1.0);

  auto target = torch::randn({8, 3, 32});
  shrink_bn_statistics(net, 0.5);
  adapt(net, target, 2);

  auto logits = net->forward(target);
  std::cout << "pred " << logits.argmax(1) << "\n";
  return 0;
}
