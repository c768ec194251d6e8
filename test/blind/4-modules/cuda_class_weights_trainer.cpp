// scenario: a trainer class computes class weights from the label histogram on the CPU in its constructor and later moves only the model to CUDA in to_device()
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: PyTorch v1.13.1 aten/src/ATen/core/op_registration/adaption.cpp, c10::impl::common_device_check_failure, raised by the device check of the generated CUDA wrapper of nll_loss_forward (self on cuda:0, weight on cpu): "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
#include <torch/torch.h>
#include <iostream>
#include <memory>

struct DefectNet : torch::nn::Module {
  DefectNet(int64_t features, int64_t classes) {
    body = register_module("body", torch::nn::Sequential(torch::nn::Linear(features, 64), torch::nn::ReLU(),
                                                          torch::nn::Linear(64, classes)));
  }
  torch::Tensor forward(const torch::Tensor& x) { return body->forward(x); }
  torch::nn::Sequential body{nullptr};
};

class Trainer {
 public:
  Trainer(std::shared_ptr<DefectNet> model, const torch::Tensor& train_labels, int64_t classes)
      : model_(std::move(model)),
        optimizer_(model_->parameters(), torch::optim::AdamWOptions(3e-4)) {
    torch::Tensor counts = torch::bincount(train_labels, {}, classes).to(torch::kFloat32);
    class_weights_ = counts.sum() / (counts.clamp_min(1) * classes);
  }

  void to_device(torch::Device device) {
    device_ = device;
    model_->to(device);
  }

  float step(const torch::Tensor& features, const torch::Tensor& labels) {
    torch::Tensor x = features.to(device_);
    torch::Tensor y = labels.to(device_);
    optimizer_.zero_grad();
    torch::Tensor logits = model_->forward(x);
    torch::Tensor loss = torch::nn::functional::cross_entropy(
        logits, y, torch::nn::functional::CrossEntropyFuncOptions().weight(class_weights_)); // BUG
    loss.backward();
    optimizer_.step();
    return loss.item<float>();
  }

 private:
  std::shared_ptr<DefectNet> model_;
  torch::optim::AdamW optimizer_;
  torch::Tensor class_weights_;
  torch::Device device_ = torch::kCPU;
};

int main() {
  torch::manual_seed(0);
  const int64_t classes = 4;
  torch::Tensor labels = torch::randint(0, classes, {256});
  torch::Tensor features = torch::randn({256, 20});

  Trainer trainer(std::make_shared<DefectNet>(20, classes), labels, classes);
  trainer.to_device(torch::Device(torch::kCUDA, 0));
  for (int epoch = 0; epoch < 3; ++epoch)
    std::cout << "epoch " << epoch << " loss " << trainer.step(features, labels) << "\n";
  return 0;
}
