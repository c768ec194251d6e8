// scenario: a runtime config loads the fp16 classifier head on CUDA, and falls back to the CPU without changing the dtype
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <optional>

struct RuntimeConfig {
  torch::Device device = torch::kCPU;
  torch::Dtype dtype = torch::kFloat32;
  int64_t batch_size = 8;
};

static RuntimeConfig make_config(std::optional<torch::Dtype> dtype_override) {
  RuntimeConfig cfg;
  cfg.device = torch::cuda::is_available() ? torch::Device(torch::kCUDA) : torch::Device(torch::kCPU);
  // the head was exported in half precision to halve its memory footprint
  cfg.dtype = dtype_override.value_or(torch::kFloat16);
  return cfg;
}

struct ClassifierHeadImpl : torch::nn::Module {
  ClassifierHeadImpl(int64_t in, int64_t hidden, int64_t classes)
      : fc1(register_module("fc1", torch::nn::Linear(in, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, classes))),
        drop(register_module("drop", torch::nn::Dropout(0.1))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = fc1(x); // BUG
    h = drop(torch::relu(h));
    return fc2(h);
  }

  torch::nn::Linear fc1, fc2;
  torch::nn::Dropout drop;
};
TORCH_MODULE(ClassifierHead);

int main() {
  const RuntimeConfig cfg = make_config(std::nullopt);
  ClassifierHead head(64, 128, 10);
  head->to(cfg.device, cfg.dtype);
  head->eval();

  torch::NoGradGuard no_grad;
  auto features = torch::randn({cfg.batch_size, 64}).to(cfg.device, cfg.dtype);
  auto logits = head->forward(features);
  auto pred = logits.argmax(1);
  std::cout << "predictions " << pred << "\n";
  return 0;
}
