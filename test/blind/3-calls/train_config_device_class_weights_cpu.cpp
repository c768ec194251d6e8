// scenario: a trainer reads cfg.device from a config passed by const reference and moves the model and each batch there, but the class weights come from a helper that builds them on the CPU and go straight into cross entropy
// tier: 3
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.h (v1.13.1), c10::impl::check_and_update_common_device, called by the generated CUDA wrapper of nll_loss_forward (RegisterCUDA.cpp) for self, target and the optional weight; a CPU weight with CUDA self fails in common_device_check_failure: "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument weight in method wrapper_nll_loss_forward)"
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

struct TrainConfig {
  torch::Device device{torch::kCUDA, 0};
  int64_t num_classes = 4;
  double lr = 0.05;
};

// Inverse-frequency weights from the label histogram of the training set.
torch::Tensor class_weights(const std::vector<int64_t>& counts) {
  torch::Tensor c = torch::tensor(counts).to(torch::kFloat);
  return c.sum() / (c * static_cast<double>(counts.size()));
}

double train_epoch(const TrainConfig& cfg, torch::nn::Sequential& model, torch::optim::SGD& opt,
                   const torch::Tensor& weights) {
  double total = 0.0;
  for (int b = 0; b < 3; ++b) {
    torch::Tensor x = torch::randn({8, 10}).to(cfg.device);
    torch::Tensor y = torch::randint(0, cfg.num_classes, {8}, torch::kLong).to(cfg.device);
    torch::Tensor logits = model->forward(x);
    torch::Tensor loss = F::cross_entropy(logits, y, F::CrossEntropyFuncOptions().weight(weights)); // BUG
    opt.zero_grad();
    loss.backward();
    opt.step();
    total += loss.item<double>();
  }
  return total / 3.0;
}

int main() {
  const TrainConfig cfg;
  torch::nn::Sequential model(torch::nn::Linear(10, 16), torch::nn::ReLU(), torch::nn::Linear(16, cfg.num_classes));
  model->to(cfg.device);
  torch::optim::SGD opt(model->parameters(), cfg.lr);

  torch::Tensor weights = class_weights({120, 30, 45, 5});
  std::cout << "epoch loss " << train_epoch(cfg, model, opt, weights) << "\n";
  return 0;
}
