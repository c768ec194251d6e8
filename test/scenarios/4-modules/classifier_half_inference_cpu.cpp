// scenario: a classifier and its input are both converted to float16 to speed up CPU inference
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in, int64_t classes)
      : backbone(register_module("backbone", torch::nn::Linear(in, 32))),
        head(register_module("head", torch::nn::Linear(32, classes))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    auto h = backbone->forward(x); // BUG
    return head->forward(h.clamp_min(0));
  }

  torch::nn::Linear backbone, head;
};
TORCH_MODULE(Classifier);

int main() {
  torch::manual_seed(0);
  Classifier model(20, 5);
  model->eval();
  model->to(torch::kHalf);
  torch::NoGradGuard no_grad;
  auto batch = torch::randn({4, 20}).to(torch::kHalf);
  auto logits = model->forward(batch);
  std::cout << logits.argmax(1) << "\n";
  return 0;
}
