// scenario: imbalanced-classification Trainer moves its model to CUDA in setup(); the class-weight tensor it computed from label counts is a plain Trainer member and stays on the CPU
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: PyTorch v1.13.1 native_functions.yaml declares nll_loss_forward.output structured with a CUDA kernel and no device_check: NoCheck, so torchgen/dest/register_dispatch_key.py (gen_device_check) emits c10::impl::check_and_update_common_device for self, target and weight; aten/src/ATen/core/op_registration/adaption.cpp common_device_check_failure raises "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu! (when checking argument for argument weight ...)"
// raises: Expected all tensors to be on the same device
#include <torch/torch.h>
#include <iostream>
#include <vector>

namespace F = torch::nn::functional;

struct DefectNetImpl : torch::nn::Module {
  DefectNetImpl(int64_t in, int64_t classes) {
    body_ = register_module("body", torch::nn::Sequential(torch::nn::Linear(in, 64),
                                                          torch::nn::ReLU(),
                                                          torch::nn::Dropout(0.1),
                                                          torch::nn::Linear(64, classes)));
  }
  torch::Tensor forward(const torch::Tensor& x) { return body_->forward(x); }
  torch::nn::Sequential body_{nullptr};
};
TORCH_MODULE(DefectNet);

class Trainer {
 public:
  Trainer(DefectNet model, const torch::Tensor& train_labels, int64_t classes)
      : model_(std::move(model)), device_(torch::kCUDA) {
    // Inverse-frequency weights, normalised to mean 1.
    auto counts = torch::bincount(train_labels, /*weights=*/{}, classes).to(torch::kFloat);
    class_weights_ = counts.sum() / (counts.clamp_min(1) * classes);
  }

  void setup() {
    model_->to(device_);
    optimizer_ = std::make_unique<torch::optim::AdamW>(model_->parameters(),
                                                       torch::optim::AdamWOptions(1e-3));
  }

  double step(const torch::Tensor& x, const torch::Tensor& y) {
    model_->train();
    optimizer_->zero_grad();
    auto logits = model_->forward(x.to(device_));
    auto loss = F::cross_entropy(logits, y.to(device_),
                                 F::CrossEntropyFuncOptions().weight(class_weights_)); // BUG
    loss.backward();
    optimizer_->step();
    return loss.item<double>();
  }

 private:
  DefectNet model_;
  torch::Device device_;
  torch::Tensor class_weights_;
  std::unique_ptr<torch::optim::AdamW> optimizer_;
};

int main() {
  torch::manual_seed(53);
  auto labels = torch::tensor(std::vector<int64_t>{0, 0, 0, 0, 0, 0, 1, 1, 2, 0, 0, 1});
  Trainer trainer(DefectNet(/*in=*/20, /*classes=*/3), labels, 3);
  trainer.setup();
  auto x = torch::randn({12, 20});
  for (int epoch = 0; epoch < 2; ++epoch)
    std::cout << "epoch " << epoch << " loss " << trainer.step(x, labels) << "\n";
  return 0;
}
