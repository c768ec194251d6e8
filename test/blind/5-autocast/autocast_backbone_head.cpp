// scenario: a detector engine runs its convolutional backbone inside an RAII CPU autocast scope it defines, then scores the pooled features with a float32 head after the scope closes
// tier: 5
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <memory>

class CpuAutocastScope {
 public:
  CpuAutocastScope()
      : was_enabled_(at::autocast::is_cpu_enabled()),
        saved_dtype_(at::autocast::get_autocast_cpu_dtype()) {
    at::autocast::set_autocast_cpu_dtype(torch::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  ~CpuAutocastScope() {
    at::autocast::set_cpu_enabled(was_enabled_);
    at::autocast::set_autocast_cpu_dtype(saved_dtype_);
    if (!was_enabled_)
      at::autocast::clear_cache();
  }

 private:
  bool was_enabled_;
  at::ScalarType saved_dtype_;
};

struct Backbone : torch::nn::Module {
  Backbone() {
    conv1 = register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 16, 3).padding(1)));
    conv2 = register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(16, 32, 3).stride(2)));
    embed = register_module("embed", torch::nn::Linear(32, 64));
  }
  torch::Tensor forward(torch::Tensor images) {
    torch::Tensor x = torch::relu(conv1(images));
    x = torch::relu(conv2(x));
    x = torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
    return torch::relu(embed(x));
  }
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::Linear embed{nullptr};
};

class DetectorEngine {
 public:
  DetectorEngine(int64_t num_classes)
      : backbone_(std::make_shared<Backbone>()), head_(torch::nn::Linear(64, num_classes)) {
    backbone_->eval();
    head_->eval();
  }

  torch::Tensor classify(const torch::Tensor& images) {
    torch::NoGradGuard no_grad;
    torch::Tensor features;
    {
      CpuAutocastScope autocast;
      features = backbone_->forward(images);
    }
    torch::Tensor logits = head_(features); // BUG
    return logits.softmax(1);
  }

 private:
  std::shared_ptr<Backbone> backbone_;
  torch::nn::Linear head_;
};

int main() {
  torch::manual_seed(12);
  DetectorEngine engine(/*num_classes=*/5);
  torch::Tensor images = torch::rand({2, 3, 32, 32});
  torch::Tensor probs = engine.classify(images);
  std::cout << "top class " << probs.argmax(1) << "\n";
  return 0;
}
