// scenario: model zoo registry of shared_ptr<Module> blocks; the chosen model is moved to float64 and a recursive walk over its module tree finds the parameter dtype the input is cast to
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>

struct ResidualBlockImpl : torch::nn::Module {
  explicit ResidualBlockImpl(int64_t dim)
      : norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))),
        fc(register_module("fc", torch::nn::Linear(dim, dim))) {}
  torch::Tensor forward(const torch::Tensor &x) { return x + torch::gelu(fc(norm(x))); }
  torch::nn::LayerNorm norm;
  torch::nn::Linear fc;
};
TORCH_MODULE(ResidualBlock);

struct TowerImpl : torch::nn::Module {
  explicit TowerImpl(int64_t dim) {
    for (int i = 0; i < 3; ++i)
      blocks->push_back(ResidualBlock(dim));
    register_module("blocks", blocks);
    out = register_module("out", torch::nn::Linear(dim, 1));
  }
  torch::Tensor forward(torch::Tensor x) { return out(blocks->forward(x)); }
  torch::nn::Sequential blocks;
  torch::nn::Linear out{nullptr};
};
TORCH_MODULE(Tower);

// depth-first: the first module in the tree that owns parameters decides
std::optional<torch::Dtype> find_param_dtype(const torch::nn::Module &m) {
  for (const auto &p : m.parameters(/*recurse=*/false))
    return p.scalar_type();
  for (const auto &child : m.children())
    if (auto d = find_param_dtype(*child))
      return d;
  return std::nullopt;
}

int count_modules(const torch::nn::Module &m) {
  int n = 1;
  for (const auto &child : m.children())
    n += count_modules(*child);
  return n;
}

int main() {
  torch::manual_seed(12);
  std::map<std::string, std::shared_ptr<torch::nn::Module>> zoo;
  zoo["tower-small"] = Tower(16).ptr();
  zoo["tower-wide"] = Tower(64).ptr();

  auto model = std::dynamic_pointer_cast<TowerImpl>(zoo.at("tower-small"));
  // the regression target spans many orders of magnitude: run this one in double
  model->to(torch::kFloat64);

  for (const auto &[name, m] : zoo)
    std::cout << name << ": " << count_modules(*m) << " modules\n";

  auto dtype = find_param_dtype(*model).value_or(torch::kFloat32);
  auto x = torch::randn({10, 16}).to(dtype);
  auto y = model->forward(x);
  std::cout << "output " << y.dtype() << " mean " << y.mean().item<double>() << "\n";
  return 0;
}
