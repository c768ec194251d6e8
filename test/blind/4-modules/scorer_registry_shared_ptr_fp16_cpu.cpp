// scenario: a scoring service keeps shared_ptr scorers in a map by model size; the large scorer is converted to float16 to fit the memory budget and then served on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <memory>
#include <string>

class ScorerImpl : public torch::nn::Module {
 public:
  ScorerImpl(int64_t in, int64_t hidden)
      : fc_(register_module("fc", torch::nn::Linear(in, hidden))),
        out_(register_module("out", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    torch::Tensor h = fc_->forward(x); // BUG
    return out_->forward(torch::relu(h)).squeeze(-1);
  }

  torch::Dtype param_dtype() { return fc_->weight.scalar_type(); }

 private:
  torch::nn::Linear fc_;
  torch::nn::Linear out_;
};

using ScorerRegistry = std::map<std::string, std::shared_ptr<ScorerImpl>>;

ScorerRegistry load_registry(int64_t in) {
  ScorerRegistry registry;
  registry["small"] = std::make_shared<ScorerImpl>(in, 16);
  auto large = std::make_shared<ScorerImpl>(in, 256);
  large->to(torch::kHalf); // the budget allows 2 bytes per parameter
  registry["large"] = large;
  return registry;
}

int main() {
  torch::manual_seed(13);
  ScorerRegistry registry = load_registry(32);
  torch::Tensor batch = torch::randn({4, 32});

  torch::NoGradGuard no_grad;
  for (const auto& [name, scorer] : registry) {
    torch::Tensor input = batch.to(scorer->param_dtype());
    torch::Tensor scores = scorer->forward(input);
    std::cout << name << " scores " << scores.to(torch::kFloat) << "\n";
  }
  return 0;
}
