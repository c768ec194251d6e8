// scenario: a residual MLP keeps its blocks in a ModuleList; a checkpoint loader assigns exported float64 arrays to the fc parameters with set_data
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <string>
#include <unordered_map>

struct ResidualBlock : torch::nn::Module {
  explicit ResidualBlock(int64_t dim)
      : fc(register_module("fc", torch::nn::Linear(dim, dim))),
        norm(register_module("norm", torch::nn::LayerNorm(torch::nn::LayerNormOptions({dim})))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    torch::Tensor h = fc(x); // BUG
    return norm(x + torch::gelu(h));
  }

  torch::nn::Linear fc;
  torch::nn::LayerNorm norm;
};

struct ResidualMLP : torch::nn::Module {
  ResidualMLP(int64_t dim, int depth, int64_t outputs) {
    blocks = register_module("blocks", torch::nn::ModuleList());
    for (int i = 0; i < depth; ++i)
      blocks->push_back(std::make_shared<ResidualBlock>(dim));
    out = register_module("out", torch::nn::Linear(dim, outputs));
  }

  torch::Tensor forward(torch::Tensor x) {
    for (const auto& block : *blocks)
      x = block->as<ResidualBlock>()->forward(x);
    return out(x);
  }

  torch::nn::ModuleList blocks{nullptr};
  torch::nn::Linear out{nullptr};
};

std::unordered_map<std::string, torch::Tensor> read_exported_weights(torch::nn::Module& like) {
  std::unordered_map<std::string, torch::Tensor> weights;
  for (const auto& item : like.named_parameters())
    weights[item.key()] = torch::randn(item.value().sizes(), torch::kFloat64) * 0.05;
  return weights;
}

int load_fc_weights(torch::nn::Module& model,
                    const std::unordered_map<std::string, torch::Tensor>& weights) {
  torch::NoGradGuard no_grad;
  int loaded = 0;
  for (auto& item : model.named_parameters()) {
    if (item.key().find(".fc.") == std::string::npos)
      continue;
    item.value().set_data(weights.at(item.key()));
    ++loaded;
  }
  return loaded;
}

int main() {
  torch::manual_seed(4);
  auto model = std::make_shared<ResidualMLP>(24, 3, 2);
  auto weights = read_exported_weights(*model);
  int loaded = load_fc_weights(*model, weights);
  std::cout << "loaded " << loaded << " fc tensors\n";

  model->eval();
  torch::NoGradGuard no_grad;
  torch::Tensor batch = torch::randn({5, 24});
  torch::Tensor logits = model->forward(batch);
  std::cout << logits.argmax(1) << "\n";
  return 0;
}
