// scenario: a mixed-precision recipe table maps "fp16"/"bf16" to an autocast dtype and applies it to CPU autocast in a scope guard
// tier: 5
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: Currently, AutocastCPU only support Bfloat16 as the autocast_cpu_dtype
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <map>
#include <string>

struct PrecisionRecipe {
  bool autocast = false;
  at::ScalarType dtype = at::kFloat;
  double grad_scale = 1.0;
};

const std::map<std::string, PrecisionRecipe>& recipes() {
  static const std::map<std::string, PrecisionRecipe> table = {
      {"fp32", {false, at::kFloat, 1.0}},
      {"bf16", {true, at::kBFloat16, 1.0}},
      {"fp16", {true, at::kHalf, 65536.0}},
  };
  return table;
}

class AutocastScope {
 public:
  explicit AutocastScope(const PrecisionRecipe& r) : active_(r.autocast) {
    if (!active_) return;
    prev_dtype_ = at::autocast::get_autocast_cpu_dtype();
    at::autocast::set_autocast_cpu_dtype(r.dtype); // BUG
    at::autocast::set_cpu_enabled(true);
  }
  ~AutocastScope() {
    if (!active_) return;
    at::autocast::set_cpu_enabled(false);
    at::autocast::set_autocast_cpu_dtype(prev_dtype_);
    at::autocast::clear_cache();
  }

 private:
  bool active_;
  at::ScalarType prev_dtype_ = at::kBFloat16;
};

int main() {
  torch::manual_seed(37);
  const PrecisionRecipe& recipe = recipes().at("fp16");
  torch::nn::Sequential net(torch::nn::Linear(16, 32), torch::nn::ReLU(), torch::nn::Linear(32, 3));
  torch::optim::SGD opt(net->parameters(), torch::optim::SGDOptions(0.05));

  for (int step = 0; step < 2; ++step) {
    auto x = torch::randn({8, 16});
    auto y = torch::randint(3, {8}, torch::kLong);
    torch::Tensor loss;
    {
      AutocastScope scope(recipe);
      loss = torch::nn::functional::cross_entropy(net->forward(x), y);
    }
    opt.zero_grad();
    (loss * recipe.grad_scale).backward();
    for (auto& p : net->parameters()) p.mutable_grad().div_(recipe.grad_scale);
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
