// scenario: a ranking model held in a shared_ptr is moved to CUDA; the scoring loop builds its feature batch on the CPU
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.cpp (1.13.1): common_device_check_failure, from the device check of the generated CUDA wrapper of addmm (wrapper_addmm, argument mat1) that nn::Linear's forward reaches with a CUDA bias and a CPU input
// raises: Expected all tensors to be on the same device, but found at least two devices
#include <torch/torch.h>
#include <iostream>
#include <memory>

struct RankerImpl : torch::nn::Module {
  RankerImpl(int64_t features) {
    fc1 = register_module("fc1", torch::nn::Linear(features, 32));
    fc2 = register_module("fc2", torch::nn::Linear(32, 1));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return fc2(torch::relu(fc1(x))).squeeze(1); // BUG
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};

int main() {
  torch::manual_seed(0);
  auto model = std::make_shared<RankerImpl>(10);
  model->to(torch::Device(torch::kCUDA, 0));
  model->eval();
  torch::NoGradGuard no_grad;
  auto batch = torch::randn({16, 10});
  auto scores = model->forward(batch);
  std::cout << std::get<1>(scores.topk(3)) << "\n";
  return 0;
}
